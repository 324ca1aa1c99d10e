package dev.repofix.history;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Random;

/**
 * A history of generated runs to measure the store on: over two years, 5 models, 40
 * repositories, 3 stages and 2 candidates each; the same seed gives the same runs.
 */
public final class GeneratedHistory {
    /** The models the runs name; the second is a priced model. */
    public static final List<String> MODELS = List.of("builtin", "openai:gpt-4o", "openai:gpt-4o-mini",
            "anthropic:claude-sonnet", "replay:recorded");
    private static final List<String> STAGES = List.of("issue", "localize", "patch");
    private static final int BATCH = 5_000;

    private GeneratedHistory() {}

    /** Records {@code runs} generated runs from {@code seed} into {@code store}, in batches. */
    public static void write(HistoryStore store, int runs, long seed) {
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
