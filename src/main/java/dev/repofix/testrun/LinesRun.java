package dev.repofix.testrun;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The source lines the tests ran, by file: what the baseline's passing tests ran (from the
 * per-test coverage localization read), and a way to run the same tests under the same
 * coverage in a patched copy, to tell which of those lines a candidate stops running.
 */
public interface LinesRun {
    /** Per repository-relative source file, the lines at least one passing test ran in the baseline; never null. */
    Map<String, Set<Integer>> baseline();

    /** Which tests ran under coverage, for people ("of the whole suite", "from 2 test file(s)"). */
    String tests();

    /**
     * Runs the same tests as {@link #baseline()} came from, under the same coverage, in
     * {@code copy} (a copy of the checkout with a candidate applied), within {@code limit}.
     * Never throws for what the repository does: a run that gives no data is {@link Rerun.NotRun}.
     */
    Rerun rerun(Path copy, Duration limit);

    /** What a run in a patched copy gave. */
    sealed interface Rerun {
        /** @param lines per file, the lines at least one test ran (passing or failing) */
        record Ran(Map<String, Set<Integer>> lines) implements Rerun {
            public Ran {
                lines = copyOf(lines);
            }
        }

        /** @param why what was missing or failed */
        record NotRun(String why) implements Rerun {
            public NotRun {
                Objects.requireNonNull(why, "why");
            }
        }
    }

    /** An unmodifiable, sorted copy of per-file line sets. */
    static Map<String, Set<Integer>> copyOf(Map<String, Set<Integer>> lines) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        lines.forEach((k, v) -> out.put(Objects.requireNonNull(k, "file"), Collections.unmodifiableSet(new TreeSet<>(v))));
        return Collections.unmodifiableMap(out);
    }
}
