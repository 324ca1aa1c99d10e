package dev.repofix.eval.score;

import dev.repofix.config.RepofixException;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code repofix eval report}: every figure recomputed from a run's saved results (no test
 * is rerun), written as {@code report.md}, {@code report.json}, {@code cases.csv} and, for
 * each setting whose results carry two or more context budgets, an SVG chart of the sweep.
 */
public final class EvalReport {
    private EvalReport() {}

    /**
     * @return the files written, in the order above
     * @throws RepofixException (input) when {@code results} holds no result or a file that is
     *     no valid result; (runtime) when a file cannot be written
     */
    public static List<Path> write(Path results, Path out) {
        List<CaseResult> all = new ResultStore(results).results();
        if (all.isEmpty()) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "no results in " + results.resolve(
                    ResultStore.CASES) + "; pass the --out folder of 'repofix eval run' (or of 'repofix eval merge')");
        }
        Summary summary = Aggregates.summarize(all);
        List<Path> written = new ArrayList<>();
        written.add(write(out.resolve("report.md"), MarkdownSummary.render(summary)));
        written.add(write(out.resolve("report.json"), JsonSummary.render(summary)));
        written.add(write(out.resolve("cases.csv"), CasesCsv.render(summary)));
        for (SettingSummary s : summary.settings()) {
            if (!s.sweep().isEmpty()) {
                String title = "Pass and F1 by context budget" + (s.setting().isEmpty() ? "" : " (" + s.setting() + ")");
                written.add(write(out.resolve(sweepFile(s.setting())), SweepChart.render(title, s.sweep())));
            }
        }
        return written;
    }

    static String sweepFile(String setting) {
        return setting.isEmpty() ? "sweep.svg" : "sweep-" + setting + ".svg";
    }

    private static Path write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.RUNTIME, "cannot write " + file + ": " + e.getMessage()
                    + "; check that the --out folder is writable", e);
        }
    }
}
