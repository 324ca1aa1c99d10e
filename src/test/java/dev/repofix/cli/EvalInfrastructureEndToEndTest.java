package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Infrastructure is never a model's miss: a case whose environment keeps gold from passing
 * (a test module that imports a module nothing installed, a fail-to-pass test that fails for
 * the same reason beside one that shows the bug) ends in ERROR with the reason, whatever the
 * model, and {@code eval run} exits 3 saying how many and where the reasons are.
 */
class EvalInfrastructureEndToEndTest {
    /** Installed nowhere: no set-up can have brought it. */
    private static final String ABSENT = "repofix_absent_dependency";

    @TempDir
    Path temp;

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    /**
     * Two cases on one repository: {@code collect}, whose reference test module imports
     * {@value #ABSENT} at its top (pytest cannot collect it), and {@code mixed}, whose two
     * fail-to-pass tests are one that shows the bug and one whose code imports {@value #ABSENT}
     * when called.
     */
    private Path cases() throws IOException {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of(
                "lib/__init__.py", "",
                "lib/ages.py", EvalFixtures.AGES,
                "lib/render.py", "def render(age):\n    import " + ABSENT + "\n    return " + ABSENT
                        + ".pretty(age)\n",
                "tests/test_basic.py", "from lib.ages import is_adult\n\n\ndef test_child_is_not_adult():\n"
                        + "    assert not is_adult(12)\n",
                "pytest.ini", "[pytest]\ntestpaths = tests\n"));
        String commit;
        try (Git git = Git.open(repo.toFile())) {
            commit = git.getRepository().resolve("HEAD").name();
        }
        String fix = "--- a/lib/ages.py\n+++ b/lib/ages.py\n@@ -2 +2 @@\n-    return age > 18\n+    return age >= 18\n";
        ObjectNode collect = kase("collect", repo, commit, fix, newFile("tests/test_pretty.py",
                "import " + ABSENT, "from lib.ages import is_adult", "", "", "def test_eighteen_is_adult():",
                "    assert is_adult(18)"), "tests/test_pretty.py::test_eighteen_is_adult");
        ObjectNode mixed = kase("mixed", repo, commit, fix, newFile("tests/test_adult.py",
                "from lib.ages import is_adult", "from lib.render import render", "", "",
                "def test_eighteen_is_adult():", "    assert is_adult(18)", "", "",
                "def test_eighteen_renders():", "    assert render(18)"),
                "tests/test_adult.py::test_eighteen_is_adult", "tests/test_adult.py::test_eighteen_renders");
        Path file = temp.resolve("cases.jsonl");
        Files.writeString(file, collect + "\n" + mixed + "\n");
        return file;
    }

    private static ObjectNode kase(String id, Path repo, String commit, String fix, String test, String... failToPass) {
        ObjectNode c = new ObjectMapper().createObjectNode();
        c.put("id", id).put("repo", repo.toString()).put("base_commit", commit).put("language", "python")
                .put("test_command", "python -m pytest -q");
        var f2p = c.putArray("fail_to_pass");
        List.of(failToPass).forEach(f2p::add);
        c.putArray("pass_to_pass").add("tests/test_basic.py::test_child_is_not_adult");
        c.putObject("issue").put("title", "18-year-olds are not adults").put("description", "is_adult(18) is False");
        c.putObject("patch").put("source", fix).put("test", test);
        return c;
    }

    private static String newFile(String path, String... lines) {
        StringBuilder d = new StringBuilder("--- /dev/null\n+++ b/" + path + "\n@@ -0,0 +1," + lines.length + " @@\n");
        for (String l : lines) {
            d.append('+').append(l).append('\n');
        }
        return d.toString();
    }

    @Test
    void aCaseWhoseEnvironmentKeepsGoldFromPassingIsAnErrorWithItsReasonForGoldAndEmptyAlike() throws IOException {
        Path cases = cases();

        for (String model : List.of("gold", "empty")) {
            RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", model, "--out",
                    temp.resolve(model).toString());

            assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isEqualTo(ExitCodes.ERROR);
            assertThat(run.stderr()).contains("2 case run(s) ended in ERROR")
                    .contains(temp.resolve(model).resolve("cases").toString())
                    .doesNotContain("\tat org.", "\tat dev.");
            List<JsonNode> results = EvalRunEndToEndTest.results(temp.resolve(model));
            assertThat(results).as(model).extracting(r -> r.path("case_id").asText() + " "
                    + r.path("status").asText()).containsExactly("collect ERROR", "mixed ERROR");
            assertThat(results).extracting(r -> r.path("error").asText()).allSatisfy(e -> assertThat(e)
                    .contains("the environment misses what the tests need").contains(ABSENT));
            assertThat(results.get(1).path("error").asText()).contains("tests/test_adult.py::test_eighteen_renders");
        }

        RunOutput report = eval("eval", "report", "--results", temp.resolve("gold").toString(), "--out",
                temp.resolve("report").toString());
        assertThat(report.exitCode()).as(report.stderr()).isZero();
        JsonNode counts = new ObjectMapper().readTree(temp.resolve("report/report.json").toFile()).path("results");
        assertThat(counts.path("error").asInt()).isEqualTo(2);
        assertThat(counts.path("broken").asInt()).isZero();
        assertThat(counts.path("scored").asInt()).isZero();
    }

    @Test
    void goldAndEmptyRunUnderTheSettingABenchmarkScriptGivesAndTheResultsSayIt() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        Files.writeString(cases, Files.readAllLines(cases).getFirst() + "\n");

        RunOutput gold = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--setting",
                "patch:oracle", "--out", temp.resolve("gold").toString());
        RunOutput empty = eval("eval", "run", "--cases", cases.toString(), "--model", "empty", "--setting",
                "patch:oracle", "--out", temp.resolve("empty").toString());

        assertThat(gold.exitCode()).as(gold.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("gold"))).extracting(r -> r.path("setting").asText()
                + " " + r.path("status").asText() + " " + r.path("record").path("status").asText())
                .containsExactly("patch-oracle SCORED FIXED");
        assertThat(empty.exitCode()).as(empty.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("empty"))).extracting(r -> r.path("setting").asText()
                + " " + r.path("record").path("status").asText()).containsExactly("patch-oracle NOT_FIXED");
        assertThat(new ObjectMapper().readTree(temp.resolve("gold/run.json").toFile()).path("settings").toString())
                .contains("patch:oracle");
    }

    @Test
    void aRepositoryWithAnOldObjectMissingRunsItsCaseAndACommitItLacksIsOneErrorOfOneLine() throws IOException {
        // An old commit under the fixture's: the case file commits its files on top of it.
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of("old.txt", "an old commit\n"));
        String old;
        try (Git git = Git.open(repo.toFile())) {
            old = git.getRepository().resolve("HEAD").name();
        }
        Path cases = EvalFixtures.caseFile(temp);
        Files.delete(repo.resolve(".git/objects/" + old.substring(0, 2) + "/" + old.substring(2)));
        ObjectNode first = (ObjectNode) new ObjectMapper().readTree(Files.readAllLines(cases).getFirst());
        ObjectNode lacking = first.deepCopy().put("id", "lacking").put("base_commit", old);
        Files.writeString(cases, first + "\n" + lacking + "\n");

        RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("out").toString());

        assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isEqualTo(ExitCodes.ERROR);
        assertThat(run.stderr()).contains("1 case run(s) ended in ERROR").doesNotContain("\tat ", "Exception:");
        List<JsonNode> results = EvalRunEndToEndTest.results(temp.resolve("out"));
        assertThat(results).extracting(r -> r.path("case_id").asText() + " " + r.path("status").asText() + " "
                + r.path("record").path("status").asText("-")).containsExactly("ages-adult SCORED FIXED",
                "lacking ERROR -");
        assertThat(results.get(1).path("error").asText()).contains("no commit " + old).doesNotContain("\n");
    }

    @Test
    void aFailToPassTestTheBaselineNeverRanIsBrokenForGoldAsForTheRest() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        ObjectNode first = (ObjectNode) new ObjectMapper().readTree(Files.readAllLines(cases).getFirst());
        first.withArray("fail_to_pass").add("tests/test_adult.py::test_no_such_test");
        Files.writeString(cases, first + "\n");

        RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("out").toString());

        assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("out"))).extracting(r -> r.path("status").asText() + ": "
                + r.path("error").asText()).singleElement().asString()
                .startsWith("BROKEN: fail_to_pass tests not run at the base: tests/test_adult.py::test_no_such_test");
    }
}
