package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SetupSettingTest {
    @TempDir
    Path dir;

    private RunSettings fromRepositoryFile(String yaml) throws Exception {
        Path file = Files.writeString(dir.resolve(".repofix.yml"), yaml);
        return RunSettings.of(ConfigResolver.resolve(new EnumMap<>(ConfigKey.class), new HostEnvironment(Map.of()),
                Optional.of(SettingsFile.repository(file))));
    }

    @Test
    void theRepositorysFileGivesSetupAsAYamlListAndItsPythonVersion() throws Exception {
        RunSettings run = fromRepositoryFile("""
                setup:
                  - pip install -e .[tests]
                  - pip install simplejson
                python-version: "3.9"
                """);

        assertThat(run.setup()).containsExactly("pip install -e .[tests]", "pip install simplejson");
        assertThat(run.pythonVersion()).contains("3.9");
    }

    @Test
    void aSingleSetupCommandMayBeAPlainValue() throws Exception {
        assertThat(fromRepositoryFile("setup: make deps\n").setup()).containsExactly("make deps");
    }

    @Test
    void theVariableGivesOneCommandALine() {
        RunSettings run = RunSettings.of(ConfigResolver.resolve(new EnumMap<>(ConfigKey.class), new HostEnvironment(
                Map.of("REPOFIX_SETUP", "pip install a\n\n  pip install b  \n")), Optional.empty()));

        assertThat(run.setup()).containsExactly("pip install a", "pip install b");
    }

    @Test
    void aSetupListOfMapsIsRefusedWithWhatItMustBe() throws Exception {
        assertThatThrownBy(() -> fromRepositoryFile("setup:\n  - run: x\n"))
                .isInstanceOf(ConfigException.class).hasMessageContaining("list of one-line shell commands");
    }

    @Test
    void withoutSetupTheDetectedStepsApply() {
        assertThat(RunSettings.defaults().setup()).isEmpty();
        assertThat(RunSettings.defaults().pythonVersion()).isEmpty();
        assertThat(RunSettings.defaults().withJobs(3).setup()).isEqualTo(List.of());
    }
}
