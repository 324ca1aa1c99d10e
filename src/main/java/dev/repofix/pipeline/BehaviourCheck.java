package dev.repofix.pipeline;

import dev.repofix.patch.PatchApplier;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.BehaviourComparison;
import dev.repofix.validate.BehaviourProbe;
import dev.repofix.validate.ProbePlan;
import dev.repofix.validate.SuiteRunner;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.FileRead;
import dev.repofix.workspace.Workspace;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * After the verdict, like the search for alternatives: for each other VALID candidate, runs
 * the failing tests' calls of the changed method on the fix and on it with derived inputs
 * ({@link ProbePlan}, {@link BehaviourProbe}), within what is left of the run's budget. It
 * cannot change the verdict; a probe that fails only says so.
 */
final class BehaviourCheck {
    private static final Logger LOG = LoggerFactory.getLogger(BehaviourCheck.class);
    /** No probe starts with less than this left of the run's budget. */
    static final Duration MIN_TIME = Duration.ofSeconds(10);
    private static final long MAX_SOURCE = 1024 * 1024;

    private BehaviourCheck() {}

    /**
     * How each VALID alternative of the fix behaves against it, by candidate id; empty without
     * a fix or alternatives.
     *
     * @param remaining what is left of the run's budget, asked before each probe
     * @param perRun    the limit of one test run of a candidate; a comparison takes up to two
     */
    static Map<String, BehaviourComparison> compare(Workspace workspace, SuiteRunner suite,
            List<PatchCandidate> candidates, Optional<String> fixId, List<Validation> validations,
            List<String> failing, Supplier<Duration> remaining, Duration perRun, Clock clock) {
        Optional<PatchCandidate> fix = fixId.flatMap(id -> candidates.stream().filter(c -> c.id().equals(id)).findFirst());
        List<PatchCandidate> alternatives = candidates.stream().filter(c -> fix.isPresent() && !c.id().equals(fixId.get()))
                .filter(c -> validations.stream().anyMatch(v -> v.candidateId().equals(c.id()) && v.verdict() == Verdict.VALID))
                .toList();
        Map<String, BehaviourComparison> out = new LinkedHashMap<>();
        if (alternatives.isEmpty()) {
            return out;
        }
        ProbePlan.Planned planned = ProbePlan.of(fix.get().file(), fix.get().line(), failing,
                workspace.files().files(), path -> workspace.files().read(path, MAX_SOURCE) instanceof FileRead.Content c
                        ? c.utf8() : Optional.empty());
        BehaviourProbe probe = new BehaviourProbe(workspace, suite, new PatchApplier(), clock);
        for (PatchCandidate alternative : alternatives) {
            Duration left = remaining.get();
            if (planned.plan().isEmpty()) {
                out.put(alternative.id(), new BehaviourComparison.NotCompared(planned.why()));
            } else if (Thread.currentThread().isInterrupted() || left.compareTo(MIN_TIME) < 0) {
                out.put(alternative.id(), new BehaviourComparison.NotCompared("the time budget ran out before the "
                        + "probe of " + alternative.id()));
            } else {
                out.put(alternative.id(), probed(probe, planned.plan().get(), fix.get(), alternative,
                        min(left.minus(Duration.ofSeconds(1)), perRun.multipliedBy(2))));
            }
        }
        return out;
    }

    private static BehaviourComparison probed(BehaviourProbe probe, ProbePlan plan, PatchCandidate fix,
            PatchCandidate alternative, Duration limit) {
        try {
            return probe.compare(plan, fix, alternative, limit);
        } catch (RuntimeException e) {
            // It adds to a verdict that is out: its failure takes nothing from the fix.
            LOG.warn("the behaviour probe of {} against {} failed", alternative.id(), fix.id(), e);
            return new BehaviourComparison.NotCompared("the probe failed: " + e.getMessage());
        }
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
