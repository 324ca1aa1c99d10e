package dev.repofix.cli;

import dev.repofix.history.CandidateVerdict;
import dev.repofix.history.HistoryStore;
import dev.repofix.history.RunFilter;
import dev.repofix.history.RunSummary;
import dev.repofix.history.StageResult;
import dev.repofix.history.StoreLocation;
import dev.repofix.history.StoredRun;
import dev.repofix.history.TrendBy;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.stream.Stream;

/**
 * {@code repofix bench history}: generates a SQLite store of N runs over two years (5 models, 40
 * repositories, 3 stages and 2 candidates each) and times every trend on it, median of the repeats.
 * Not a subcommand of its own: {@code bench} calls it.
 */
final class HistoryBenchCommand {
    private static final List<String> MODELS = List.of("builtin", "openai:gpt-4o", "openai:gpt-4o-mini",
            "anthropic:claude-sonnet", "replay:recorded");
    private static final List<String> STAGES = List.of("issue", "localize", "patch");
    private static final int BATCH = 5_000;

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
        Random random = new Random(seed);
        Instant end = Instant.parse("2026-11-01T00:00:00Z");
        List<StoredRun> batch = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            batch.add(generated(i, random, end));
            if (batch.size() == BATCH || i == runs - 1) {
                store.record(batch);
                batch.clear();
            }
        }
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
                median(() -> store.runs(RunFilter.all().model(MODELS.get(1)))));
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

    private static StoredRun generated(int i, Random random, Instant end) {
        String model = MODELS.get(random.nextInt(MODELS.size()));
        boolean fixed = random.nextInt(100) < 35;
        boolean priced = !model.equals("builtin");
        Instant at = end.minus(Duration.ofMinutes(random.nextInt(2 * 365 * 24 * 60)));
        RunSummary s = new RunSummary("bench-" + i, at, RunSummary.RunKind.FIX, "acme/repo-" + random.nextInt(40),
                Optional.of(Integer.toHexString(random.nextInt())), "push", model, fixed ? "FIXED" : "NOT_FIXED", 1,
                fixed || random.nextBoolean() ? 1 : 0, fixed || random.nextBoolean() ? 1 : 0, fixed ? 1 : 0,
                OptionalDouble.empty(), priced ? 4_000 : 0, priced ? OptionalDouble.of(0.01) : OptionalDouble.empty(),
                Duration.ofSeconds(30 + random.nextInt(300)), Optional.empty());
        List<StageResult> stages = new ArrayList<>();
        for (String stage : STAGES) {
            stages.add(new StageResult("", stages.size(), stage, random.nextInt(10) == 0 ? "FAILED" : "OK",
                    random.nextInt(20_000), priced ? 1 : 0, priced ? 1_000 : 0, priced ? 300 : 0,
                    priced ? OptionalDouble.of(0.003) : OptionalDouble.empty(), stage));
        }
        List<CandidateVerdict> candidates = List.of(
                new CandidateVerdict("", 0, "c1", "template", "src/A.java", 10, "TESTS_FAIL", 1_000),
                new CandidateVerdict("", 1, "c2", "template", "src/A.java", 11, fixed ? "VALID" : "BUILD_FAILED", 900));
        return new StoredRun(s, Map.of("sandbox", "local"), stages, candidates, List.of(), Optional.empty());
    }
}
