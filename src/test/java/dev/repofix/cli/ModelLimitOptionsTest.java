package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.app.Environment;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ModelLimits;
import dev.repofix.config.ModelSpec;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The model's limits from fix's flags and from the Action's inputs. */
class ModelLimitOptionsTest {
    private static ModelLimits limits(Map<String, String> env, String... args) {
        HostEnvironment host = new HostEnvironment(env);
        FixCommand cmd = CommandLine.populateCommand(
                new FixCommand(new Environment(host, Clock.systemUTC(), Path.of("build-tmp"), false)), args);
        return ModelSpec.of(cmd.options.resolve(host, Optional.empty())).limits();
    }

    @Test
    void flagsSetTheModelsLimits() {
        assertThat(limits(Map.of(), "--model-context", "4096", "--max-answer-tokens", "512", "--model-timeout", "2m",
                "--model-concurrency", "1"))
                .isEqualTo(new ModelLimits(OptionalInt.of(4096), 512, Optional.of(Duration.ofMinutes(2)),
                        OptionalInt.of(1)));
    }

    @Test
    void evalCommandsTakeTheSameFlags() {
        HostEnvironment host = new HostEnvironment(Map.of());
        EvalRunCommand run = CommandLine.populateCommand(new EvalRunCommand(new Environment(host, Clock.systemUTC(),
                Path.of("build-tmp"), false)), "--cases", "cases.jsonl", "--out", "out", "--model-context", "2048",
                "--model-concurrency", "2", "--model-timeout", "45s", "--max-answer-tokens", "300");

        assertThat(run.options.settings(host, Optional.empty()).model().limits())
                .isEqualTo(new ModelLimits(OptionalInt.of(2048), 300, Optional.of(Duration.ofSeconds(45)),
                        OptionalInt.of(2)));
    }

    @Test
    void actionInputsSetThemToo() {
        assertThat(limits(Map.of("INPUT_MODEL-CONTEXT", "8k", "INPUT_MAX-ANSWER-TOKENS", "1024")))
                .isEqualTo(new ModelLimits(OptionalInt.of(8192), 1024, Optional.empty(), OptionalInt.empty()));
    }
}
