package dev.repofix.cli;

import dev.repofix.testrun.ParseBench;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * {@code repofix bench parse}: writes a generated JUnit XML report, parses it here and
 * in a child JVM capped at {@value #CHILD_HEAP} (which proves the bound: the parse fails
 * there if it needs more), and prints MB/s and the heap's peak use of each.
 */
final class ParseBenchCommand {
    static final String CHILD_HEAP = "256m";
    private static final long CHILD_TIMEOUT_MINUTES = 10;

    private final int tests;
    private final int sizeMb;

    ParseBenchCommand(int tests, int sizeMb) {
        this.tests = tests;
        this.sizeMb = sizeMb;
    }

    int run(Path tempDir, PrintWriter out) throws IOException, InterruptedException {
        Path report = tempDir.resolve("repofix-bench-parse-" + UUID.randomUUID() + ".xml");
        try {
            ParseBench.write(report, tests, sizeMb * 1_000_000L);
            out.printf(Locale.ROOT, "report: %d tests, %.1f MB (1 in %d failing with a chained trace; every test with "
                    + "output)%n", tests, Files.size(report) / 1e6, 20);
            out.println("where                  MB/s  MB/cpu-s   seconds  results  failing  peak heap  max heap");
            print(out, "this JVM", ParseBench.measure(report));
            out.flush();
            child(report, out);
        } finally {
            Files.deleteIfExists(report);
        }
        return ExitCodes.OK;
    }

    private static void print(PrintWriter out, String where, ParseBench.Figures f) {
        out.printf(Locale.ROOT, "%-20s %6.1f %9.1f %9.2f %8d %8d %6d MiB %5d MiB%n", where, f.megabytesPerSecond(),
                f.megabytesPerCpuSecond(), f.seconds(),
                f.tests(), f.failing(), f.peakHeapUsed() >> 20, f.maxHeap() >> 20);
    }

    /** The same parse in a fresh JVM with {@code -Xmx}{@value #CHILD_HEAP}. */
    private static void child(Path report, PrintWriter out) throws IOException, InterruptedException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process p = new ProcessBuilder(List.of(java, "-Xmx" + CHILD_HEAP, "-cp", System.getProperty("java.class.path"),
                ParseBenchCommand.class.getName(), report.toString())).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] said = p.getInputStream().readAllBytes();
        if (!p.waitFor(CHILD_TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            out.println("child JVM -Xmx" + CHILD_HEAP + ": did not finish in " + CHILD_TIMEOUT_MINUTES + " minutes");
            return;
        }
        String text = new String(said, StandardCharsets.UTF_8).strip();
        if (p.exitValue() != 0) {
            out.println("child JVM -Xmx" + CHILD_HEAP + ": FAILED (exit " + p.exitValue() + "): " + text);
            return;
        }
        String[] f = text.lines().reduce((a, b) -> b).orElse("").split(" ");
        print(out, "child JVM -Xmx" + CHILD_HEAP, new ParseBench.Figures(Long.parseLong(f[0]), Integer.parseInt(f[1]),
                Integer.parseInt(f[2]), Double.parseDouble(f[3]), Double.parseDouble(f[4]), Long.parseLong(f[5]),
                Long.parseLong(f[6])));
    }

    /** The child JVM: parses the report named by the one argument and prints its figures on one line. */
    public static void main(String[] args) {
        ParseBench.Figures f = ParseBench.measure(Path.of(args[0]));
        System.out.println(f.bytes() + " " + f.tests() + " " + f.failing() + " " + f.seconds() + " " + f.cpuSeconds()
                + " " + f.peakHeapUsed()
                + " " + f.maxHeap());
    }
}
