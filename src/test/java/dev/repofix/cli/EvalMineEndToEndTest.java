package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.client.WireMock;
import com.github.tomakehurst.wiremock.core.WireMockConfiguration;
import dev.repofix.eval.mine.FixHistory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix eval mine} over {@link FixHistory}: a fix commit, a non-fix, a merge, a
 * test-only commit and more; the cases it writes check clean and, verified, gold fixes
 * each and the empty patch none.
 */
class EvalMineEndToEndTest {
    @TempDir
    Path temp;

    private Path repo;
    private Map<String, String> commits;

    @BeforeEach
    void history() throws Exception {
        repo = temp.resolve("shop");
        commits = FixHistory.write(repo);
    }

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void minesTheFixCommitsAndSaysWhyTheOthersGaveNoCase() throws IOException {
        RunOutput mine = eval("eval", "mine", "--repo", repo.toString(), "--out", temp.resolve("mined").toString());

        assertThat(mine.exitCode()).as(mine.stderr()).isZero();
        assertThat(mine.stdout()).contains("mined 2 case(s) from 10 commit(s)")
                .contains("skipped 1: merge commit").contains("skipped 1: first commit: no parent to be the base")
                .contains("skipped 3: neither the message nor a closed issue says bug or fix")
                .contains("skipped 1: changes no source file").contains("skipped 1: its source change gives no "
                        + "reference location").contains("skipped 1: names no test");
        List<JsonNode> cases = EvalFixtures.jsonLines(temp.resolve("mined/cases.jsonl"));
        assertThat(cases).extracting(c -> c.path("base_commit").asText())
                .containsExactly(commits.get("imports"), commits.get("root"));
        assertThat(cases.get(0).path("tags").toString()).contains("multi-file");
        assertThat(cases.get(1).path("fail_to_pass").toString()).contains("tests/test_price.py::test_clamp_above_high");

        RunOutput check = eval("eval", "check", "--cases", temp.resolve("mined/cases.jsonl").toString());
        assertThat(check.exitCode()).as(check.stdout()).isZero();
    }

    @Test
    void verifiedCasesListTheirTestsFromTheRunsAndGoldFixesThemWhileEmptyDoesNot() throws IOException {
        RunOutput mine = eval("eval", "mine", "--repo", repo.toString(), "--verify", "--since", "2026-01-02",
                "--out", temp.resolve("mined").toString());

        assertThat(mine.exitCode()).as(mine.stderr()).isZero();
        assertThat(mine.stdout()).contains("mined 2 case(s)").contains("skipped 1: no test fails at the parent");
        List<JsonNode> cases = EvalFixtures.jsonLines(temp.resolve("mined/cases.jsonl"));
        assertThat(cases).allSatisfy(c -> assertThat(c.path("tags").toString()).contains("verified"));
        JsonNode clamp = cases.get(1);
        assertThat(clamp.path("fail_to_pass").toString()).isEqualTo("[\"tests/test_price.py::test_clamp_above_high\"]");
        assertThat(clamp.path("pass_to_pass").toString()).contains("tests/test_price.py::test_discount");

        RunOutput check = eval("eval", "check", "--cases", temp.resolve("mined/cases.jsonl").toString(), "--run",
                "--out", temp.resolve("sanity").toString());
        assertThat(check.exitCode()).as(check.stdout() + check.stderr()).isZero();
        assertThat(check.stdout()).contains("2 of 2 cases sound");
    }

    @Test
    void aRerunIntoTheSameOutKeepsWhatAKilledRunVerifiedAndSkipsThoseCommits() throws IOException {
        Path out = temp.resolve("mined");
        Path file = out.resolve("cases.jsonl");
        eval("eval", "mine", "--repo", repo.toString(), "--verify", "--since", "2026-01-02", "--out", out.toString());
        List<String> whole = Files.readAllLines(file);
        assertThat(whole).hasSize(2);
        // As a run killed while writing the second case leaves the file: the first line and part of the second.
        Files.writeString(file, whole.get(0) + "\n" + whole.get(1).substring(0, 40));
        String first = id(whole.get(0));

        RunOutput resumed = eval("eval", "mine", "--repo", repo.toString(), "--verify", "--since", "2026-01-02",
                "--out", out.toString());

        assertThat(resumed.exitCode()).as(resumed.stderr()).isZero();
        assertThat(resumed.stdout()).contains("mined 1 case(s)")
                .contains("skipped 1: already in " + file + " from an earlier run (not verified again)");
        assertThat(resumed.stderr()).contains("kept " + id(whole.get(1))).doesNotContain("kept " + first);
        assertThat(Files.readAllLines(file)).containsExactlyElementsOf(whole);

        RunOutput again = eval("eval", "mine", "--repo", repo.toString(), "--verify", "--since", "2026-01-02",
                "--out", out.toString());
        assertThat(again.exitCode()).as(again.stderr()).isZero();
        assertThat(again.stdout()).contains("mined 0 case(s)").contains("skipped 2: already in");
        assertThat(Files.readAllLines(file)).containsExactlyElementsOf(whole);
    }

    private static String id(String line) throws IOException {
        return new com.fasterxml.jackson.databind.ObjectMapper().readTree(line).path("id").asText();
    }

    @Test
    void aFixClosingAGitLabBugIssueIsMinedWithTheIssuesTitleDescriptionAndLabels() throws IOException {
        WireMockServer gitlab = new WireMockServer(WireMockConfiguration.wireMockConfig().dynamicPort());
        gitlab.start();
        try {
            gitlab.stubFor(WireMock.get(WireMock.urlEqualTo("/api/v4/projects/acme%2Fshop/issues/7"))
                    .willReturn(WireMock.okJson("""
                            {"id":84,"iid":7,"project_id":3,"title":"Average of an empty cart",
                             "description":"average([]) raises ZeroDivisionError","state":"closed",
                             "labels":["bug"],"web_url":"https://gitlab.example/acme/shop/-/issues/7",
                             "references":{"short":"#7","relative":"#7","full":"acme/shop#7"}}
                            """)));

            RunOutput mine = RunOutput.run(temp.resolve("work"), temp.resolve("unused"),
                    Map.of("GITLAB_TOKEN", "glpat-t0ken"), "eval", "mine", "--repo", repo.toString(), "--gitlab",
                    "acme/shop", "--gitlab-url", gitlab.baseUrl(), "--out", temp.resolve("mined").toString());

            assertThat(mine.exitCode()).as(mine.stderr()).isZero();
            assertThat(mine.stdout()).contains("mined 3 case(s)");
            JsonNode average = EvalFixtures.jsonLines(temp.resolve("mined/cases.jsonl")).get(0);
            assertThat(average.path("base_commit").asText()).isEqualTo(commits.get("merge"));
            assertThat(average.path("issue").path("title").asText()).isEqualTo("Average of an empty cart");
            assertThat(average.path("issue").path("description").asText())
                    .isEqualTo("average([]) raises ZeroDivisionError");
            assertThat(average.path("tags").toString()).contains("closes-7");
            gitlab.verify(WireMock.getRequestedFor(WireMock.urlEqualTo("/api/v4/projects/acme%2Fshop/issues/7"))
                    .withHeader("PRIVATE-TOKEN", WireMock.equalTo("glpat-t0ken")));
        } finally {
            gitlab.stop();
        }
    }

    @Test
    void minedCasesRoundTripThroughSweBenchTaskInstances() throws IOException {
        eval("eval", "mine", "--repo", repo.toString(), "--out", temp.resolve("mined").toString());
        Path instances = temp.resolve("instances.jsonl");

        RunOutput export = eval("eval", "export", "--format", "swebench", "--cases",
                temp.resolve("mined/cases.jsonl").toString(), "--out", instances.toString());
        RunOutput back = eval("eval", "import", "--format", "swebench", "--file", instances.toString(), "--repo-map",
                "local/shop=" + repo.toAbsolutePath().normalize(), "--out", temp.resolve("back.jsonl").toString());

        assertThat(export.exitCode()).as(export.stderr()).isZero();
        assertThat(export.stdout()).contains("wrote 2 task instances");
        assertThat(back.exitCode()).as(back.stdout() + back.stderr()).isZero();
        List<JsonNode> mined = EvalFixtures.jsonLines(temp.resolve("mined/cases.jsonl"));
        List<JsonNode> imported = EvalFixtures.jsonLines(temp.resolve("back.jsonl"));
        assertThat(imported).hasSameSizeAs(mined);
        for (int i = 0; i < mined.size(); i++) {
            for (String field : List.of("id", "repo", "base_commit", "language", "fail_to_pass", "pass_to_pass",
                    "issue", "patch", "created_at")) {
                assertThat(imported.get(i).get(field)).as(field).isEqualTo(mined.get(i).get(field));
            }
        }
    }
}
