package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.history.HistoryExport;
import dev.repofix.history.RunSummary;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix history export}: the kept runs as CSV or JSON on standard output. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"The kept runs as CSV or a JSON array on standard output.",
                "One row each, newest first."})
final class HistoryExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    HistoryCommand.Store store = new HistoryCommand.Store();

    @Mixin
    HistoryCommand.Filter filter;

    HistoryExportCommand(java.time.Clock clock) {
        filter = new HistoryCommand.Filter(clock);
    }

    @Option(names = "--format", paramLabel = "csv|json", defaultValue = "csv", description = "Default: "
            + "${DEFAULT-VALUE}")
    String format;

    @Override
    public Integer call() {
        if (!format.equals("csv") && !format.equals("json")) {
            throw new ConfigException("--format is csv or json, not '" + format + "'");
        }
        List<RunSummary> runs = store.open().runs(filter.filter());
        PrintWriter out = spec.commandLine().getOut();
        out.print(format.equals("csv") ? HistoryExport.csv(runs) : HistoryExport.json(runs));
        out.flush();
        return ExitCodes.OK;
    }
}
