package dev.repofix.history;

import dev.repofix.config.ByteSizes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code repofix bench history}'s measurement: fills a SQLite store with N generated runs
 * ({@link GeneratedHistory}), times every trend on it (median of the repeats) and removes the store.
 */
public final class HistoryBenchmark {
    private final int runs;
    private final long seed;
    private final int repeat;

    /**
     * The figures of one measurement.
     *
     * @param store        where the store was (removed since)
     * @param writeSeconds the time to write the runs
     * @param trendMs      per trend, its median time in milliseconds
     * @param listMs       the newest 50 runs
     * @param oneModelMs   the runs of one model
     * @param size         the store's size, formatted
     * @param repeat       how many repeats each median is of
     */
    public record Figures(Path store, int runs, double writeSeconds, Map<TrendBy, Double> trendMs, double listMs,
            double oneModelMs, String size, int repeat) {
        public Figures {
            trendMs = Map.copyOf(trendMs);
        }
    }

    public HistoryBenchmark(int runs, long seed, int repeat) {
        this.runs = runs;
        this.seed = seed;
        this.repeat = Math.max(1, repeat);
    }

    /** Measures in a new folder under {@code tempDir}, removed before this returns. */
    public Figures run(Path tempDir) throws IOException {
        Path dir = Files.createTempDirectory(tempDir, "repofix-bench-history");
        HistoryStore store = HistoryStore.open(StoreLocation.sqlite(dir.resolve("history.db")));
        long start = System.nanoTime();
        GeneratedHistory.write(store, runs, seed);
        double writeSeconds = (System.nanoTime() - start) / 1e9;
        Map<TrendBy, Double> trends = new EnumMap<>(TrendBy.class);
        for (TrendBy by : TrendBy.values()) {
            trends.put(by, median(() -> {
                if (by == TrendBy.STAGE) {
                    store.stageTrend(RunFilter.all());
                } else {
                    store.trend(by, RunFilter.all());
                }
            }));
        }
        double list = median(() -> store.runs(RunFilter.all().limit(50)));
        double oneModel = median(() -> store.runs(RunFilter.all().model(GeneratedHistory.MODELS.get(1))));
        String size = ByteSizes.format(store.size().bytes().orElse(0));
        try (Stream<Path> files = Files.list(dir)) {
            for (Path f : files.toList()) {
                Files.deleteIfExists(f);
            }
        }
        Files.deleteIfExists(dir);
        return new Figures(dir.resolve("history.db"), runs, writeSeconds, trends, list, oneModel, size, repeat);
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
