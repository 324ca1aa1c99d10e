package dev.repofix.validate;

import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestStatus;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Reruns the baseline's failing tests: one that passes on any rerun is flaky, so it is
 * reported and kept out of FAIL_TO_PASS (a patch cannot be judged by it). They rerun in
 * the warm screening JVM where there is one (a fraction of a second, not a build's
 * start-up), else through the build, selected by id. Where the build cannot select tests
 * the whole suite reruns, which also catches passing tests
 * that fail now and then. Past {@value #MAX_RERUN} failing tests only a sample of them
 * reruns (many failures usually share one cause, and rerunning them all can cost minutes),
 * and the result says so.
 */
public final class FlakyCheck {
    /** The most failing tests a rerun selects; past this, an evenly spread sample of this many. */
    static final int MAX_RERUN = 20;

    private final SuiteRunner suite;
    private final Optional<Screening> warm;

    /** Reruns through the build. */
    public FlakyCheck(SuiteRunner suite) {
        this(suite, Optional.empty());
    }

    /**
     * @param warm the run's screening, opened on the baseline's copy (it reproduced the failing
     *             tests there): reruns go to it, and to the build only where it cannot run them
     */
    public FlakyCheck(SuiteRunner suite, Optional<Screening> warm) {
        this.suite = Objects.requireNonNull(suite, "suite");
        this.warm = Objects.requireNonNull(warm, "warm");
    }

    /**
     * What the reruns found.
     *
     * @param baseline     the baseline with flaky tests set apart
     * @param failingOnly  how long running only the failing tests took (the cost of screening a
     *                     candidate), when the build could select them and all of them reran
     * @param notes        what the user should know about the check (a sample was rerun); never null
     */
    public record Result(Baseline baseline, Optional<Duration> failingOnly, List<String> notes) {
        public Result {
            notes = List.copyOf(notes);
        }
    }

    /** Reruns the failing tests {@code reruns} times in {@code dir}, each within {@code timeout}. */
    public Result check(Baseline baseline, Path dir, int reruns, Duration timeout) {
        return check(baseline, dir, reruns, () -> timeout);
    }

    /**
     * Reruns the failing tests (a sample of {@value #MAX_RERUN} when there are more) up to
     * {@code reruns} times in {@code dir}; each rerun gets the time {@code limit} gives when
     * it starts (what is left of the run's budget), and none starts when that is under a
     * second.
     */
    public Result check(Baseline baseline, Path dir, int reruns, Supplier<Duration> limit) {
        Set<String> flaky = new LinkedHashSet<>();
        Set<String> failing = new HashSet<>(baseline.failing());
        Set<String> passing = new HashSet<>(baseline.passing());
        List<String> rerun = sample(baseline.failing());
        boolean sampled = rerun.size() < baseline.failing().size();
        Optional<Duration> failingOnly = Optional.empty();
        boolean selected = false;
        Optional<Screening> jvm = warm;
        for (int i = 0; i < reruns && !rerun.isEmpty(); i++) {
            Duration timeout = limit.get();
            if (timeout.compareTo(Duration.ofSeconds(1)) < 0) {
                break;
            }
            if (jvm.isPresent()) {
                Optional<Map<String, TestStatus>> statuses = inWarmJvm(jvm.get(), dir, rerun, timeout, i + 1);
                if (statuses.isPresent()) {
                    selected = true;
                    statuses.get().forEach((id, status) -> {
                        if (status == TestStatus.PASSED) {
                            flaky.add(id);
                        }
                    });
                    continue;
                }
                // It could not run them all (a timeout, an id it does not know): the build reruns from here on.
                jvm = Optional.empty();
            }
            Optional<TestOutcome> only = suite.only(dir, rerun, timeout);
            if (only.isPresent()) {
                selected = true;
                Duration t = only.get().exec().elapsed();
                failingOnly = Optional.of(failingOnly.filter(old -> old.compareTo(t) < 0).orElse(t));
            }
            TestOutcome outcome = only.orElseGet(() -> suite.all(dir, timeout));
            if (outcome instanceof TestOutcome.Completed c) {
                for (TestResult r : c.run().results()) {
                    boolean wasFailing = failing.contains(r.id());
                    if (wasFailing && r.status() == TestStatus.PASSED
                            || !wasFailing && passing.contains(r.id()) && r.status().isFailure()) {
                        flaky.add(r.id());
                    }
                }
            }
        }
        List<String> notes = new ArrayList<>();
        if (sampled && selected) {
            notes.add(String.format(Locale.ROOT, "flaky check: reran %,d of %,d failing tests (an evenly spread "
                    + "sample by id); the others were not checked for flakiness", rerun.size(),
                    baseline.failing().size()));
        }
        // A sample's time says nothing of what running every failing test costs (screening does that).
        Optional<Duration> allFailing = sampled ? Optional.empty() : failingOnly;
        return new Result(flaky.isEmpty() ? baseline : baseline.withFlaky(flaky), allFailing, notes);
    }

    /**
     * Each of {@code ids}' status on a rerun in the warm JVM, on the unpatched code in
     * {@code dir}; empty when it did not run every one of them.
     */
    private static Optional<Map<String, TestStatus>> inWarmJvm(Screening jvm, Path dir, List<String> ids,
            Duration timeout, int rerun) {
        if (!(jvm.screen("rerun-" + rerun, dir, List.of(), ids, timeout) instanceof ScreenResult.Ran ran)) {
            return Optional.empty();
        }
        Map<String, TestStatus> out = new LinkedHashMap<>();
        for (String id : ids) {
            Optional<TestStatus> status = WarmScreenVerdict.statusOf(id, ran);
            if (status.isEmpty()) {
                return Optional.empty();
            }
            out.put(id, status.get());
        }
        return Optional.of(out);
    }

    /**
     * The failing tests a rerun selects: all of them up to {@value #MAX_RERUN}; past that, the
     * same every time for the same ids: {@value #MAX_RERUN} spread evenly over them sorted by
     * id, first and last included, so that tests of every class are among them.
     */
    static List<String> sample(List<String> failing) {
        if (failing.size() <= MAX_RERUN) {
            return failing;
        }
        List<String> sorted = failing.stream().distinct().sorted().toList();
        if (sorted.size() <= MAX_RERUN) {
            return sorted;
        }
        List<String> out = new ArrayList<>(MAX_RERUN);
        for (int i = 0; i < MAX_RERUN; i++) {
            out.add(sorted.get((int) ((long) i * (sorted.size() - 1) / (MAX_RERUN - 1))));
        }
        return out;
    }
}
