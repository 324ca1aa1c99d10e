package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunConfigTest {
    private static RunConfig withTestFiles(List<String> files) {
        return RunSettings.defaults().withTestFiles(files).runConfig("repo", Optional.empty(), Path.of("out"),
                new HostEnvironment(Map.of()));
    }

    @Test
    void carriesTheTestFilesOfItsSettings() {
        assertThat(withTestFiles(List.of("tests/test_a.py", "tests/test_b.py")).testFiles())
                .containsExactly("tests/test_a.py", "tests/test_b.py");
        assertThat(RunSettings.defaults().runConfig("repo", Optional.empty(), Path.of("out"),
                new HostEnvironment(Map.of())).testFiles()).isEmpty();
    }

    @Test
    void refusesATestFileOutsideTheRepositoryOrReadAsAnOption() {
        for (String bad : List.of("../x/test_a.py", "/abs/test_a.py", "-k test_a.py", "tests/../../test_a.py", " ")) {
            assertThatThrownBy(() -> withTestFiles(List.of("tests/test_ok.py", bad))).as(bad)
                    .isInstanceOf(ConfigException.class).hasMessageContaining("repository-relative path");
        }
    }
}
