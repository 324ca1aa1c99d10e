package dev.repofix.cli;

import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.run.EvalRunner;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.pipeline.RunResult;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** One line per case as it ends, with a running tally; on a terminal, a bar under them. */
final class EvalProgress implements EvalRunner.Progress {
    private static final int BAR = 30;
    private final PrintWriter err;
    private final boolean terminal;
    private final Map<String, Integer> tally = new LinkedHashMap<>();

    EvalProgress(PrintWriter err) {
        this(err, false);
    }

    /** @param terminal whether a person watches a terminal: then a bar is redrawn in place */
    EvalProgress(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    @Override
    public synchronized void finished(CaseResult r, int done, int total) {
        if (terminal) {
            err.print("\r\033[K"); // the bar's line, cleared for the case's line
        }
        String verdict = r.record().map(rec -> rec.status().name()).orElse("-");
        String label = switch (r.status()) {
            case SCORED -> verdict.equals("FIXED") ? "pass" : "fail";
            case ERROR -> "error";
            case BROKEN -> "broken";
            case FLAKY -> "flaky";
        };
        tally.merge(label, 1, Integer::sum);
        String cost = r.record().flatMap(RunResult::costUsd).map(v -> String.format(Locale.ROOT, " $%.4f", v))
                .orElse("");
        err.printf(Locale.ROOT, "[%d/%d] %s  %s %s  %.1fs%s  (%s)%n", done, total, r.key(), r.status(), verdict,
                r.times().wallMs() / 1000.0, cost, tally());
        r.error().filter(e -> r.status() != ResultStatus.SCORED)
                .ifPresent(e -> err.println("    " + e.lines().findFirst().orElse("")));
        if (terminal) {
            int filled = total == 0 ? BAR : done * BAR / total;
            err.print("[" + "#".repeat(filled) + ".".repeat(BAR - filled) + "] " + done + "/" + total + " cases"
                    + (done == total ? System.lineSeparator() : ""));
        }
        err.flush();
    }

    synchronized String tally() {
        return tally.isEmpty() ? "nothing run" : tally.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
                .reduce((a, b) -> a + ", " + b).orElse("");
    }
}
