package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval check --run} on a case whose set-up installs, from the package index, a
 * package this machine does not have ({@code inflection}) and whose code imports it: the
 * case's test runs get the environment the set-up made, so gold passes and the empty patch
 * does not. Needs the network to the package index and real pytest, so tagged slow.
 */
@Tag("slow")
class EvalSetupEnvironmentEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void goldPassesOnACaseWhoseSetUpInstallsAPackageTheMachineLacks() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("words"), Map.of(
                "words/__init__.py", "",
                "words/plural.py", """
                        import inflection


                        def plural(word):
                            return inflection.singularize(word)
                        """,
                "tests/test_plural.py", """
                        from words.plural import plural


                        def test_one_word():
                            assert plural("word") != ""
                        """));
        String commit;
        try (Git git = Git.open(repo.toFile())) {
            commit = git.getRepository().resolve("HEAD").name();
        }
        ObjectNode c = new ObjectMapper().createObjectNode();
        c.put("id", "plural-1").put("repo", repo.toString()).put("base_commit", commit).put("language", "python");
        c.putArray("fail_to_pass").add("tests/test_plural.py::test_apples");
        c.putArray("pass_to_pass").add("tests/test_plural.py::test_one_word");
        c.putObject("issue").put("title", "plural() singularizes").put("description", "plural('apple') is 'apple'");
        c.putObject("patch").put("source", """
                --- a/words/plural.py
                +++ b/words/plural.py
                @@ -5 +5 @@
                -    return inflection.singularize(word)
                +    return inflection.pluralize(word)
                """).put("test", """
                --- a/tests/test_plural.py
                +++ b/tests/test_plural.py
                @@ -5,0 +6,4 @@
                +
                +
                +def test_apples():
                +    assert plural("apple") == "apples"
                """);
        // Nothing of the machine's packages is seen: the set-up installs the test runner too.
        c.putArray("setup").add("python -m pip install --quiet --disable-pip-version-check pytest inflection");
        Path cases = temp.resolve("cases.jsonl");
        Files.writeString(cases, c + "\n");

        RunOutput check = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "eval", "check", "--cases",
                cases.toString(), "--run", "--out", temp.resolve("sanity").toString());

        assertThat(check.exitCode()).as(check.stdout() + check.stderr()).isZero();
        assertThat(check.stdout()).contains("plural-1: OK");
        JsonNode gold = EvalRunEndToEndTest.results(temp.resolve("sanity/gold")).getFirst().path("record");
        assertThat(gold.path("status").asText()).isEqualTo("FIXED");
        assertThat(gold.path("stages")).filteredOn(s -> s.path("stage").asText().equals("setup")).singleElement()
                .satisfies(s -> assertThat(s.path("summary").asText())
                        .matches("environment: case venv, 1 set-up command\\(s\\) \\(prepared in .*\\)"));
        JsonNode empty = EvalRunEndToEndTest.results(temp.resolve("sanity/empty")).getFirst().path("record");
        assertThat(empty.path("status").asText()).isEqualTo("NOT_FIXED");
        assertThat(List.of(gold, empty)).allSatisfy(r -> assertThat(r.path("failing").toString())
                .as("the package imports in the test runs").doesNotContain("inflection"));
    }
}
