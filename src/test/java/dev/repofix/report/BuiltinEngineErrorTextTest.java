package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.pipeline.StageRecord;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * A builtin run that stopped in a stage: every reporter names the builtin engine, the
 * stage and the cause, and none sends the reader to a model's endpoint or settings.
 */
class BuiltinEngineErrorTextTest {
    /** The message the pipeline gives a builtin stage that ran out of the budget. */
    private static final String MESSAGE = "the builtin engine's localize stage did not finish within what was left of "
            + "the run's time budget (4m12s); raise --timeout, or pass a --test-cmd that runs fewer tests, or lower "
            + "--max-candidates";
    private static final GitHubTarget TARGET = new GitHubTarget(URI.create("https://api.github.example"),
            URI.create("https://github.example/"), "acme/bank", OptionalInt.of(7), "0123456789abcdef0123");

    @Test
    void everyReporterNamesTheBuiltinEngineAndItsStageAndNoModel() throws Exception {
        RunResult r = builtinStoppedInLocalize();

        Map<String, String> reports = Map.of(
                "report.md", new MarkdownReport().render(r),
                "comment", PullRequestComment.render(r, TARGET),
                "console", new SummaryReport().render(r, List.of()),
                "report.json", new JsonReport().render(r));

        reports.forEach((name, text) -> assertThat(text).as(name).contains("builtin engine")
                .contains("localize").doesNotContain("--model").doesNotContainIgnoringCase("endpoint")
                .doesNotContain("The model could not answer"));
        assertThat(reports.get("report.md")).contains("## The builtin engine could not answer (localize)");
        assertThat(reports.get("console")).contains("error:    The builtin engine could not answer in localize");
        assertThat(reports.get("report.json")).contains("\"kind\" : \"ENGINE\"");
        assertThat(new ReportSchema().problems(new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(reports.get("report.json")))).isEmpty();
    }

    private static RunResult builtinStoppedInLocalize() {
        RunError error = new RunError(RunError.Kind.ENGINE, "localize", MESSAGE);
        RunResultBuilder b = RunResultBuilder.from(RunResults.notFixed());
        b.model = "builtin";
        b.status = RunStatus.STAGE_FAILED;
        b.localization = Optional.empty();
        b.candidates = List.of();
        b.fixId = Optional.empty();
        b.error = Optional.of(error);
        b.stages = List.of(StageRecord.failed("localize", Duration.ofMinutes(4), Optional.empty(), error));
        return b.build();
    }
}
