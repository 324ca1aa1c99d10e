package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.history.DashboardSite;
import dev.repofix.history.HistoryStore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix history dashboard --out DIR}: the static dashboard page over every stored run. */
@Command(name = "dashboard", mixinStandardHelpOptions = true,
        description = {"Writes the static dashboard page, DIR/index.html.",
                "Success rate per model over time, per-stage metrics, cost per fixed bug and the latest "
                        + "runs (docs/dashboard.md). The page opens from file; it loads nothing and runs no script."})
final class HistoryDashboardCommand implements Callable<Integer> {
    private final Environment env;

    @Spec
    CommandSpec spec;

    @Mixin
    HistoryCommand.Store store = new HistoryCommand.Store();

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "site",
            description = "Folder for index.html (created). Default: ${DEFAULT-VALUE}")
    Path out;

    HistoryDashboardCommand(Environment env) {
        this.env = env;
    }

    @Override
    public Integer call() {
        HistoryStore history = store.open();
        Path index = new DashboardSite(env.clock()).write(history, out);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("dashboard: " + index);
        stdout.flush();
        return ExitCodes.OK;
    }
}
