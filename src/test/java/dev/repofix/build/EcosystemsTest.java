package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.build.Ecosystem.Detection;
import dev.repofix.build.Ecosystem.Detector;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EcosystemsTest {
    @TempDir
    Path root;

    @Test
    void anEcosystemAddedAsOneRowIsDetectedAndRun() throws IOException {
        Files.writeString(root.resolve("Makefile.repofix"), "");
        BuildSystem make = new CustomBuild("make check");
        Ecosystem row = new Ecosystem("Make", "c", "Makefile.repofix", Detector.buildFiles(List.of("Makefile.repofix")),
                TestPathRules.ofGlobs(List.of("**/t/**")), folder -> make);
        List<Ecosystem> rows = new java.util.ArrayList<>(Ecosystems.standard().rows());
        rows.add(row);

        BuildSystem build = new BuildDetector(new Ecosystems(rows)).detect(root, Optional.empty());

        assertThat(build).isSameAs(make);
        assertThat(new Ecosystems(rows).testPathsOf("c").test("t/check.c")).isTrue();
    }

    @Test
    void aFolderRunsTheFirstRowOfEachLanguageInRowOrder() throws IOException {
        Files.writeString(root.resolve("pom.xml"), "<project/>");
        Files.writeString(root.resolve("build.gradle"), "");
        Files.writeString(root.resolve("pytest.ini"), "[pytest]\n");
        Files.writeString(root.resolve("package.json"), "{}");

        assertThat(Ecosystems.standard().detectedIn(root, Detection.TEST_SOURCES)).extracting(Ecosystem::name)
                .containsExactly("Maven", "pytest", "npm");
    }

    @Test
    void testSourcesAloneDetectLessSurelyThanABuildFile() throws IOException {
        Files.createDirectories(root.resolve("tests"));
        Files.writeString(root.resolve("tests/test_x.py"), "");

        assertThat(Ecosystems.standard().detectedIn(root, Detection.BUILD_FILE)).isEmpty();
        assertThat(Ecosystems.standard().detectedIn(root, Detection.TEST_SOURCES)).extracting(Ecosystem::name)
                .containsExactly("pytest");
    }

    @Test
    void testPathRulesByLanguageAreTheEcosystemsOwn() {
        assertThat(TestPathRules.of("java").isTestPath("core/src/test/java/a/BTest.java")).isTrue();
        assertThat(TestPathRules.of("java").isTestPath("core/src/main/java/a/B.java")).isFalse();
        assertThat(TestPathRules.of("python").isTestPath("pkg/test_b.py")).isTrue();
        assertThat(TestPathRules.of("go").isTestPath("pkg/b_test.go")).isTrue();
        assertThat(TestPathRules.of("generic").isTestPath("lib/b.spec.rb")).isTrue();
        assertThatThrownBy(() -> TestPathRules.of("cobol")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no test-path rules for cobol");
    }
}
