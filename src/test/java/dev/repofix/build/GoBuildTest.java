package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.SandboxImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoBuildTest {
    private final GoBuild build = new GoBuild();

    @TempDir
    Path root;

    @BeforeEach
    void module() throws IOException {
        Files.writeString(root.resolve("go.mod"), "module example.com/m\n\ngo 1.21\n");
    }

    @Test
    void selectsOneSubtestWithAnAnchoredPatternPerLevelInItsPackage() {
        TestCommand selected = build.selectedTestCommand(root, null,
                List.of("example.com/m/calc#TestTable/one_(more)")).orElseThrow();

        assertThat(selected.shell()).contains("go test -json -count=1 -run '^TestTable$/^one_\\(more\\)$' ./calc;")
                .contains("tee .repofix-reports/go-test.json");
    }

    @Test
    void selectsSeveralTestsByTheirTopLevelNamesInEachPackage() {
        assertThat(build.reproduceCommand(root, null, List.of("example.com/m/calc#TestA/x", "example.com/m/calc#TestB",
                "example.com/m#TestRoot"))).isEqualTo("go test -run '^(TestA|TestB|TestRoot)$' ./calc .");
    }

    @Test
    void reproducesTheWholeSuiteWithoutFailingTestsAndTheUsersOwnCommandUnchanged() {
        assertThat(build.reproduceCommand(root, null, List.of())).isEqualTo("go test ./...");
        assertThat(build.reproduceCommand(root, "make test", List.of("example.com/m#TestA"))).isEqualTo("make test");
    }

    @Test
    void readsItsReportAsGoTestJsonAndRunsInTheGoImage() {
        assertThat(build.reportFormat(root.resolve(GoBuild.REPORT))).isEqualTo(ReportFormat.GO_TEST_JSON);
        assertThat(build.sandboxImage()).contains(SandboxImage.GO);
        assertThat(new BuildDetector().detect(root, java.util.Optional.empty())).isInstanceOf(GoBuild.class);
    }

    @Test
    void countsTestFilesAndTestdataAsTests() {
        assertThat(build.isTestPath("calc/calc_test.go")).isTrue();
        assertThat(build.isTestPath("calc/testdata/in.txt")).isTrue();
        assertThat(build.isTestPath("calc/calc.go")).isFalse();
    }

    @Test
    void readsTheJUnitXmlOfTheUsersOwnCommandInsteadOfItsEvents() throws IOException {
        Files.createDirectories(root.resolve("build/test-results"));
        Files.writeString(root.resolve("build/test-results/TEST-calc.xml"), "<testsuite/>");
        TestCommand own = new TestCommand("gotestsum --junitfile build/test-results/TEST-calc.xml", java.util.Map.of());

        assertThat(build.reports(root, own)).containsExactly(root.resolve("build/test-results/TEST-calc.xml"));
        assertThat(build.reportFormat(root.resolve("build/test-results/TEST-calc.xml"))).isEqualTo(ReportFormat.JUNIT_XML);
    }
}
