package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Where a missing sandbox image comes from: the {@code sandbox-pull} and {@code sandbox-base} values. */
class ImageSourceTest {
    @Test
    void aPullPatternGivesEachFamilysPublishedImage() {
        ImageSource source = ImageSource.of(" 127.0.0.1:5000/acme/repofix-sandbox-{family}:1.2.3 ", "");

        assertThat(source.pullReference(SandboxImage.JVM)).contains("127.0.0.1:5000/acme/repofix-sandbox-jvm:1.2.3");
        assertThat(source.pullReference(SandboxImage.GO)).contains("127.0.0.1:5000/acme/repofix-sandbox-go:1.2.3");
        assertThat(source.buildBase()).as("no base given: the Dockerfiles' own").isEqualTo("debian:trixie-slim");
    }

    @Test
    void blankValuesPullNothingAndBuildFromTheDockerfilesBase() {
        ImageSource source = ImageSource.of("  ", "");

        assertThat(source).isEqualTo(ImageSource.buildOnly());
        assertThat(source.pullReference(SandboxImage.PYTHON)).isEmpty();
        assertThat(ImageSource.of("", "repofix-base:trixie").buildBase()).isEqualTo("repofix-base:trixie");
    }

    @Test
    void refusesAPatternWithoutFamilyOrThatIsNoReference() {
        assertThatThrownBy(() -> ImageSource.of("acme/repofix-sandbox-jvm:1", ""))
                .isInstanceOf(ConfigException.class).hasMessageContaining("sandbox-pull 'acme/repofix-sandbox-jvm:1'")
                .hasMessageContaining("{family}");
        assertThatThrownBy(() -> ImageSource.of("Acme Images/{family}", "")).isInstanceOf(ConfigException.class);
        assertThatThrownBy(() -> ImageSource.of("", "not a base")).isInstanceOf(ConfigException.class)
                .hasMessageContaining("sandbox-base 'not a base'");
    }

    @Test
    void referencesSplitIntoRepositoryAndTagAsTheEngineTakesThem() {
        assertThat(ImageSupply.Reference.parse("127.0.0.1:5000/acme/repofix-sandbox-jvm:1.2.3"))
                .isEqualTo(new ImageSupply.Reference("127.0.0.1:5000/acme/repofix-sandbox-jvm", "1.2.3"));
        assertThat(ImageSupply.Reference.parse("127.0.0.1:5000/acme/img"))
                .as("a port is no tag").isEqualTo(new ImageSupply.Reference("127.0.0.1:5000/acme/img", "latest"));
        assertThat(ImageSupply.Reference.parse("acme/img@sha256:abc"))
                .isEqualTo(new ImageSupply.Reference("acme/img", "sha256:abc"));
    }

    @Test
    void aFamilysRepositoryAtAnyTagIsThatFamilysImage() {
        assertThat(SandboxImage.ofReference("repofix/sandbox-rust:1")).contains(SandboxImage.RUST);
        assertThat(SandboxImage.ofReference("repofix/sandbox-python:test-1")).contains(SandboxImage.PYTHON);
        assertThat(SandboxImage.ofReference("repofix/sandbox-missing:0")).isEmpty();
        assertThat(SandboxImage.ofReference("acme/repofix/sandbox-jvm:1")).isEmpty();
        assertThat(Optional.of(ImageSource.DEFAULT_BASE)).contains("debian:trixie-slim");
    }
}
