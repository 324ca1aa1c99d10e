package dev.repofix.cli;

import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.report.JsonReport;
import dev.repofix.report.ReportWriter;
import dev.repofix.report.SummaryReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/** Writes a run's reports and prints what the options ask for; returns the exit code. */
final class Output {
    private Output() {}

    static int finish(RunResult result, RunOptions options, PrintWriter out) {
        List<Path> written = new ReportWriter().write(result, options.out);
        if (options.json) {
            out.print(new JsonReport().render(result));
        } else if (options.quiet) {
            out.println(new SummaryReport().render(result, List.of()).lines().findFirst().orElse(""));
        } else {
            out.print(new SummaryReport().render(result, written.stream().map(Path::toString).toList()));
        }
        out.flush();
        return result.status() == RunStatus.TESTS_PASS || result.status() == RunStatus.FIXED
                ? ExitCodes.OK
                : ExitCodes.NOT_FIXED;
    }
}
