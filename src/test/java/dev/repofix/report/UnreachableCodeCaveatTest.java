package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import java.net.URI;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** A VALID candidate that makes code unreachable carries its caveat into every report. */
class UnreachableCodeCaveatTest {
    private static final String FINDING = "the branch `elif hasattr(default, \"__reversed__\"):` (m.py:4) can no "
            + "longer run: its test implies the earlier `if x:` (line 2)";
    private static final GitHubTarget TARGET = new GitHubTarget(URI.create("https://api.github.example"),
            URI.create("https://github.example/"), "acme/bank", OptionalInt.of(7), "0123456789abcdef0123");

    /** {@link RunResults#fixedAmongAlternatives()} with caveats on candidate {@code id}. */
    private static RunResult withCaveat(String id) {
        RunResult r = RunResults.fixedAmongAlternatives();
        RunResultBuilder b = RunResultBuilder.from(r);
        b.candidates = r.candidates().stream().map(c -> c.id().equals(id)
                ? new CandidateRecord(c.candidate(), c.validation(), List.of(FINDING)) : c).toList();
        return b.build();
    }

    @Test
    void aFixThatMakesCodeUnreachableSaysSoInTheSummaryTheReportAndTheComment() {
        RunResult r = withCaveat("c2");

        assertThat(new SummaryReport().render(r, List.of())).contains("caveat:   this fix makes code unreachable: "
                + "the branch `elif hasattr(default, \"__reversed__\"):` (m.py:4) can no longer run")
                .contains("review before applying");
        assertThat(new MarkdownReport().render(r)).contains("> **Caveat.** This fix makes code unreachable")
                .contains("`elif hasattr(default, \"__reversed__\"):`").contains("review before applying");
        assertThat(PullRequestComment.render(r, TARGET)).contains("**Caveat.** This fix makes code unreachable")
                .contains("review before applying");
    }

    @Test
    void anAlternativeThatMakesCodeUnreachableIsSaidToBeRankedAfterTheFix() {
        RunResult r = withCaveat("c3");

        assertThat(new MarkdownReport().render(r)).doesNotContain("**Caveat.**")
                .contains("ranked after the fix: it makes code unreachable");
        assertThat(new SummaryReport().render(r, List.of())).doesNotContain("caveat:")
                .contains("ranked after the fix: it makes code unreachable");
        assertThat(PullRequestComment.render(r, TARGET)).contains("ranked after the fix: it makes code unreachable");
    }

    @Test
    void theJsonRecordKeepsTheCaveatsAndReadsThemBack() throws Exception {
        RunResult r = withCaveat("c2");
        String json = new JsonReport().render(r);
        JsonNode root = new ObjectMapper().readTree(json);

        assertThat(root.get("fixCaveats")).hasSize(1);
        assertThat(root.get("fixCaveats").get(0).asText()).isEqualTo(FINDING);
        assertThat(root.get("candidates").get(2).get("caveats")).isEmpty();
        assertThat(new RunRecordReader().read(json, "report.json").caveats("c2")).containsExactly(FINDING);
        assertThat(new ObjectMapper().readTree(new JsonReport().render(RunResults.fixed())).get("fixCaveats"))
                .isEmpty();
    }
}
