package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.RunManifest;
import dev.repofix.eval.score.EvalReport;
import dev.repofix.history.CaseScore;
import dev.repofix.history.Leaderboard;
import dev.repofix.history.LeaderboardTables;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval report}: the benchmark's figures, recomputed from saved results; or several runs compared. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Recomputes the metrics of saved results, or compares runs.",
                "No test is rerun. Writes report.md, report.json, cases.csv and, when results carry "
                        + "several context budgets, the sweep's SVG. With --compare, puts several runs side by side "
                        + "(resolved, Apply, F1, cost per resolved case, time per case) and lists the cases they "
                        + "disagree on, on stdout (and in --out as compare.md and compare.json)."})
final class EvalReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input = new Input();

    /** One run's report, or several runs compared. */
    static final class Input {
        @Option(names = "--results", required = true, paramLabel = "DIR",
                description = "The --out folder of 'eval run' or 'eval merge'.")
        Path results;

        @Option(names = "--compare", required = true, arity = "2..*", paramLabel = "DIR",
                description = "Two or more --out folders of 'eval run' or 'eval merge' (models, settings): one "
                        + "column per folder and setting.")
        List<Path> compare;
    }

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where to write the report; required with --results, optional with --compare.")
    Path out;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "markdown",
            description = "With --compare, what stdout gets: markdown or json. Default: ${DEFAULT-VALUE}")
    String format;

    @Override
    public Integer call() {
        if (input.compare == null) {
            if (out == null) {
                throw new ConfigException("eval report --results needs --out: the folder to write the report to");
            }
            List<Path> written = EvalReport.write(input.results, out);
            written.forEach(p -> spec.commandLine().getOut().println("wrote " + p));
            return ExitCodes.OK;
        }
        if (!format.equals("markdown") && !format.equals("json")) {
            throw new ConfigException("unknown --format '" + format + "'; supported: markdown, json");
        }
        Leaderboard board = Leaderboard.of(entries(input.compare));
        String markdown = "# repofix eval runs compared\n\n" + LeaderboardTables.markdown(board);
        String json = LeaderboardTables.json(board);
        spec.commandLine().getOut().print(format.equals("json") ? json : markdown);
        spec.commandLine().getOut().flush();
        if (out != null) {
            write(out.resolve("compare.md"), markdown);
            write(out.resolve("compare.json"), json);
        }
        return ExitCodes.OK;
    }

    /** One entry per folder and setting, labelled by the folder as given. */
    static List<Leaderboard.Entry> entries(List<Path> dirs) {
        List<Leaderboard.Entry> entries = new ArrayList<>();
        for (Path dir : dirs) {
            ResultStore store = new ResultStore(dir);
            List<CaseResult> results = store.results();
            if (results.isEmpty()) {
                throw new RepofixException(RepofixException.ErrorKind.INPUT, "no results in " + dir.resolve(
                        ResultStore.CASES) + "; give --compare the --out folders of 'repofix eval run' or 'eval merge'");
            }
            String model = store.manifest().map(RunManifest::model).orElse(results.get(0).model());
            Map<String, List<CaseScore>> bySetting = new TreeMap<>();
            results.forEach(r -> bySetting.computeIfAbsent(r.setting().orElse(""), k -> new ArrayList<>())
                    .add(HistoryImportCommand.score(r)));
            bySetting.forEach((setting, scores) -> entries.add(new Leaderboard.Entry(dir.toString(), model, setting,
                    scores)));
        }
        return entries;
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.RUNTIME, "cannot write " + file + ": " + e.getMessage()
                    + "; check that the --out folder is writable", e);
        }
    }
}
