package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CargoBuildTest {
    private final CargoBuild build = new CargoBuild();

    @TempDir
    Path root;

    @Test
    void selectsTestsByTheirExactNamesWithinTheirBinaries() {
        TestCommand selected = build.selectedTestCommand(root, null,
                List.of("calc::tests::adds", "api::divides_by_zero", "doc:calc::src/lib.rs - add (line 3)")).orElseThrow();

        assertThat(selected.shell()).contains(
                "cargo test --no-fail-fast -- --exact tests::adds divides_by_zero 'src/lib.rs - add (line 3)' 2>&1;");
        assertThat(selected.extraEnv()).containsEntry("RUST_BACKTRACE", "1");
        assertThat(build.reproduceCommand(root, null, List.of("calc::tests::adds")))
                .isEqualTo("cargo test -- --exact tests::adds");
    }

    @Test
    void keepsTheOutputAsItsLibtestReportAndRunsInTheRustImage() {
        assertThat(build.testCommand(root, null).shell()).contains("tee .repofix-reports/cargo-test.txt");
        assertThat(build.reportFormat(root.resolve(CargoBuild.REPORT))).isEqualTo(ReportFormat.CARGO_LIBTEST);
        assertThat(build.sandboxImage()).contains(SandboxImage.RUST);
    }

    @Test
    void isDetectedByCargoToml() throws java.io.IOException {
        java.nio.file.Files.writeString(root.resolve("Cargo.toml"), "[package]\nname = \"calc\"\n");

        assertThat(new BuildDetector().detect(root, java.util.Optional.empty())).isInstanceOf(CargoBuild.class);
    }

    @Test
    void countsIntegrationTestsAsTestsAndSrcFilesWithTestModulesAsSource() {
        assertThat(build.isTestPath("tests/api.rs")).isTrue();
        assertThat(build.isTestPath("calc/tests/common/mod.rs")).isTrue();
        assertThat(build.isTestPath("src/lib.rs")).isFalse();
    }
}
