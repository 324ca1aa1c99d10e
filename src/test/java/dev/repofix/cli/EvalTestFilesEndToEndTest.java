package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.EvalCase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pytest suite of many test files, one of which fails at the base for a reason of its own,
 * and a SWE-bench instance whose test patch touches two of them (and a data file): the
 * imported case runs the tests of those two files only, as SWE-bench's harness runs its test
 * directives, for every run of the suite; gold fixes it and the empty patch does not.
 */
class EvalTestFilesEndToEndTest {
    private static final int OTHER_FILES = 30;
    private static final String AREA = """
            def square(side):
                return side * 2


            def cube(side):
                return square(side) * side
            """;
    private static final String AREA_TESTS = """
            from shapes.area import square


            def test_square_of_zero():
                assert square(0) == 0
            """;
    private static final String VOLUME_TESTS = """
            from shapes.area import cube


            def test_cube_of_zero():
                assert cube(0) == 0
            """;
    /** Fails whatever the code does: a whole-suite run meets it, a run of the case's files never does. */
    private static final String RELEASE_TESTS = """
            def test_has_version():
                assert "0.0.0" == "1.0.0", "the release process did not stamp a version"
            """;
    /** Every test that runs, in any run of any copy, writes its id to a log outside the copies. */
    private static final String CONFTEST = """
            import pytest


            @pytest.fixture(autouse=True)
            def _log_test_id(request):
                with open(%s, "a") as log:
                    log.write(request.node.nodeid + "\\n")
                yield
            """;
    private static final String FIX = """
            diff --git a/shapes/area.py b/shapes/area.py
            --- a/shapes/area.py
            +++ b/shapes/area.py
            @@ -1,2 +1,2 @@
             def square(side):
            -    return side * 2
            +    return side * side
            """;
    private static final String TEST_PATCH = """
            diff --git a/tests/test_area.py b/tests/test_area.py
            --- a/tests/test_area.py
            +++ b/tests/test_area.py
            @@ -3,3 +3,7 @@
            \s
             def test_square_of_zero():
                 assert square(0) == 0
            +
            +
            +def test_square_of_three():
            +    assert square(3) == 9
            diff --git a/tests/data/sizes.json b/tests/data/sizes.json
            new file mode 100644
            --- /dev/null
            +++ b/tests/data/sizes.json
            @@ -0,0 +1 @@
            +[3]
            diff --git a/tests/test_volume.py b/tests/test_volume.py
            --- a/tests/test_volume.py
            +++ b/tests/test_volume.py
            @@ -3,3 +3,7 @@
            \s
             def test_cube_of_zero():
                 assert cube(0) == 0
            +
            +
            +def test_cube_of_three():
            +    assert cube(3) == 27
            """;
    private static final List<String> FAIL_TO_PASS = List.of("tests/test_area.py::test_square_of_three",
            "tests/test_volume.py::test_cube_of_three");
    private static final List<String> PASS_TO_PASS = List.of("tests/test_area.py::test_square_of_zero",
            "tests/test_volume.py::test_cube_of_zero");
    private static final String UNRELATED = "tests/test_release.py::test_has_version";

    @TempDir
    Path temp;

    private RunOutput repofix(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void anImportedCaseRunsOnlyTheTestFilesItsTestPatchTouches() throws Exception {
        Path cases = imported();
        assertThat(new CaseFile().read(cases)).singleElement().extracting(EvalCase::testFiles)
                .isEqualTo(List.of("tests/test_area.py", "tests/test_volume.py"));

        JsonNode gold = run(cases, "gold");
        JsonNode empty = run(cases, "empty");

        // Baseline, reruns and validation of both runs: the tests of the two files, no other.
        assertThat(Files.readAllLines(ranLog()).stream().distinct())
                .containsExactlyInAnyOrderElementsOf(concat(FAIL_TO_PASS, PASS_TO_PASS));
        assertThat(gold.path("status").asText()).as(gold.toString()).isEqualTo("FIXED");
        assertThat(empty.path("status").asText()).as(empty.toString()).isEqualTo("NOT_FIXED");
        for (JsonNode record : List.of(gold, empty)) {
            assertThat(record.path("failing").findValuesAsText("id")).containsExactlyInAnyOrderElementsOf(FAIL_TO_PASS);
            // The baseline ran the two files' tests: their two old ones passed, none of the other files' did.
            assertThat(record.path("passingCount").asInt()).as(record.toString()).isEqualTo(PASS_TO_PASS.size());
            assertThat(record.path("notes").toString()).doesNotContain(UNRELATED);
            assertThat(record.path("testCommand").asText())
                    .isEqualTo("python3 -m pytest tests/test_area.py tests/test_volume.py");
        }
    }

    @Test
    void aCasesOwnTestCommandGetsItsTestFilesAppended() throws Exception {
        Path cases = temp.resolve("hand.jsonl");
        ObjectNode c = (ObjectNode) new ObjectMapper().readTree(Files.readString(imported()).strip());
        c.put("test_command", "python3 -m pytest -q");
        Files.writeString(cases, c + "\n");

        JsonNode gold = run(cases, "gold");

        assertThat(gold.path("status").asText()).as(gold.toString()).isEqualTo("FIXED");
        assertThat(gold.path("testCommand").asText())
                .isEqualTo("python3 -m pytest -q tests/test_area.py tests/test_volume.py");
        assertThat(gold.path("reproduce").asText()).isEqualTo(gold.path("testCommand").asText());
        assertThat(gold.path("passingCount").asInt()).isEqualTo(PASS_TO_PASS.size());
    }

    /** The fixture's repository, its SWE-bench instance, imported with {@code eval import}. */
    private Path imported() throws Exception {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("shapes/__init__.py", "");
        files.put("conftest.py", CONFTEST.formatted(new ObjectMapper().writeValueAsString(ranLog().toString())));
        files.put("shapes/area.py", AREA);
        files.put("tests/test_area.py", AREA_TESTS);
        files.put("tests/test_volume.py", VOLUME_TESTS);
        files.put("tests/test_release.py", RELEASE_TESTS);
        for (int i = 0; i < OTHER_FILES; i++) {
            files.put(String.format("tests/test_part_%02d.py", i), String.format("""
                    def test_adds_%1$d():
                        assert %1$d + 1 == %2$d


                    def test_doubles_%1$d():
                        assert %1$d * 2 == %3$d
                    """, i, i + 1, 2 * i));
        }
        Path repo = FixtureRepos.gitRepo(temp.resolve("shapes"), files);
        String commit;
        try (Git git = Git.open(repo.toFile())) {
            commit = git.getRepository().resolve("HEAD").name();
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode instance = json.createObjectNode();
        instance.put("instance_id", "example__shapes-1").put("repo", "example/shapes").put("base_commit", commit)
                .put("patch", FIX).put("test_patch", TEST_PATCH)
                .put("problem_statement", "square() doubles\n\nsquare(3) is 6, not 9.")
                .put("FAIL_TO_PASS", json.writeValueAsString(FAIL_TO_PASS))
                .put("PASS_TO_PASS", json.writeValueAsString(PASS_TO_PASS));
        Path in = Files.writeString(temp.resolve("swe.json"), json.createArrayNode().add(instance).toString());
        Path cases = temp.resolve("cases.jsonl");
        RunOutput ran = repofix("eval", "import", "--format", "swebench", "--file", in.toString(), "--repo-map",
                "example/shapes=" + repo, "--out", cases.toString());
        assertThat(ran.exitCode()).as(ran.stderr()).isZero();
        return cases;
    }

    private Path ranLog() {
        return temp.resolve("ran.log");
    }

    private static List<String> concat(List<String> a, List<String> b) {
        return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
    }

    private JsonNode run(Path cases, String model) throws IOException {
        Path out = temp.resolve(model + "-" + cases.getFileName());
        RunOutput ran = repofix("eval", "run", "--cases", cases.toString(), "--model", model, "--sandbox", "local",
                "--out", out.toString());
        assertThat(ran.exitCode()).as(ran.stderr()).isZero();
        return new ObjectMapper().readTree(out.resolve("cases/example__shapes-1.json").toFile()).path("record");
    }
}
