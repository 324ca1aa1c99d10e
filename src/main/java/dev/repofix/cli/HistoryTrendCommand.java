package dev.repofix.cli;

import dev.repofix.history.HistoryStore;
import dev.repofix.history.HistoryTables;
import dev.repofix.history.TrendBy;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code repofix history trend}: repair success grouped by model, repository, week or stage. */
@Command(name = "trend", mixinStandardHelpOptions = true,
        description = {"Repair success of the kept runs by model, repo, week or stage.",
                "Per group: runs, cases, localized, applied, fixed, fix rate, issue score, tokens, cost "
                        + "and cost per fix."})
final class HistoryTrendCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    HistoryCommand.Store store = new HistoryCommand.Store();

    @Mixin
    HistoryCommand.Filter filter;

    HistoryTrendCommand(java.time.Clock clock) {
        filter = new HistoryCommand.Filter(clock);
    }

    @Option(names = "--by", paramLabel = "model|repo|week|stage", defaultValue = "model",
            description = "What to group by. Default: ${DEFAULT-VALUE}")
    String by;

    @Override
    public Integer call() {
        TrendBy grouping = TrendBy.parse(by);
        HistoryStore s = store.open();
        PrintWriter out = spec.commandLine().getOut();
        out.print(grouping == TrendBy.STAGE ? HistoryTables.stages(s.stageTrend(filter.filter()))
                : HistoryTables.trend(grouping, s.trend(grouping, filter.filter())));
        out.flush();
        return ExitCodes.OK;
    }

    /** {@code repofix history compare RUN RUN}: what two eval runs got differently, case by case. */
    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = {"Lines up the cases of two eval runs and shows where they differ.",
                "Two models, or one model before and after a change: each case fixed in one only, "
                        + "localized or judged otherwise, or run in one only."})
    static final class Compare implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        HistoryCommand.Store store = new HistoryCommand.Store();

        @Parameters(index = "0", paramLabel = "RUN", description = "The first (earlier) eval run's id.")
        String before;

        @Parameters(index = "1", paramLabel = "RUN", description = "The second eval run's id.")
        String after;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            out.print(HistoryTables.compare(before, after, store.open().compare(before, after)));
            out.flush();
            return ExitCodes.OK;
        }
    }
}
