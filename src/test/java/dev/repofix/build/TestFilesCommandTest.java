package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each build's command that runs only some test files, and a user's command with the files appended. */
class TestFilesCommandTest {
    @TempDir
    Path root;

    @Test
    void pytestTakesTheFilesAsArgumentsAndKeepsItsReportSettings() {
        TestCommand cmd = new PytestBuild().testCommand(root, null, List.of("tests/test_a.py", "tests/b c/test_b.py"));

        assertThat(cmd.shell()).isEqualTo("python3 -m pytest tests/test_a.py 'tests/b c/test_b.py'");
        assertThat(cmd.extraEnv().get("PYTEST_ADDOPTS")).contains("--junitxml=");
    }

    @Test
    void noFilesRunTheWholeSuite() {
        PytestBuild pytest = new PytestBuild();

        assertThat(pytest.testCommand(root, null, List.of())).isEqualTo(pytest.testCommand(root, null));
        assertThat(pytest.testCommand(root, "tox -e py", List.of())).isEqualTo(pytest.testCommand(root, "tox -e py"));
    }

    @Test
    void aUsersOwnCommandGetsTheFilesAppendedAndTheBuildsSettingsStill() {
        TestCommand cmd = new PytestBuild().testCommand(root, "pytest -rA --tb=short", List.of("tests/test_a.py"));

        assertThat(cmd.shell()).isEqualTo("pytest -rA --tb=short tests/test_a.py");
        assertThat(cmd.extraEnv()).containsKey("PYTEST_ADDOPTS");
    }

    @Test
    void djangosRuntestsGetsDottedModulesAsSweBenchWritesItsDirectives() {
        TestCommand cmd = new CustomBuild("unused").testCommand(root,
                "./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1",
                List.of("tests/admin_views/tests.py", "tests/forms_tests/widget_tests/test_select.py"));

        assertThat(cmd.shell()).isEqualTo("./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1 "
                + "admin_views.tests forms_tests.widget_tests.test_select");
    }

    @Test
    void aCustomBuildsOwnCommandGetsTheFilesAppended() {
        assertThat(new CustomBuild("make test ARGS=").testCommand(root, null, List.of("spec/calc_spec.rb")).shell())
                .isEqualTo("make test ARGS= spec/calc_spec.rb");
    }

    @Test
    void unittestLoadsTheFilesModules() {
        TestCommand cmd = new UnittestBuild().testCommand(root, null, List.of("tests/test_calc.py", "test_top.py"));

        assertThat(cmd.shell()).isEqualTo("python3 -c \"$UNITTEST_JUNIT_RUNNER\" tests.test_calc test_top");
        assertThat(cmd.extraEnv()).containsKey(UnittestBuild.RUNNER_VARIABLE);
    }

    @Test
    void unittestLeavesOutFilesThatAreNoPythonAndRunsTheWholeSuiteWhenNoneIs() {
        UnittestBuild unittest = new UnittestBuild();

        assertThat(unittest.testCommand(root, null, List.of("tests/test_calc.py", "tests/data/cases.dat")).shell())
                .endsWith(" tests.test_calc");
        assertThat(unittest.testCommand(root, null, List.of("tests/data/cases.dat")))
                .isEqualTo(unittest.testCommand(root, null));
    }

    @Test
    void pytestLeavesOutFilesItCannotCollectAndRunsTheWholeSuiteWhenNoneIsLeft() {
        PytestBuild pytest = new PytestBuild();

        assertThat(pytest.testCommand(root, null, List.of("tests/data/input.dat", "tests/test_a.py", "tests/a.pyi"))
                .shell()).isEqualTo("python3 -m pytest tests/test_a.py");
        assertThat(pytest.testCommand(root, null, List.of("tests/data/input.dat")))
                .isEqualTo(pytest.testCommand(root, null));
    }

    @Test
    void mavenSelectsTheClassesTheFilesDeclare() {
        TestCommand cmd = new MavenBuild().testCommand(root, null,
                List.of("core/src/test/java/com/acme/CalcTest.java", "src/test/kotlin/com/acme/LedgerTest.kt"));

        assertThat(cmd.shell()).contains("-Dtest='com.acme.CalcTest,com.acme.LedgerTest'")
                .contains("-Dsurefire.failIfNoSpecifiedTests=false").endsWith(" test");
    }

    @Test
    void mavenLeavesOutResourcesAndRunsTheWholeSuiteWhenOnlyResourcesAreLeft() {
        MavenBuild maven = new MavenBuild();

        assertThat(maven.testCommand(root, null, List.of("src/test/java/a/BTest.java", "src/test/resources/b.sql"))
                .shell()).contains("-Dtest='a.BTest'");
        assertThat(maven.testCommand(root, null, List.of("src/test/resources/b.sql")))
                .isEqualTo(maven.testCommand(root, null));
    }

    @Test
    void gradleFiltersByTheClassesTheFilesDeclare() throws IOException {
        Files.writeString(root.resolve("build.gradle"), "");

        assertThat(new GradleBuild().testCommand(root, null, List.of("src/test/java/com/acme/CalcTest.java")).shell())
                .endsWith("test --continue --tests com.acme.CalcTest");
    }

    @Test
    void goTestsThePackagesOfTheFiles() throws IOException {
        Files.writeString(root.resolve("go.mod"), "module example.com/m\n");

        TestCommand cmd = new GoBuild().testCommand(root, null,
                List.of("calc/calc_test.go", "calc/testdata/golden.txt", "calc/more_test.go", "root_test.go"));

        assertThat(cmd.shell()).contains("go test -json -count=1 ./calc .;").contains("tee .repofix-reports/go-test.json");
    }

    @Test
    void cargoTestsTheTargetsOfTheFiles() {
        TestCommand cmd = new CargoBuild().testCommand(root, null,
                List.of("tests/adds.rs", "tests/parse/main.rs", "src/lib.rs", "src/calc.rs"));

        assertThat(cmd.shell()).contains("cargo test --no-fail-fast --test adds --test parse --lib 2>&1");
    }

    @Test
    void cargoRunsTheWholeSuiteWhenAFilesTargetIsNotTold() {
        CargoBuild cargo = new CargoBuild();

        assertThat(cargo.testCommand(root, null, List.of("tests/adds.rs", "tests/common/mod.rs")))
                .isEqualTo(cargo.testCommand(root, null));
    }

    @Test
    void nodeRunsTheFilesAfterItsReporters() {
        TestCommand cmd = NodeBuild.forNodeTest().testCommand(root, null,
                List.of("test/a.test.js", "test/fixtures/page.html", "test/b.test.js"));

        assertThat(cmd.shell()).startsWith("mkdir -p .repofix-reports && node --test --test-reporter=spec")
                .endsWith("node-test.tap test/a.test.js test/b.test.js");
    }

    @Test
    void npmsTestScriptGetsTheFilesAfterItsArgumentSeparator() throws IOException {
        Files.writeString(root.resolve("package.json"), "{\"scripts\": {\"test\": \"node --test\"}}");

        TestCommand cmd = NodeBuild.forFolder(root).testCommand(root, null, List.of("test/a.test.js"));

        assertThat(cmd.shell()).endsWith("npm test -- test/a.test.js");
        assertThat(cmd.extraEnv()).containsKey("NODE_OPTIONS");
    }

    @Test
    void severalProjectsRunOnlyThoseThatHoldTheFiles() {
        MultiBuild multi = new MultiBuild(List.of(new MultiBuild.Part("backend", new MavenBuild()),
                new MultiBuild.Part("tools", new PytestBuild())));

        String shell = multi.testCommand(root, null, List.of("tools/tests/test_a.py")).shell();

        assertThat(shell).contains("(cd tools && ").contains("python3 -m pytest tests/test_a.py").doesNotContain("mvn");
    }
}
