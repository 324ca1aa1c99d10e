package dev.repofix.cli;

import dev.repofix.history.GeneratedHistory;
import dev.repofix.history.HistoryStore;
import dev.repofix.history.RunFilter;
import dev.repofix.history.StoreLocation;
import dev.repofix.history.TrendBy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code repofix bench history}: fills a SQLite store with N generated runs ({@link GeneratedHistory}) and
 * times every trend on it, median of the repeats.
 * Not a subcommand of its own: {@code bench} calls it.
 */
final class HistoryBenchCommand {
    private final int runs;
    private final long seed;
    private final int repeat;

    HistoryBenchCommand(int runs, long seed, int repeat) {
        this.runs = runs;
        this.seed = seed;
        this.repeat = Math.max(1, repeat);
    }

    int run(Path tempDir, PrintWriter out) throws IOException {
        Path dir = Files.createTempDirectory(tempDir, "repofix-bench-history");
        HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")));
        long start = System.nanoTime();
        GeneratedHistory.write(store, runs, seed);
        out.printf(Locale.ROOT, "repofix bench history: %d runs written in %.1f s to %s%n", runs,
                (System.nanoTime() - start) / 1e9, dir.resolve("history.db"));
        for (TrendBy by : TrendBy.values()) {
            out.printf(Locale.ROOT, "trend --by %-5s %8.1f ms (median of %d)%n", by, median(() -> {
                if (by == TrendBy.STAGE) {
                    store.stageTrend(RunFilter.all());
                } else {
                    store.trend(by, RunFilter.all());
                }
            }), repeat);
        }
        out.printf(Locale.ROOT, "list (newest 50)  %8.1f ms%n", median(() -> store.runs(RunFilter.all().limit(50))));
        out.printf(Locale.ROOT, "runs (one model)  %8.1f ms%n",
                median(() -> store.runs(RunFilter.all().model(GeneratedHistory.MODELS.get(1)))));
        out.println("store size: " + dev.repofix.config.ByteSizes.format(store.size().bytes().orElse(0))
                + " (removed now)");
        out.flush();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
        return ExitCodes.OK;
    }

    private double median(Runnable query) {
        query.run(); // warm-up
        double[] ms = new double[repeat];
        for (int i = 0; i < repeat; i++) {
            long t = System.nanoTime();
            query.run();
            ms[i] = (System.nanoTime() - t) / 1e6;
        }
        Arrays.sort(ms);
        return ms[repeat / 2];
    }
}
