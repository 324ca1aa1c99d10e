package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.config.RepofixException;
import java.io.PrintWriter;
import picocli.CommandLine;

/** Builds the command tree and maps errors to exit codes; the only place that does. */
final class Cli {
    private Cli() {}

    static int run(String[] args, PrintWriter out, PrintWriter err, Environment env) {
        CommandLine cl = commandLine(env);
        cl.setOut(out);
        cl.setErr(err);
        return execute(cl, args);
    }

    /**
     * Runs the command line; an {@link Error} that escapes a command (picocli hands only
     * exceptions to the handler below) is an internal error with exit 3 and one line, not
     * a JVM stack trace and exit 1. A run's own stage errors are caught in the pipeline,
     * which still writes its reports; this is the last resort outside it.
     */
    static int execute(CommandLine cl, String[] args) {
        try {
            return cl.execute(args);
        } catch (Error e) {
            cl.getErr().println("repofix: internal error: " + e + (e instanceof OutOfMemoryError
                    ? " (raise the JVM's heap with -Xmx, e.g. JAVA_TOOL_OPTIONS=-Xmx2g)"
                    : " (this is a bug; please report it with the command you ran)"));
            cl.getErr().flush();
            return ExitCodes.ERROR;
        }
    }

    static CommandLine commandLine(Environment env) {
        CommandLine cl = new CommandLine(new RepofixCommand());
        cl.addSubcommand("fix", new FixCommand(env));
        cl.addSubcommand("validate", new ValidateCommand(env));
        cl.addSubcommand("bench", new BenchCommand(env));
        cl.addSubcommand("config", new ConfigCommand(env));
        cl.addSubcommand("action", new ActionCommand(env, dev.repofix.model.Sleeper.system()));
        cl.addSubcommand("publish", new PublishCommand(env, dev.repofix.model.Sleeper.system()));
        cl.addSubcommand("env", new CommandLine(new EnvCommand())
                .addSubcommand("list", new EnvCommand.ListEnvironments(env))
                .addSubcommand("prune", new EnvCommand.Prune(env)));
        cl.addSubcommand("images", new CommandLine(new ImagesCommand())
                .addSubcommand("build", new ImagesCommand.Build(env))
                .addSubcommand("list", new ImagesCommand.ListImages(env)));
        cl.addSubcommand("history", new CommandLine(new HistoryCommand())
                .addSubcommand("list", new HistoryCommand.ListRuns(env.clock()))
                .addSubcommand("show", new HistoryCommand.Show())
                .addSubcommand("trend", new HistoryTrendCommand(env.clock()))
                .addSubcommand("compare", new HistoryTrendCommand.Compare())
                .addSubcommand("export", new HistoryExportCommand(env.clock()))
                .addSubcommand("import", new HistoryImportCommand())
                .addSubcommand("prune", new HistoryCommand.Prune(env.clock()))
                .addSubcommand("size", new HistoryCommand.Size())
                .addSubcommand("dashboard", new HistoryDashboardCommand(env)));
        cl.addSubcommand("eval", new CommandLine(new EvalCommand())
                .addSubcommand("check", new EvalCheckCommand(env))
                .addSubcommand("import", new EvalImportCommand())
                .addSubcommand("run", new EvalRunCommand(env))
                .addSubcommand("inject", new EvalInjectCommand(env))
                .addSubcommand("mine", new EvalMineCommand(env))
                .addSubcommand("merge", new EvalMergeCommand())
                .addSubcommand("report", new EvalReportCommand())
                .addSubcommand("export", new EvalExportCommand()));
        cl.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (e instanceof RepofixException re) {
                err.println("repofix: error: " + re.getMessage());
                return re.kind() == RepofixException.ErrorKind.INPUT ? ExitCodes.USAGE : ExitCodes.ERROR;
            }
            err.println("repofix: internal error: " + e + " (this is a bug; please report it with the command you ran)");
            boolean verbose = commandLine.getCommand() instanceof FixCommand f && f.verbose()
                    || commandLine.getCommand() instanceof ValidateCommand v && v.verbose();
            if (verbose) {
                e.printStackTrace(err);
            }
            return ExitCodes.ERROR;
        });
        cl.setParameterExceptionHandler((ex, args) -> {
            PrintWriter err = ex.getCommandLine().getErr();
            err.println("repofix: " + ex.getMessage());
            err.println("Try '" + ex.getCommandLine().getCommandSpec().qualifiedName() + " --help' for the options.");
            return ExitCodes.USAGE;
        });
        // Help fills the terminal it is shown on (80 columns where the width is unknown): the
        // descriptions carry no line breaks of their own, so picocli wraps them at words.
        cl.setUsageHelpAutoWidth(true);
        return cl;
    }
}
