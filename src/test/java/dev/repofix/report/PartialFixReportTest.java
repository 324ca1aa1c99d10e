package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * No candidate makes every failing test pass, and one is proven to make some pass and break
 * no passing test: every format shows it, with its patch, as a partial fix and not as a fix.
 */
class PartialFixReportTest {
    private static final String STILL = "org.acme.CompileOptionsTest#`sourceSeven`";

    @Test
    void everyFormatShowsThePartialFixWithItsPatchAndNeverAsTheFix() throws Exception {
        RunResult r = withPartial();

        String markdown = new MarkdownReport().render(r);
        String json = new JsonReport().render(r);
        String comment = PullRequestComment.render(r, new GitHubTarget(URI.create("https://api.github.example"),
                URI.create("https://github.example/"), "acme/bank", OptionalInt.of(7), "0123456789abcdef0123"));

        String patchLine = RunResults.RELATIONAL_LT.diff().lines().skip(2).findFirst().orElseThrow();
        assertThat(markdown).contains("## Partial fix (not VALID): `c1`", "makes 1 of 2 pass", patchLine)
                .contains("Still failing with it:").doesNotContain("## Patch (VALID)");
        assertThat(markdown).as("a test id is the run's text: a code span longer than its backticks")
                .contains("`` " + STILL + " ``");
        assertThat(Headline.of(r)).endsWith("; a partial fix makes 1 of them pass");
        assertThat(comment).contains("#### Partial fix (not VALID)", patchLine).doesNotContain("**Fix (VALID):**");
        assertThat(json).contains("\"verdict\" : \"PARTIAL\"");
        assertThat(new ReportSchema().problems(new ObjectMapper().readTree(json))).isEmpty();
        RunResult back = new RunRecordReader().read(json, "report.json");
        assertThat(back.partialFix()).map(c -> c.id()).contains("c1");
        assertThat(back.fix()).isEmpty();
    }

    @Test
    void withAFixThereIsNoPartialFix() {
        RunResultBuilder b = RunResultBuilder.from(withPartial());
        b.status = RunStatus.FIXED;
        b.fixId = Optional.of("c1");
        b.candidates = List.of(new CandidateRecord(RunResults.RELATIONAL_LT, Optional.of(new Validation("c1",
                Verdict.VALID, List.of("a", "b"), List.of(), List.of(), "", Duration.ofSeconds(3)))));

        assertThat(b.build().partialFix()).isEmpty();
    }

    private static RunResult withPartial() {
        Validation partial = new Validation("c1", Verdict.PARTIAL, List.of("org.acme.AccountTest#deposit"),
                List.of(STILL), List.of(), "makes 1 of 2 failing tests pass and breaks no passing test (whole suite "
                        + "run); still failing: " + STILL, Duration.ofSeconds(40));
        RunResultBuilder b = RunResultBuilder.from(RunResults.notFixed());
        b.status = RunStatus.NOT_FIXED;
        b.fixId = Optional.empty();
        b.candidates = List.of(new CandidateRecord(RunResults.RELATIONAL_LT, Optional.of(partial)));
        return b.build();
    }
}
