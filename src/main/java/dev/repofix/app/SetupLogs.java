package dev.repofix.app;

import dev.repofix.env.EnvironmentStore;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.eval.result.ResultStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The set-up logs of the environments a benchmark's cases ran in, kept with the results
 * ({@code OUT/environments/<key>.log}, one per environment, whichever case set it up or reused
 * it): the cache folder's copy is replaced by the next set-up and removed by a prune.
 */
final class SetupLogs {
    static final String FOLDER = "environments";
    private static final Logger LOG = LoggerFactory.getLogger(SetupLogs.class);

    private SetupLogs() {}

    /**
     * Copies the set-up log of {@code prepared} into {@code results}; the copy's path relative to
     * {@code results}, empty when the environment has no log (nothing prepared) or it cannot be
     * copied (logged: a log is no reason to lose a result).
     */
    static Optional<String> keep(PreparedEnvironment prepared, Path results) {
        Optional<Path> log = EnvironmentStore.setupLog(prepared);
        if (log.isEmpty()) {
            return Optional.empty();
        }
        String name = log.get().getFileName().toString();
        try {
            ResultStore.writeAtomically(results.resolve(FOLDER).resolve(name),
                    Files.readString(log.get(), StandardCharsets.UTF_8));
            return Optional.of(FOLDER + "/" + name);
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot keep the set-up log {} with the results: {}", log.get(), e.getMessage());
            return Optional.empty();
        }
    }
}
