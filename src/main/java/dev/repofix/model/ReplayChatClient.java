package dev.repofix.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * Answers from a recording (JSONL, one {@code Exchange} a line, as {@link RecordingChatClient}
 * writes): the entry for the same stage, case and messages if there is one, else the next
 * unused entry of that stage and case in recorded order, so a re-run replays exactly even
 * when prompts changed. Every answer is {@code cached}. Thread-safe.
 */
public final class ReplayChatClient implements ChatClient {
    private final Path file;
    private final List<Exchange> entries;
    private final boolean[] used;

    /**
     * Reads the whole recording now.
     *
     * @throws ModelException (INPUT) when the file is missing, unreadable or has a line that is no exchange
     */
    public ReplayChatClient(Path file) {
        this.file = Objects.requireNonNull(file, "file");
        this.entries = read(file);
        this.used = new boolean[entries.size()];
    }

    @Override
    public synchronized ChatResponse complete(ChatRequest request) {
        String hash = RequestKeys.messagesHash(request.messages());
        Predicate<Exchange> sameCase = e -> e.stage().equals(request.stage()) && e.caseId().equals(request.caseId());
        Predicate<Exchange> sameRequest = sameCase.and(e -> e.requestHash().equals(hash));
        int index = find(sameRequest, false);
        if (index < 0) {
            index = find(sameCase, false);
        }
        if (index < 0) {
            index = find(sameRequest, true);
        }
        if (index < 0) {
            throw new ModelException(ErrorKind.INPUT, "no recorded answer for stage " + request.stage() + " case "
                    + request.caseId() + " in " + file + "; record one with --record");
        }
        used[index] = true;
        return entries.get(index).toResponse();
    }

    @Override
    public String name() {
        return "replay:" + file.getFileName();
    }

    private int find(Predicate<Exchange> wanted, boolean usedToo) {
        for (int i = 0; i < entries.size(); i++) {
            if ((usedToo || !used[i]) && wanted.test(entries.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static List<Exchange> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new ModelException(ErrorKind.INPUT, "no recording at " + file + "; record one with --record", e);
        } catch (IOException e) {
            throw new ModelException(ErrorKind.INPUT, "cannot read the recording " + file + ": " + e.getMessage(), e);
        }
        ObjectMapper json = new ObjectMapper();
        List<Exchange> entries = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                entries.add(Exchange.parse(json, lines.get(i)));
            } catch (JsonProcessingException e) {
                throw new ModelException(ErrorKind.INPUT, "line " + (i + 1) + " of the recording " + file
                        + " is no recorded answer: " + e.getOriginalMessage(), e);
            }
        }
        return List.copyOf(entries);
    }
}
