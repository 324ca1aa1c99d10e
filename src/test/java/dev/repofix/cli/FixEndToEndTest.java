package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs of {@code repofix fix} on real repositories with real {@code mvn} and
 * {@code pytest}: the bundled examples and fixtures made here.
 */
class FixEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void fixesTheBundledMavenExampleWithoutTouchingTheUsersFiles() throws Exception {
        Path repo = FixtureRepos.example("maven-bank", temp.resolve("bank"));
        Map<String, String> before = FixtureRepos.snapshot(repo);

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode report = run.report();
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        assertThat(report.path("issue").path("title").asText()).contains("withdrawEntireBalanceLeavesZero");
        assertThat(report.path("issue").path("description").asText()).contains("mvn ");
        assertThat(topLocations(report, 3)).contains("src/main/java/com/example/bank/Account.java:45");
        assertThat(report.path("patch").asText()).contains("-        if (amount >= balance) {")
                .contains("+        if (amount > balance) {");
        assertThat(run.outDir().resolve("fix.patch")).exists();
        assertThat(run.stderr()).contains("==> baseline").containsPattern("\\[1/\\d+] src/main/java/.*VALID");
        assertThat(run.stdout()).startsWith("repofix: FIXED");
        assertThat(FixtureRepos.snapshot(repo)).isEqualTo(before);
    }

    @Test
    void fixesTheBundledPytestExampleFoundThroughTheCalledFunction() {
        Path repo = FixtureRepos.example("python-inventory", temp.resolve("inventory"));
        Map<String, String> before = FixtureRepos.snapshot(repo);

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode report = run.report();
        assertThat(report.path("issue").path("title").asText()).contains("test_at_reorder_level_needs_restock");
        assertThat(topLocations(report, 3)).contains("inventory/stock.py:15");
        assertThat(report.path("patch").asText()).contains("+    return item.quantity <= item.reorder_level");
        assertThat(FixtureRepos.snapshot(repo)).isEqualTo(before);
    }

    @Test
    void fixPatchOfACrlfFileAppliesWithGit() throws Exception {
        String crlf = Files.readString(Path.of("examples/python-inventory/inventory/stock.py")).replace("\n", "\r\n");
        Path repo = FixtureRepos.example("python-inventory", temp.resolve("inventory"),
                Map.of("inventory/stock.py", crlf));

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        Path patch = run.outDir().resolve("fix.patch");
        Process check = new ProcessBuilder("git", "apply", "--check", patch.toString()).directory(repo.toFile())
                .redirectErrorStream(true).start();
        String said = new String(check.getInputStream().readAllBytes());
        assertThat(check.waitFor()).as("git apply --check fix.patch: " + said).isZero();
        assertThat(Files.readString(patch)).contains("+    return item.quantity <= item.reorder_level\r\n");
    }

    @Test
    void fixesAnAssertionFailureInAMavenProjectWhoseStackShowsOnlyTheTest() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("stats"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/stats/Stats.java", """
                        package org.stats;

                        public final class Stats {
                            private Stats() {}

                            /** Largest value; xs must not be empty. */
                            public static int max(int[] xs) {
                                int best = xs[0];
                                for (int i = 1; i < xs.length - 1; i++) {
                                    if (xs[i] > best) {
                                        best = xs[i];
                                    }
                                }
                                return best;
                            }
                        }
                        """,
                "src/test/java/org/stats/StatsTest.java", """
                        package org.stats;

                        import static org.junit.jupiter.api.Assertions.assertEquals;

                        import org.junit.jupiter.api.Test;

                        class StatsTest {
                            @Test
                            void maxOfOne() {
                                assertEquals(4, Stats.max(new int[] {4}));
                            }

                            @Test
                            void maxFindsTheLastElement() {
                                assertEquals(9, Stats.max(new int[] {1, 5, 9}));
                            }
                        }
                        """));

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode report = run.report();
        assertThat(report.path("issue").path("explanation").asText()).contains("expected \"9\"");
        assertThat(topLocations(report, 5)).contains("src/main/java/org/stats/Stats.java:9");
        assertThat(report.path("patch").asText()).contains("-        for (int i = 1; i < xs.length - 1; i++) {");
    }

    @Test
    void reportsPassingTestsAndExitsZero() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ok"), Map.of(
                "calc.py", "def add(a, b):\n    return a + b\n",
                "test_calc.py", "from calc import add\n\ndef test_add():\n    assert add(2, 3) == 5\n"));

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.report().path("status").asText()).isEqualTo("TESTS_PASS");
        assertThat(run.outDir().resolve("fix.patch")).doesNotExist();
        assertThat(run.stdout()).contains("nothing to fix");
    }

    @Test
    void saysSoWhenNoTemplateFixesTheBug() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("greet"), Map.of(
                "greet.py", "def greet(name):\n    return 'Hello ' + name\n",
                "test_greet.py", "from greet import greet\n\ndef test_greet():\n    assert greet('Ada') == 'Hello, Ada'\n"));

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        JsonNode report = run.report();
        assertThat(report.path("status").asText()).isEqualTo("NOT_FIXED");
        assertThat(report.path("issue").path("title").asText()).contains("test_greet");
        assertThat(run.outDir().resolve("fix.patch")).doesNotExist();
    }

    @Test
    void customTestCommandRunsOnlyWhatItSaysAndStillReports() {
        Path repo = FixtureRepos.example("python-inventory", temp.resolve("inventory"));

        RunOutput run = fix(repo, "--test-cmd", "python3 -m pytest tests/test_stock.py", "--json");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.stdout()).startsWith("{").contains("\"schema\" : \"repofix.run/2\"");
        assertThat(run.report().path("passingCount").asInt()).isEqualTo(5);
        assertThat(run.report().path("testCommand").asText()).isEqualTo("python3 -m pytest tests/test_stock.py");
        assertThat(run.report().path("sandbox").asText()).as("where the tests ran").isEqualTo("local");
    }

    private static final String RECORDED_FAILURE = """
            <testsuite name="fixture" tests="1"><testcase classname="fixture" name="recorded_failure">\
            <failure message="recorded">a recorded failure, test data</failure></testcase></testsuite>
            """;
    private static final String READS_RECORDED_FAILURE = """
            import pathlib
            import xml.etree.ElementTree as ET

            def test_reads_the_recorded_failure():
                path = pathlib.Path(__file__).parent / "data" / "TEST-fixture.xml"
                suite = ET.parse(path).getroot()
                assert suite.find("testcase").get("name") == "recorded_failure"
            """;

    /** A pytest repository whose own command writes JUnit XML to its own folder. */
    @Test
    void honoursTheTeamsReportPathAndKeepsATrackedReportShapedFixture() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("reader"), Map.of(
                "age.py", "def is_adult(age):\n    return age > 18\n",
                "test_age.py", "from age import is_adult\n\ndef test_eighteen_is_adult():\n    assert is_adult(18)\n",
                "tests/data/TEST-fixture.xml", RECORDED_FAILURE,
                "tests/test_reader.py", READS_RECORDED_FAILURE));

        RunOutput run = fix(repo, "--test-cmd", "python3 -m pytest --junitxml=test-output/junit.xml");

        assertFixedWithoutTheFixtureAsAResult(run, repo);
    }

    /**
     * Tests a build repofix does not know runs (pytest over {@code check_*.py}): the
     * custom build's report patterns match a tracked test-data file, which must be
     * neither deleted in a copy (its reader test would fail everywhere) nor read as a result.
     */
    @Test
    void keepsATrackedReportShapedFixtureUnderACustomBuild() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("custom"), Map.of(
                "age.py", "def is_adult(age):\n    return age > 18\n",
                "tests/check_age.py", "from age import is_adult\n\ndef test_eighteen_is_adult():\n    assert is_adult(18)\n",
                "tests/data/TEST-fixture.xml", RECORDED_FAILURE,
                "tests/check_reader.py", READS_RECORDED_FAILURE,
                // Through a script: a command that runs pytest itself is read by the pytest build.
                "run-tests.sh", "python3 -m pytest -p no:cacheprovider -o python_files=check_*.py tests "
                        + "--junitxml=test-output/junit.xml\n"));

        RunOutput run = fix(repo, "--test-cmd", "sh run-tests.sh");

        assertFixedWithoutTheFixtureAsAResult(run, repo);
        assertThat(repo.resolve("tests/data/TEST-fixture.xml")).hasContent(RECORDED_FAILURE.strip());
    }

    private static void assertFixedWithoutTheFixtureAsAResult(RunOutput run, Path repo) {
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode report = run.report();
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        assertThat(report.path("issue").path("title").asText()).contains("test_eighteen_is_adult")
                .doesNotContain("recorded_failure");
        assertThat(report.path("patch").asText()).contains("+    return age >= 18");
        assertThat(run.stderr()).contains("baseline: 1 failing, 1 passing");
    }

    /**
     * The usual Python set-up: a src-layout package installed with {@code pip install -e .}
     * (whose .pth file names the user's tree) and a git-ignored version module generated
     * by setuptools-scm. The tests must import the patched copy, which must hold the
     * generated module; before, the candidates were judged against the user's own code.
     */
    @Test
    void testsTheCopyOfASrcLayoutPackageInstalledEditableWithItsGeneratedVersionModule() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("mylib"), Map.of(
                "pyproject.toml", "[project]\nname = \"mylib\"\ndynamic = [\"version\"]\n",
                "src/mylib/__init__.py", "from ._version import version\nfrom .age import is_adult\n",
                "src/mylib/age.py", "def is_adult(age):\n    return age > 18\n",
                "tests/test_age.py", "from mylib import is_adult\n\n\ndef test_eighteen_is_adult():\n"
                        + "    assert is_adult(18)\n\n\ndef test_twelve_is_not():\n    assert not is_adult(12)\n"));
        Files.writeString(repo.resolve(".gitignore"), "_version.py\n", java.nio.file.StandardOpenOption.APPEND);
        Files.writeString(repo.resolve("src/mylib/_version.py"), "version = '0.1.dev3'\n");
        Path venv = temp.resolve("venv");
        Process make = new ProcessBuilder("python3", "-m", "venv", "--system-site-packages", venv.toString())
                .inheritIO().start();
        assertThat(make.waitFor()).isZero();
        Path sitePackages;
        try (var walk = Files.walk(venv.resolve("lib"), 2)) {
            sitePackages = walk.filter(p -> p.getFileName().toString().equals("site-packages")).findFirst().orElseThrow();
        }
        // What pip install -e . leaves for a src-layout project: a path entry naming the user's tree.
        Files.writeString(sitePackages.resolve("__editable__.mylib-0.1.pth"), repo.resolve("src") + "\n");

        RunOutput run = fix(repo, "--test-cmd", venv.resolve("bin/python") + " -m pytest");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode report = run.report();
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        assertThat(report.path("patch").asText()).contains("+    return age >= 18");
        assertThat(run.stderr()).contains("baseline: 1 failing, 1 passing");
        assertThat(repo.resolve("src/mylib/age.py")).hasContent("def is_adult(age):\n    return age > 18");
    }

    /** A monorepo's own command: pytest in a sub-folder, report and trace paths relative to it. */
    @Test
    void fixesThroughACommandThatRunsPytestInASubFolderWithItsOwnReport() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("mono"), Map.of(
                "README.md", "backend and frontend\n",
                "frontend/package.json", "{\"name\": \"web\"}\n",
                "backend/pytest.ini", "[pytest]\ntestpaths = tests\n",
                "backend/app/age.py", "def is_adult(age):\n    return age > 18\n",
                "backend/tests/test_age.py", "from app.age import is_adult\n\n\ndef test_eighteen_is_adult():\n"
                        + "    assert is_adult(18)\n\n\ndef test_twelve_is_not():\n    assert not is_adult(12)\n"));

        RunOutput run = fix(repo, "--test-cmd", "cd backend && python3 -m pytest --junitxml=reports/junit.xml");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode report = run.report();
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        assertThat(topLocations(report, 3)).contains("backend/app/age.py:2");
        assertThat(report.path("patch").asText()).contains("+++ b/backend/app/age.py").contains("+    return age >= 18");
    }

    /**
     * Several one-token fixes pass these weak tests (`v < hi`, but also `lo == v`): the run
     * offers the first and says the tests cannot tell the others apart from it.
     */
    @Test
    void saysWhenTheTestsCannotTellTwoFixesApart() throws Exception {
        Path repo = FixtureRepos.weakRangeTests(temp.resolve("range"));

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.report().path("patch").asText()).contains("+    return lo <= v and v < hi");
        assertThat(run.stdout()).contains("also:").contains("the tests do not tell these apart");
        // which other comparison is listed depends on the order the template tries them in
        assertThat(Files.readString(run.outDir().resolve("report.md"))).contains("the tests do not pin this down")
                .containsPattern("`lo <= v` -> `lo (==|>=) v`");
    }

    @Test
    void clonesAUrlAtARef() {
        Path origin = FixtureRepos.example("python-inventory", temp.resolve("origin"));

        RunOutput run = fix(null, "--repo", origin.toUri().toString(), "--ref", "main", "--quiet");

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(run.stdout().strip()).startsWith("repofix: FIXED").doesNotContain("\n");
        assertThat(run.stderr()).doesNotContain("==>");
    }

    private RunOutput fix(Path repo, String... extra) {
        Path out = temp.resolve("out");
        List<String> args = new ArrayList<>(List.of("fix", "--out", out.toString(), "--timeout", "5m"));
        if (repo != null) {
            args.add("--repo");
            args.add(repo.toString());
        }
        args.addAll(List.of(extra));
        return RunOutput.run(temp.resolve("work"), out, args.toArray(String[]::new));
    }

    private static List<String> topLocations(JsonNode report, int n) {
        List<String> out = new ArrayList<>();
        for (JsonNode l : report.path("locations")) {
            if (out.size() == n) {
                break;
            }
            out.add(l.path("file").asText() + ":" + l.path("line").asInt());
        }
        return out;
    }

}
