package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import dev.repofix.validate.StoppedLines;
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

    private static final String STOPPED = new StoppedLines.Stopped("m.py", 3, "return next(reversed(items))", "last")
            .caveat();

    /** {@link RunResults#fixedAmongAlternatives()} with caveats on candidate {@code id}. */
    private static RunResult withCaveat(String id) {
        return withCaveats(id, List.of(FINDING));
    }

    private static RunResult withCaveats(String id, List<String> caveats) {
        RunResult r = RunResults.fixedAmongAlternatives();
        RunResultBuilder b = RunResultBuilder.from(r);
        b.candidates = r.candidates().stream().map(c -> c.id().equals(id)
                ? new CandidateRecord(c.candidate(), c.validation(), caveats) : c).toList();
        return b.build();
    }

    @Test
    void aFixThatStopsRunningALineTheTestsRanSaysWhichInTheSummaryTheReportAndTheComment() {
        RunResult r = withCaveats("c2", List.of(STOPPED));
        String expected = "This fix stops running line 3 (`return next(reversed(items))`) of `last` in m.py, which "
                + "the passing tests ran before: no test runs it with the fix applied. The tests pass, but may no "
                + "longer check that code: review before applying.";

        assertThat(new MarkdownReport().render(r)).contains("> **Caveat.** " + expected)
                .doesNotContain("makes code unreachable");
        assertThat(PullRequestComment.render(r, TARGET)).contains("**Caveat.** " + expected);
        assertThat(new SummaryReport().render(r, List.of())).contains("caveat:   this fix stops running line 3");
    }

    @Test
    void bothKindsOfCaveatReadInOneSentenceEach() {
        RunResult r = withCaveats("c2", List.of(FINDING, STOPPED));

        assertThat(new MarkdownReport().render(r)).contains("This fix makes code unreachable: the branch")
                .contains("no input can run that code any more. It also stops running line 3");
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
