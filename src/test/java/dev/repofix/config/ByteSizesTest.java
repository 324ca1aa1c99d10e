package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizesTest {
    @Test
    void readsSizesTheWayDockerWritesThem() {
        assertThat(ByteSizes.parse("512m")).isEqualTo(512L << 20);
        assertThat(ByteSizes.parse("2g")).isEqualTo(2L << 30);
        assertThat(ByteSizes.parse("2GiB")).isEqualTo(2L << 30);
        assertThat(ByteSizes.parse("1.5G")).isEqualTo(3L << 29);
        assertThat(ByteSizes.parse("4096k")).isEqualTo(4L << 20);
        assertThat(ByteSizes.parse("1000")).isEqualTo(1000);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "g", "two gigs", "-1g", "1x", "0"})
    void refusesWhatIsNoSize(String text) {
        assertThatThrownBy(() -> ByteSizes.parse(text)).isInstanceOf(ConfigException.class);
    }

    @Test
    void rendersSizesForPeople() {
        assertThat(ByteSizes.format(2L << 30)).isEqualTo("2 GiB");
        assertThat(ByteSizes.format(3L << 29)).isEqualTo("1.5 GiB");
        assertThat(ByteSizes.format(900)).isEqualTo("900 B");
    }

    @Test
    void aBadSandboxValueNamesItsSourceAndTheRange() {
        ResolvedConfig c = ConfigResolver.resolve(Map.of(ConfigKey.SANDBOX_MEMORY, "lots"),
                new HostEnvironment(Map.of("REPOFIX_SANDBOX_CPUS", "0", "REPOFIX_SANDBOX", "podman")), Optional.empty());

        assertThatThrownBy(() -> c.bytes(ConfigKey.SANDBOX_MEMORY, 64L << 20, 1L << 40))
                .hasMessageContaining("sandbox-memory = 'lots' (from --sandbox-memory) is not a size such as 512m");
        assertThatThrownBy(() -> c.decimal(ConfigKey.SANDBOX_CPUS, 0.01, 1024))
                .hasMessageContaining("sandbox-cpus = '0' (from REPOFIX_SANDBOX_CPUS) must be between 0.01 and 1024");
        assertThatThrownBy(() -> c.choice(ConfigKey.SANDBOX, java.util.List.of("auto", "docker", "local")))
                .hasMessageContaining("is not one of auto, docker, local");
    }

    @Test
    void theSandboxDefaultsAreValid() {
        ResolvedConfig c = ConfigResolver.resolve(Map.of(), new HostEnvironment(Map.of()), Optional.empty());

        assertThat(c.bytes(ConfigKey.SANDBOX_MEMORY, 64L << 20, 1L << 40)).isEqualTo(2L << 30);
        assertThat(c.decimal(ConfigKey.SANDBOX_CPUS, 0.01, 1024)).isEqualTo(2.0);
        assertThat(c.integer(ConfigKey.SANDBOX_PIDS, 16, 1 << 22)).isEqualTo(512);
        assertThat(c.choice(ConfigKey.SANDBOX, java.util.List.of("auto", "docker", "local"))).isEqualTo("auto");
    }
}
