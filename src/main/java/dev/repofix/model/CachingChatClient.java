package dev.repofix.model;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A response cache on disk in front of another client: one JSON file per request, named by the
 * SHA-256 of the client's name (which carries the model), the messages, max tokens and
 * temperature. Hits are {@code cached}. A corrupt file is ignored and overwritten; writes go to a
 * temporary file first and are moved into place, so readers never see half a file. Thread-safe.
 */
public final class CachingChatClient implements ChatClient {
    private static final Logger LOG = LoggerFactory.getLogger(CachingChatClient.class);

    private final ChatClient delegate;
    private final Path directory;
    private final ObjectMapper json = new ObjectMapper();

    /** Caches in {@code directory}, created when first written to. */
    public CachingChatClient(ChatClient delegate, Path directory) {
        this.delegate = Objects.requireNonNull(delegate, "delegate");
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        Path file = directory.resolve(RequestKeys.cacheKey(delegate.name(), request) + ".json");
        Optional<ChatResponse> hit = read(file);
        if (hit.isPresent()) {
            return hit.get();
        }
        ChatResponse response = delegate.complete(request);
        write(file, Exchange.of(request, response));
        return response;
    }

    @Override
    public String name() {
        return delegate.name();
    }

    private Optional<ChatResponse> read(Path file) {
        try {
            return Optional.of(Exchange.parse(json, Files.readString(file)).toResponse());
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (JsonProcessingException e) {
            LOG.warn("ignoring the corrupt cache file {} ({}); it will be overwritten", file, e.getOriginalMessage());
            return Optional.empty();
        } catch (IOException e) {
            LOG.warn("cannot read the cache file {} ({}); asking the model", file, e.toString());
            return Optional.empty();
        }
    }

    /** A failed write costs only a later cache miss, so it is a warning. */
    private void write(Path file, Exchange exchange) {
        Path temp = null;
        try {
            Files.createDirectories(directory);
            temp = Files.createTempFile(directory, ".cache-", ".tmp");
            Files.writeString(temp, exchange.toJson(json));
            move(temp, file);
        } catch (IOException e) {
            LOG.warn("cannot write the cache file {} ({})", file, e.toString());
            deleteQuietly(temp);
        }
    }

    private static void move(Path temp, Path file) throws IOException {
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static void deleteQuietly(Path temp) {
        if (temp == null) {
            return;
        }
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            LOG.debug("cannot delete {}: {}", temp, e.toString());
        }
    }
}
