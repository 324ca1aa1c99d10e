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
 * {@code repofix eval run} on a pytest case whose base has a test failing for a reason of
 * the environment (as toolz's {@code test_package.py::test_has_version} at an old commit):
 * a case that records FAIL_TO_PASS and PASS_TO_PASS is scored as SWE-bench scores it, so
 * that unrelated failure neither decides the verdict nor reaches the stages.
 */
class EvalCaseTestsEndToEndTest {
    private static final String AGES = """
            def is_adult(age):
                return age > 18


            def is_child(age):
                return age < 13
            """;
    private static final String TESTS = """
            from ages import is_adult, is_child


            def test_eighteen_is_adult():
                assert is_adult(18)


            def test_twelve_is_a_child():
                assert is_child(12)


            def test_forty_is_not_a_child():
                assert not is_child(40)
            """;
    /**
     * Fails whatever the code does, and not for want of something in the environment (a missing
     * distribution would be listed apart as an environment failure, never a target).
     */
    private static final String PACKAGE_TESTS = """
            def test_has_version():
                assert "0.0.0" == "1.0.0", "the release process did not stamp a version"
            """;
    private static final String FIX = """
            --- a/ages.py
            +++ b/ages.py
            @@ -1,2 +1,2 @@
             def is_adult(age):
            -    return age > 18
            +    return age >= 18
            """;
    private static final String TARGET = "test_ages.py::test_eighteen_is_adult";
    private static final String UNRELATED = "test_package.py::test_has_version";

    @TempDir
    Path temp;

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void aTestFailingAtBaseOutsideTheCaseNeitherDecidesTheVerdictNorReachesTheStages() throws Exception {
        Path cases = caseFile(List.of("test_ages.py::test_twelve_is_a_child", "test_ages.py::test_forty_is_not_a_child"));

        RunOutput gold = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--sandbox", "local",
                "--out", temp.resolve("gold").toString());

        assertThat(gold.exitCode()).as(gold.stderr()).isZero();
        JsonNode record = result(temp.resolve("gold")).path("record");
        assertThat(record.path("status").asText()).as(record.toString()).isEqualTo("FIXED");
        assertThat(record.path("failing").findValuesAsText("id")).containsExactly(TARGET);
        assertThat(record.path("reproduce").asText()).contains(TARGET).doesNotContain(UNRELATED);
        assertThat(record.path("notes").toString()).contains("failing at base, not part of the case: " + UNRELATED);
    }

    @Test
    void aCaseWithoutPassToPassKeepsEveryFailingTestATarget() throws Exception {
        Path cases = caseFile(List.of());

        RunOutput gold = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--sandbox", "local",
                "--out", temp.resolve("gold").toString());

        assertThat(gold.exitCode()).as(gold.stderr()).isZero();
        JsonNode record = result(temp.resolve("gold")).path("record");
        assertThat(record.path("status").asText()).isEqualTo("NOT_FIXED");
        assertThat(record.path("failing").findValuesAsText("id")).containsExactlyInAnyOrder(TARGET, UNRELATED);
    }

    private Path caseFile(List<String> passToPass) throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of("ages.py", AGES, "test_ages.py", TESTS,
                "test_package.py", PACKAGE_TESTS));
        String commit;
        try (Git git = Git.open(repo.toFile())) {
            commit = git.getRepository().resolve("HEAD").name();
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode c = json.createObjectNode();
        c.put("id", "ages-adult");
        c.put("repo", repo.toString());
        c.put("base_commit", commit);
        c.put("language", "python");
        c.putArray("fail_to_pass").add(TARGET);
        passToPass.forEach(c.putArray("pass_to_pass")::add);
        c.putObject("issue").put("title", "18-year-olds are not adults").put("description", "is_adult(18) is False");
        c.putObject("patch").put("source", FIX).put("test", "");
        Path file = temp.resolve("cases.jsonl");
        Files.writeString(file, c + "\n");
        return file;
    }

    private static JsonNode result(Path out) throws IOException {
        return new ObjectMapper().readTree(out.resolve("cases/ages-adult.json").toFile());
    }
}
