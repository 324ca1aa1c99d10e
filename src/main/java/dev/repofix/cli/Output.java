package dev.repofix.cli;

import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.report.JsonReport;
import dev.repofix.report.ReportWriter;
import dev.repofix.report.SummaryReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Writes a run's reports and prints what the options ask for; returns the exit code. */
final class Output {
    private Output() {}

    static int finish(RunResult result, RunOptions options, PrintWriter out, PrintWriter err) {
        // One report that cannot be written is a warning; the others are still written.
        List<Path> written = new ReportWriter(w -> err.println("repofix: warning: " + w)).write(result, options.out);
        if (options.json) {
            out.print(new JsonReport().render(result));
        } else if (options.quiet) {
            out.println(new SummaryReport().render(result, List.of()).lines().findFirst().orElse(""));
        } else {
            out.print(new SummaryReport().render(result, written.stream().map(Path::toString).toList()));
        }
        out.flush();
        result.error().filter(e -> e.kind() != RunError.Kind.MODEL && e.kind() != RunError.Kind.ENGINE)
                .ifPresent(e -> err.println("repofix: " + (e.kind() == RunError.Kind.CANCELLED ? "" : "error: ")
                        + e.message() + " (report in " + options.out + ")"));
        err.flush();
        return exitCode(result);
    }

    /** The process exit code of a run: the contract documented in the README. */
    static int exitCode(RunResult result) {
        return switch (result.status()) {
            case TESTS_PASS, FIXED -> ExitCodes.OK;
            case NOT_FIXED, FLAKY_ONLY, STAGE_FAILED, BUILD_BROKEN, ENVIRONMENT -> ExitCodes.NOT_FIXED;
            case ERROR -> result.error().filter(e -> e.kind() == RunError.Kind.INPUT).isPresent() ? ExitCodes.USAGE
                    : ExitCodes.ERROR;
            case CANCELLED -> ExitCodes.ERROR;
        };
    }
}
