package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A candidate that passed screening and whose full run the budget cut off: shown with its patch, not as a fix. */
class ScreenedNotFinishedReportTest {
    @Test
    void theReportShowsTheScreenedCandidateWithItsPatchAndTheSchemaAcceptsItsVerdict() throws Exception {
        Validation cut = new Validation("c1", Verdict.SCREENED_NOT_FINISHED, List.of(), List.of(), List.of(),
                "screened VALID, full run not finished: the failing tests pass with it, but the run of the whole "
                        + "suite was cut off by the time budget after 31.9s; raise --timeout to have it proven",
                Duration.ofSeconds(40));
        RunResultBuilder b = RunResultBuilder.from(RunResults.notFixed());
        b.status = RunStatus.NOT_FIXED;
        b.fixId = Optional.empty();
        b.candidates = List.of(new CandidateRecord(RunResults.RELATIONAL_LT, Optional.of(cut)));
        RunResult r = b.build();

        String markdown = new MarkdownReport().render(r);
        String json = new JsonReport().render(r);

        assertThat(markdown).contains("## Screened VALID, full run not finished: `c1`")
                .contains(RunResults.RELATIONAL_LT.diff().lines().skip(2).findFirst().orElseThrow())
                .doesNotContain("## Patch (VALID)");
        assertThat(json).contains("\"verdict\" : \"SCREENED_NOT_FINISHED\"");
        assertThat(new ReportSchema().problems(new ObjectMapper().readTree(json))).isEmpty();
    }
}
