package dev.repofix.workspace;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of one run that a {@link ConfinedReader} refused to read for a reason worth
 * telling the user (a link that leads outside the repository, a device or fifo), each
 * named once, in the order first refused. The pipeline puts them in the run's notes.
 * Thread-safe.
 */
public final class Refusals {
    private final Map<String, FileRead.Reason> noted = new LinkedHashMap<>();

    /** Keeps {@code refused} when its reason is {@linkplain FileRead.Reason#noted() worth a note}. */
    public synchronized void record(FileRead.Refused refused) {
        if (refused.reason().noted()) {
            noted.putIfAbsent(refused.path(), refused.reason());
        }
    }

    /** One note per refused file: {@code not read: inventory/env.py: a link that leads outside the repository}. */
    public synchronized List<String> notes() {
        List<String> out = new ArrayList<>();
        noted.forEach((path, reason) -> out.add("not read: " + path + ": " + reason.describe()));
        return List.copyOf(out);
    }
}
