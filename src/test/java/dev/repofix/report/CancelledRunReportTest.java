package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A run cancelled after a candidate was VALID: its reports show the fix it proved, with the failing tests. */
class CancelledRunReportTest {
    @Test
    void aRunCancelledAfterAValidPatchShowsThePatchAndTheFailingTests() {
        RunResultBuilder b = RunResultBuilder.from(RunResults.fixed());
        b.status = RunStatus.CANCELLED;
        b.error = Optional.of(new RunError(RunError.Kind.CANCELLED, "validate",
                "cancelled during validate: interrupted (SIGINT or SIGTERM)"));
        RunResult r = b.build();

        String markdown = new MarkdownReport().render(r);
        String console = new SummaryReport().render(r, List.of());

        assertThat(markdown).contains("## Patch (VALID)").contains(RunResults.WITHDRAW_ALL.id());
        assertThat(console).contains("cancelled during validate after a valid patch was found");
    }
}
