package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix eval inject} on a pytest repository whose tests pass: the cases it makes
 * check clean, gold fixes each and the empty patch none, and the user's tree is untouched.
 */
class EvalInjectEndToEndTest {
    private static final String AGES = """
            def is_adult(age):
                return age >= 18


            def is_teen(age):
                return 13 <= age <= 19


            def total(prices):
                return sum(prices) + 0


            def discount(price, percent):
                return price - price * percent / 100
            """;
    private static final String TESTS = """
            from ages import is_adult, is_teen, total, discount


            def test_adult():
                assert is_adult(18) and not is_adult(17)


            def test_teen():
                assert is_teen(13) and is_teen(19) and not is_teen(20) and not is_teen(12)


            def test_total():
                assert total([1, 2, 3]) == 6


            def test_discount():
                assert discount(200, 10) == 180
            """;

    @TempDir
    Path temp;

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void makesCasesThatCheckCleanAndThatGoldFixesAndEmptyDoesNot() throws IOException {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of("ages.py", AGES, "test_ages.py", TESTS));
        Map<String, String> before = FixtureRepos.snapshot(repo);

        RunOutput inject = eval("eval", "inject", "--repo", repo.toString(), "--count", "4", "--seed", "7", "--out",
                temp.resolve("inj").toString());

        assertThat(inject.exitCode()).as(inject.stderr()).isZero();
        assertThat(inject.stdout()).contains("made 4 of 4 case(s)");
        List<JsonNode> cases = EvalFixtures.jsonLines(temp.resolve("inj/cases.jsonl"));
        assertThat(cases).hasSize(4).allSatisfy(c -> {
            assertThat(c.path("cause").path("file").asText()).isEqualTo("ages.py");
            assertThat(c.path("fail_to_pass")).isNotEmpty();
            assertThat(c.path("tags").toString()).contains("injected");
            assertThat(c.path("bug_types")).isNotEmpty();
        });
        assertThat(FixtureRepos.snapshot(repo)).isEqualTo(before);

        RunOutput check = eval("eval", "check", "--cases", temp.resolve("inj/cases.jsonl").toString(), "--run",
                "--out", temp.resolve("sanity").toString());
        assertThat(check.exitCode()).as(check.stdout() + check.stderr()).isZero();
        assertThat(check.stdout()).contains("4 of 4 cases sound");
    }

    @Test
    void theSameSeedMakesTheSameBugsAndARepositoryWithFailingTestsIsRefused() throws IOException {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of("ages.py", AGES, "test_ages.py", TESTS));
        eval("eval", "inject", "--repo", repo.toString(), "--count", "2", "--seed", "3", "--out",
                temp.resolve("a").toString());
        eval("eval", "inject", "--repo", repo.toString(), "--count", "2", "--seed", "3", "--out",
                temp.resolve("b").toString());

        assertThat(patches(temp.resolve("a/cases.jsonl"))).isEqualTo(patches(temp.resolve("b/cases.jsonl")))
                .hasSize(2);

        Path broken = FixtureRepos.gitRepo(temp.resolve("broken"), Map.of("ages.py",
                AGES.replace("age >= 18", "age > 18"), "test_ages.py", TESTS));
        RunOutput refused = eval("eval", "inject", "--repo", broken.toString(), "--count", "1", "--out",
                temp.resolve("c").toString());
        assertThat(refused.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(refused.stderr()).contains("1 test(s) fail before any bug is injected (first: test_ages.py::test_adult)");
    }

    @Test
    void aRepositoryWithFewerSitesThanTheCountSaysHowManyItFound() throws IOException {
        Path repo = FixtureRepos.gitRepo(temp.resolve("add"), Map.of("calc.py", "def add(a, b):\n    return a + b\n",
                "test_calc.py", "from calc import add\n\n\ndef test_add():\n    assert add(2, 3) == 5\n"));

        RunOutput inject = eval("eval", "inject", "--repo", repo.toString(), "--count", "8", "--seed", "1", "--out",
                temp.resolve("few").toString());

        assertThat(inject.exitCode()).as(inject.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(inject.stdout()).contains("made 1 of 8 case(s)")
                .containsPattern("the operators found \\d+ mutation\\(s\\) on 1 line\\(s\\) of 1 source file\\(s\\); "
                        + "a line makes one case at most");
    }

    private static List<String> patches(Path file) throws IOException {
        List<String> out = new ArrayList<>();
        for (JsonNode c : EvalFixtures.jsonLines(file)) {
            out.add(c.path("patch").path("source").asText());
        }
        return out;
    }
}
