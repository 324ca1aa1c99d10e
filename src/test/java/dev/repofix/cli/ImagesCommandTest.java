package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.exec.SandboxImage;
import java.util.List;
import org.junit.jupiter.api.Test;

class ImagesCommandTest {
    @Test
    void noFamilyMeansEveryImage() {
        assertThat(ImagesCommand.families(List.of())).containsExactly(SandboxImage.values());
    }

    @Test
    void familiesAreTakenInTheGivenOrderOnceEach() {
        assertThat(ImagesCommand.families(List.of("python", "JVM", "python")))
                .containsExactly(SandboxImage.PYTHON, SandboxImage.JVM);
    }

    @Test
    void anUnknownFamilyIsBadInputNamingTheKnownOnes() {
        assertThatThrownBy(() -> ImagesCommand.families(List.of("cobol")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("cobol").hasMessageContaining("jvm, python, node, rust, go");
    }
}
