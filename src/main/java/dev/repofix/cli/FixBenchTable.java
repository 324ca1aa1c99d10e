package dev.repofix.cli;

import dev.repofix.app.FixBench;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/** {@code bench fix}'s table: each step's seconds and share of T_suite, as issue 31 lays it out. */
final class FixBenchTable {
    private FixBenchTable() {}

    static void print(FixBench.Figures f, String sandbox, double load, PrintWriter out) {
        out.printf(Locale.ROOT, "repofix bench fix: %s, sandbox %s (%s), %d tests, load %.2f%n", f.kind().label(),
                sandbox, f.run().sandbox(), f.suiteTests(), load);
        out.println("project: " + f.project());
        out.printf(Locale.ROOT, "T_suite: %.2f s, one bare run of '%s' after the fix's run%n", secs(f.suite()),
                f.suiteCommand());
        out.println("verdict: " + f.run().status() + f.run().fixId().map(id -> " (fix " + id + ")").orElse(""));
        out.println();
        out.println("| step | seconds | x T_suite | detail |");
        out.println("| --- | ---: | ---: | --- |");
        for (FixBench.Step s : f.steps()) {
            String seconds = s.time().map(d -> String.format(Locale.ROOT, "%.2f", secs(d))).orElse("-");
            String ratio = s.time().map(d -> String.format(Locale.ROOT, "%.2f", f.ratio(d))).orElse("-");
            out.println("| " + s.step() + " | " + seconds + " | " + ratio + " | " + s.detail().replace('|', '/')
                    + " |");
        }
        f.run().notes().forEach(n -> out.println("  note: " + n));
        out.flush();
    }

    private static double secs(Duration d) {
        return d.toNanos() / 1e9;
    }
}
