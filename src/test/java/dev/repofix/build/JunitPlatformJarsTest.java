package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JunitPlatformJarsTest {
    @Test
    void readsArtifactsAndVersionsFromTheJarsNames() {
        assertThat(JunitPlatformJars.artifacts(List.of(
                Path.of("/m2/org/junit/platform/junit-platform-engine/1.9.2/junit-platform-engine-1.9.2.jar"),
                Path.of("/m2/junit/junit/4.13.2/junit-4.13.2.jar"),
                Path.of("/m2/org/testng/testng/7.10.2/testng-7.10.2.jar"),
                Path.of("project", "target", "classes"))))
                .containsExactly(Map.entry("junit-platform-engine", "1.9.2"), Map.entry("junit", "4.13.2"),
                        Map.entry("testng", "7.10.2"));
    }

    @Test
    void aJupiterProjectWithoutTheLauncherGetsTheLauncherOfItsEnginesVersion() {
        assertThat(JunitPlatformJars.needed(Map.of("junit-platform-engine", "1.9.2", "junit-jupiter-engine", "5.9.2")))
                .containsExactly("org.junit.platform:junit-platform-launcher:1.9.2");
        assertThat(JunitPlatformJars.needed(Map.of("junit-platform-engine", "6.0.1")))
                .containsExactly("org.junit.platform:junit-platform-launcher:6.0.1");
    }

    @Test
    void aProjectWithTheLauncherAndItsEnginesNeedsNothing() {
        assertThat(JunitPlatformJars.needed(Map.of("junit-platform-engine", "1.11.4", "junit-platform-launcher",
                "1.11.4", "junit", "4.13.2", "junit-vintage-engine", "5.11.4"))).isEmpty();
    }

    @Test
    void aJunit4ProjectGetsTheVintageEngineAndItsLauncher() {
        assertThat(JunitPlatformJars.needed(Map.of("junit", "4.13.2"))).containsExactly(
                "org.junit.platform:junit-platform-launcher:" + JunitPlatformJars.DEFAULT_PLATFORM,
                "org.junit.vintage:junit-vintage-engine:5." + JunitPlatformJars.DEFAULT_PLATFORM.substring(2));
    }

    @Test
    void junit4BesideJupiterGetsTheVintageEngineOfTheSamePlatform() {
        assertThat(JunitPlatformJars.needed(Map.of("junit", "4.12", "junit-platform-engine", "1.10.2",
                "junit-platform-launcher", "1.10.2")))
                .containsExactly("org.junit.vintage:junit-vintage-engine:5.10.2");
    }

    @Test
    void anOldJunit4BesideJupiterIsLeftWithoutTheVintageEngine() {
        assertThat(JunitPlatformJars.needed(Map.of("junit", "4.11", "junit-platform-engine", "1.10.2")))
                .containsExactly("org.junit.platform:junit-platform-launcher:1.10.2");
    }

    @Test
    void aTestngProjectGetsTheTestngEngine() {
        assertThat(JunitPlatformJars.needed(Map.of("testng", "7.10.2"))).containsExactly(
                "org.junit.platform:junit-platform-launcher:" + JunitPlatformJars.DEFAULT_PLATFORM,
                JunitPlatformJars.TESTNG_ENGINE);
    }

    @Test
    void versionsTheEnginesCannotRunAndUnknownFrameworksSayWhy() {
        assertThatThrownBy(() -> JunitPlatformJars.needed(Map.of("junit", "4.11")))
                .isInstanceOf(BuildException.class).hasMessageContaining("JUnit 4.12 or later");
        assertThatThrownBy(() -> JunitPlatformJars.needed(Map.of("testng", "6.8")))
                .isInstanceOf(BuildException.class).hasMessageContaining("TestNG 6.14.3 or later");
        assertThatThrownBy(() -> JunitPlatformJars.needed(Map.of("spock-core", "2.3")))
                .isInstanceOf(BuildException.class).hasMessageContaining("none of the JUnit Platform, JUnit 4 and TestNG");
    }

    @Test
    void comparesVersionsByTheirNumbers() {
        assertThat(JunitPlatformJars.compare("4.13.2", "4.12")).isPositive();
        assertThat(JunitPlatformJars.compare("4.12", "4.12")).isZero();
        assertThat(JunitPlatformJars.compare("6.9.10", "6.14.3")).isNegative();
        assertThat(JunitPlatformJars.compare("7.0.0-beta1", "6.14.3")).isPositive();
    }
}
