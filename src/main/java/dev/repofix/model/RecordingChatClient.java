package dev.repofix.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Objects;

/**
 * Passes each request to another client and appends the exchange to a JSONL recording that
 * {@link ReplayChatClient} answers from. Thread-safe: lines never interleave, and each is on
 * disk before its answer is returned.
 */
public final class RecordingChatClient implements ChatClient {
    private final ChatClient delegate;
    private final Path file;
    private final ObjectMapper json = new ObjectMapper();
    private final Object lock = new Object();

    /** Records to {@code file} (created with its folders if missing, appended to if present). */
    public RecordingChatClient(ChatClient delegate, Path file) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.file = Objects.requireNonNull(file, "file");
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        ChatResponse response = delegate.complete(request);
        String line = Exchange.of(request, response).toJson(json) + "\n";
        synchronized (lock) {
            try {
                Path parent = file.toAbsolutePath().getParent();
                Files.createDirectories(parent);
                Files.writeString(file, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new ModelException(ErrorKind.RUNTIME, "cannot append to the recording " + file + ": "
                        + e.getMessage(), e);
            }
        }
        return response;
    }

    @Override
    public String name() {
        return delegate.name();
    }
}
