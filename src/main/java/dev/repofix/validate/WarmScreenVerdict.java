package dev.repofix.validate;

import dev.repofix.config.Durations;
import dev.repofix.testrun.TestStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The verdict screening in a warm JVM gives, when it gives one: a candidate that does
 * not compile, times out, or leaves a target test failing (or breaks a passing test of
 * the classes run) is done; one that passes goes on to its full run. Pure.
 */
final class WarmScreenVerdict {
    static final String SCREENED = "screened in the warm test JVM";

    private WarmScreenVerdict() {}

    /** The final verdict from {@code result}, or empty when the full run must decide. */
    static Optional<Validation> of(String id, ScreenResult result, Baseline baseline) {
        return switch (result) {
            case ScreenResult.CompileFailed c -> Optional.of(Validation.of(id, Verdict.BUILD_FAILED,
                    "does not compile (" + SCREENED + "):\n" + c.errors().strip(), Duration.ZERO));
            case ScreenResult.TimedOut t -> Optional.of(Validation.of(id, Verdict.TIMEOUT, "the failing tests did not "
                    + "finish within " + Durations.format(t.limit()) + " (" + SCREENED
                    + "; 3 x the baseline's time for them): the patch may make a loop endless", Duration.ZERO));
            case ScreenResult.Ran r -> ran(id, r, baseline);
            case ScreenResult.Inconclusive i -> Optional.empty();
        };
    }

    private static Optional<Validation> ran(String id, ScreenResult.Ran r, Baseline baseline) {
        List<String> fixed = new ArrayList<>();
        List<String> still = new ArrayList<>();
        for (String t : baseline.failing()) {
            Optional<TestStatus> now = statusOf(t, r);
            if (now.isEmpty()) {
                return Optional.empty(); // not run here (an odd id): the full run decides
            }
            (now.get() == TestStatus.PASSED ? fixed : still).add(t);
        }
        List<String> broken = baseline.passing().stream()
                .filter(t -> statusOf(t, r).map(TestStatus::isFailure).orElse(false)).toList();
        if (still.isEmpty() && broken.isEmpty()) {
            return Optional.empty();
        }
        String first = (still.isEmpty() ? broken : still).get(0);
        String message = messageOf(first, r).map(m -> "\n" + firstLines(m, 8)).orElse("");
        return Optional.of(new Validation(id, Verdict.TESTS_FAIL, fixed, still, broken,
                PatchValidator.describe(still, broken) + " (" + SCREENED + ")" + message, Duration.ZERO));
    }

    /** A test's status by its class and method (parameters and repetitions merged), or its class's failure. */
    static Optional<TestStatus> statusOf(String testId, ScreenResult.Ran r) {
        String key = key(testId);
        TestStatus method = r.statuses().get(key);
        if (method != null) {
            return Optional.of(method);
        }
        int hash = key.indexOf('#');
        TestStatus cls = r.statuses().get(hash < 0 ? key : key.substring(0, hash));
        return cls != null && cls.isFailure() ? Optional.of(cls) : Optional.empty();
    }

    private static Optional<String> messageOf(String testId, ScreenResult.Ran r) {
        String key = key(testId);
        int hash = key.indexOf('#');
        return Optional.ofNullable(r.messages().getOrDefault(key, hash < 0 ? null
                : r.messages().get(key.substring(0, hash))));
    }

    /** {@code pkg.Cls#method}, without Surefire's parameter or repetition suffix. */
    static String key(String testId) {
        int hash = testId.indexOf('#');
        if (hash < 0) {
            return testId;
        }
        String method = testId.substring(hash + 1).replaceAll("[(\\[].*", "");
        return testId.substring(0, hash) + "#" + method;
    }

    private static String firstLines(String text, int n) {
        String[] lines = text.split("\n", n + 1);
        return String.join("\n", java.util.Arrays.asList(lines).subList(0, Math.min(n, lines.length)));
    }
}
