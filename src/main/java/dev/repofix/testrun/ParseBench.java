package dev.repofix.testrun;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code repofix bench parse}: a generated Surefire-style JUnit XML report (a share of
 * the tests failing with long, chained traces; every test with output) and how fast
 * {@link JUnitXmlReportParser} reads it, with the heap it took.
 */
public final class ParseBench {
    /** One in this many tests fails. */
    static final int FAILING_EVERY = 20;
    private static final int TRACE_FRAMES = 120;

    /**
     * What one parse took.
     *
     * @param bytes        the report's size
     * @param tests        results read
     * @param failing      failing results read
     * @param seconds      wall time of the parse
     * @param cpuSeconds   CPU time of the parsing thread: on a shared machine the wall time also counts waiting for a core
     * @param peakHeapUsed the heap pools' peak use during the parse, summed (an upper bound), in bytes
     * @param maxHeap      the heap the JVM may grow to ({@code -Xmx}), in bytes
     */
    public record Figures(long bytes, int tests, int failing, double seconds, double cpuSeconds, long peakHeapUsed,
            long maxHeap) {
        public double megabytesPerSecond() {
            return bytes / 1_000_000.0 / seconds;
        }

        /** Megabytes per second of CPU time. */
        public double megabytesPerCpuSecond() {
            return bytes / 1_000_000.0 / cpuSeconds;
        }
    }

    private ParseBench() {
    }

    /** Writes a report of {@code tests} test cases, padded with output to about {@code sizeBytes}. */
    public static Path write(Path file, int tests, long sizeBytes) {
        String trace = trace();
        int failing = tests / FAILING_EVERY;
        long fixed = (long) failing * trace.length() + tests * 200L;
        int output = (int) Math.max(0, (sizeBytes - fixed) / Math.max(1, tests));
        String line = "12:00:00.000 [main] DEBUG com.acme.Service - handled request &lt;id=42&gt; in 3 ms\n";
        String out = line.repeat(Math.max(1, output / line.length()));
        try (Writer w = new BufferedWriter(Files.newBufferedWriter(file, StandardCharsets.UTF_8), 1 << 16)) {
            w.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"com.acme.GeneratedTest\" tests=\""
                    + tests + "\" failures=\"" + failing + "\" errors=\"0\" skipped=\"0\">\n");
            for (int i = 0; i < tests; i++) {
                w.write("  <testcase name=\"case" + i + "\" classname=\"com.acme.Generated" + i / 100 + "Test\" time=\"0.001\">\n");
                if (i % FAILING_EVERY == 0) {
                    w.write("    <failure message=\"expected: &lt;1&gt; but was: &lt;2&gt;\" type=\"org.opentest4j."
                            + "AssertionFailedError\">");
                    w.write(trace);
                    w.write("</failure>\n");
                }
                w.write("    <system-out><![CDATA[");
                w.write(out.replace("&lt;", "<").replace("&gt;", ">"));
                w.write("]]></system-out>\n  </testcase>\n");
            }
            w.write("</testsuite>\n");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the generated report " + file, e);
        }
        return file;
    }

    /** Parses {@code report} once, measuring time and the heap's peak use. */
    public static Figures measure(Path report) {
        List<MemoryPoolMXBean> heap = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == MemoryType.HEAP).toList();
        System.gc();
        heap.forEach(MemoryPoolMXBean::resetPeakUsage);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        List<TestResult> results = new JUnitXmlReportParser().parse(report);
        double seconds = (System.nanoTime() - start) / 1e9;
        double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        long peak = heap.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        int failing = (int) results.stream().filter(r -> r.status().isFailure()).count();
        try {
            return new Figures(Files.size(report), results.size(), failing, seconds, cpuSeconds, peak, Runtime.getRuntime().maxMemory());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A chained JUnit 5 trace of about {@value #TRACE_FRAMES} frames, escaped for XML text. */
    private static String trace() {
        StringBuilder sb = new StringBuilder("org.opentest4j.AssertionFailedError: expected: &lt;1&gt; but was: &lt;2&gt;\n");
        for (int i = 0; i < TRACE_FRAMES; i++) {
            if (i == TRACE_FRAMES / 2) {
                sb.append("Caused by: java.lang.IllegalStateException: ledger closed\n");
            }
            sb.append("\tat com.acme.layer").append(i % 7).append(".Service").append(i).append(".call(Service").append(i)
                    .append(".java:").append(10 + i).append(")\n");
        }
        return sb.toString();
    }
}
