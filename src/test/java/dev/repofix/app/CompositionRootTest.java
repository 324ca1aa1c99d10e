package dev.repofix.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompositionRootTest {
    @TempDir
    Path dir;

    private CompositionRoot root(Map<ConfigKey, String> given) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        flags.put(ConfigKey.SANDBOX, "local");
        flags.putAll(given);
        HostEnvironment host = new HostEnvironment(Map.of("HOME", dir.toString()));
        return new CompositionRoot(Settings.of(ConfigResolver.resolve(flags, host, Optional.empty())),
                new Environment(host, Clock.systemUTC(), dir, false));
    }

    /** A run that stops at its checkout: its record is all this needs, and no test runs. */
    private static RunResult runOnAMissingRepository(CompositionRoot root, Path missing) {
        RunConfig config = root.settings().run().runConfig(missing.toString(), Optional.empty(),
                missing.resolveSibling("out"), root.environment().host());
        try (Executor executor = root.executor(new PrintWriter(new StringWriter()))) {
            return root.pipeline(executor, CompositionRoot.plainBuiltin(), ProgressListener.none()).run(config);
        }
    }

    @Test
    void aRunsRecordHasTheIdItsContainersAreLabelledWith() {
        CompositionRoot root = root(Map.of(ConfigKey.SANDBOX_MEMORY, "1g"));

        RunResult record = runOnAMissingRepository(root, dir.resolve("no-such-repo"));

        assertThat(root.sandboxSettings().runId()).isEqualTo(root.runId());
        assertThat(record.runId()).isEqualTo(root.runId());
        assertThat(root.sandboxSettings().limits().memoryBytes()).isEqualTo(1L << 30);
    }

    @Test
    void eachInvocationHasItsOwnRunId() {
        assertThat(root(Map.of()).runId()).isNotEqualTo(root(Map.of()).runId());
    }

    @Test
    void theCasesOfOneInvocationAreNumberedUnderItsRunId() {
        CompositionRoot root = root(Map.of());
        try (Executor executor = new LocalProcessExecutor(Clock.systemUTC())) {
            var pipeline = root.casePipeline(dir.resolve("copies"), executor, CompositionRoot.plainBuiltin());
            RunConfig config = root.settings().run().runConfig(dir.resolve("missing").toString(), Optional.empty(),
                    dir.resolve("out"), root.environment().host());

            assertThat(pipeline.run(config).runId()).isEqualTo(root.runId() + ".1");
            assertThat(pipeline.run(config).runId()).isEqualTo(root.runId() + ".2");
        }
    }

    @Test
    void workspaceCopiesGoToTheWorkFolderElseTheTempFolder() {
        assertThat(root(Map.of()).workDir()).isEqualTo(dir);
        assertThat(root(Map.of(ConfigKey.WORK_DIR, dir.resolve("w").toString())).workDir()).isEqualTo(dir.resolve("w"));
    }

    @Test
    void warmJvmScreeningResolvesIntoTheConfiguredCacheFolder() {
        Path cache = dir.resolve("cache");

        assertThat(root(Map.of(ConfigKey.CACHE_DIR, cache.toString())).platformJarsDir())
                .isEqualTo(cache.resolve("tools").resolve("junit-platform"));
    }

    @Test
    void theBuiltinEngineIsTheDefaultAndAModelIsNamedInTheRecord() throws Exception {
        Files.writeString(dir.resolve("answers.jsonl"), "");
        CompositionRoot builtin = root(Map.of());
        CompositionRoot replay = root(Map.of(ConfigKey.MODEL, "replay:" + dir.resolve("answers.jsonl")));
        try (Executor executor = new LocalProcessExecutor(Clock.systemUTC())) {
            assertThat(builtin.engine(executor).model()).isEqualTo("builtin");
            assertThat(replay.engine(executor).model()).isEqualTo("replay:" + dir.resolve("answers.jsonl"));
        }
    }
}
