package dev.repofix.cli;

import dev.repofix.eval.score.EvalReport;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval report}: the benchmark's figures, recomputed from saved results. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Recomputes every metric from a benchmark run's saved results.",
                "No test is rerun. Writes report.md, report.json, cases.csv and, when results carry "
                        + "several context budgets, the sweep's SVG."})
final class EvalReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    EvalResultsOption results = new EvalResultsOption();

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where to write the report.")
    Path out;

    @Override
    public Integer call() {
        List<Path> written = EvalReport.write(results.results, out);
        written.forEach(p -> spec.commandLine().getOut().println("wrote " + p));
        return ExitCodes.OK;
    }
}
