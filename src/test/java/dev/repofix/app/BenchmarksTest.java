package dev.repofix.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BenchmarksTest {
    @Test
    void aBenchmarkedRepositoryRunsWithoutRerunsOnOneJob() {
        RunConfig config = Benchmarks.config("examples/maven-bank", new HostEnvironment(Map.of()));

        assertThat(config.repo()).isEqualTo("examples/maven-bank");
        assertThat(config.reruns()).isZero();
        assertThat(config.jobs()).isEqualTo(1);
        assertThat(config.outDir()).isEqualTo(Path.of("target", "bench-out"));
    }
}
