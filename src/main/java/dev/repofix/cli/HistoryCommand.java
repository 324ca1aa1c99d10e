package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.config.RepofixException;
import dev.repofix.history.HistoryStore;
import dev.repofix.history.HistoryTables;
import dev.repofix.history.Retention;
import dev.repofix.history.RunDetail;
import dev.repofix.history.RunFilter;
import dev.repofix.history.RunSummary;
import dev.repofix.history.StoreLocation;
import dev.repofix.history.StoredRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code repofix history}: the kept runs; it only lists its subcommands. */
@Command(name = "history", mixinStandardHelpOptions = true,
        description = {"Every recorded fix and eval run (docs/history.md).",
                "Subcommands: list, show, trend, compare, export, dashboard, import, prune, size. The "
                        + "store is .repofix/history.db unless --history names a SQLite file or a "
                        + "jdbc:postgresql:// URL."})
final class HistoryCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.USAGE;
    }

    /** {@code --history [PATH|JDBC-URL]} on fix and eval run: record the run there; bare, the default store. */
    static final class Recording {
        @Option(names = "--history", arity = "0..1", fallbackValue = "", paramLabel = "PATH|JDBC-URL",
                description = "Also record the run in the history: nothing for the default "
                        + StoreLocation.DEFAULT_FILE + ", a SQLite file or a jdbc:postgresql:// URL. A failure to "
                        + "record is a warning.")
        String history;

        boolean wanted() {
            return history != null;
        }
    }

    /** {@code --history PATH|JDBC-URL} on the history commands: which store to read. */
    static final class Store {
        @Option(names = "--history", paramLabel = "PATH|JDBC-URL", description = "The store: a SQLite file or a "
                + "jdbc:postgresql:// URL. Default: " + StoreLocation.DEFAULT_FILE)
        String history;

        HistoryStore open() {
            return HistoryStore.open(location());
        }

        StoreLocation location() {
            return StoreLocation.of(history, workingDirectory());
        }
    }

    static Path workingDirectory() {
        return Path.of("").toAbsolutePath();
    }

    /**
     * Records a finished run where {@code history} says; any failure is a warning on {@code err}: the run
     * and its report stand whether or not the history took it.
     */
    static void record(String history, Path base, Supplier<StoredRun> run, PrintWriter err) {
        StoreLocation where = null;
        try {
            where = StoreLocation.of(history, base);
            StoredRun stored = run.get();
            HistoryStore.open(where).record(stored);
            err.println("repofix: recorded run " + stored.id() + " in the history " + where.shown());
        } catch (RepofixException | IllegalArgumentException e) {
            err.println("repofix: warning: the run was not recorded in the history"
                    + (where == null ? "" : " " + where.shown()) + ": " + e.getMessage());
        }
        err.flush();
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "The newest runs, one line each.")
    static final class ListRuns implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Store store = new Store();

        @Mixin
        Filter filter;

        ListRuns(Clock clock) {
            filter = new Filter(clock);
        }

        @Option(names = "--limit", paramLabel = "N", defaultValue = "50", description = "At most N runs, newest "
                + "first; 0 for all. Default: ${DEFAULT-VALUE}")
        int limit;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            out.print(HistoryTables.runs(store.open().runs(filter.filter().limit(limit))));
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** Which runs a command is over: {@code --since 30d --model M --repo R --kind fix|eval}. */
    static final class Filter {
        /** What "the last AGE" is counted back from. */
        private final Clock clock;

        Filter(Clock clock) {
            this.clock = clock;
        }

        @Option(names = "--since", paramLabel = "AGE", description = "Only runs begun in the last AGE (90d, 12w).")
        String since;

        @Option(names = "--model", paramLabel = "MODEL", description = "Only runs of this model.")
        String model;

        @Option(names = "--repo", paramLabel = "REPO", description = "Only runs of this repository (or case file).")
        String repo;

        @Option(names = "--kind", paramLabel = "fix|eval", description = "Only fix or only eval runs.")
        String kind;

        RunFilter filter() {
            RunFilter f = RunFilter.all();
            if (since != null) {
                f = f.since(clock.instant().minus(Retention.parse(since)));
            }
            if (model != null) {
                f = f.model(model);
            }
            if (repo != null) {
                f = f.repository(repo);
            }
            if (kind != null) {
                try {
                    f = f.kind(RunSummary.RunKind.valueOf(kind.strip().toUpperCase(Locale.ROOT)));
                } catch (IllegalArgumentException e) {
                    throw new ConfigException("--kind is fix or eval, not '" + kind + "'");
                }
            }
            return f;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true, description = "One run: its stages, candidates and "
            + "cases.")
    static final class Show implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Store store = new Store();

        @Parameters(index = "0", paramLabel = "ID", description = "The run's id (history list shows them).")
        String id;

        @Override
        public Integer call() {
            RunDetail run = store.open().run(id).orElseThrow(() -> new ConfigException("no run "
                    + id + " in the history " + store.location().shown() + ": 'repofix history list' shows the runs "
                    + "there are"));
            spec.commandLine().getOut().print(HistoryTables.detail(run));
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "prune", mixinStandardHelpOptions = true, description = "Removes runs older than an age, with "
            + "all their rows.")
    static final class Prune implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Store store = new Store();

        @Option(names = "--older-than", required = true, paramLabel = "AGE", description = "e.g. 180d or 26w.")
        String olderThan;

        private final Clock clock;

        Prune(Clock clock) {
            this.clock = clock;
        }

        @Override
        public Integer call() {
            Instant cutoff = clock.instant().minus(Retention.parse(olderThan));
            int removed = store.open().prune(cutoff);
            spec.commandLine().getOut().println("repofix history: removed " + removed + " run(s) begun before "
                    + cutoff);
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "size", mixinStandardHelpOptions = true,
            description = {"The store's runs and rows, their time span and the space taken."})
    static final class Size implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Store store = new Store();

        @Override
        public Integer call() {
            HistoryStore s = store.open();
            spec.commandLine().getOut().print(HistoryTables.size(s.size(), s.location()));
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }
}
