package dev.repofix.validate;

import dev.repofix.config.Durations;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Runs a {@link ProbePlan} against patched copies and compares what two patches give:
 * each copy gets the patch's source changes and the probe file, and the build runs that
 * file alone through the run's own test runner (its executor and sandbox, its environment,
 * under a time limit), as validation runs the tests. A candidate's results are kept, so the
 * fix is probed once for all its alternatives. Not thread-safe.
 */
public final class BehaviourProbe {
    private static final long MAX_OUTPUT = 256 * 1024;

    private final Workspace workspace;
    private final SuiteRunner suite;
    private final PatchApplier applier;
    private final Clock clock;
    private final Map<String, Ran> runs = new HashMap<>();

    public BehaviourProbe(Workspace workspace, SuiteRunner suite, PatchApplier applier, Clock clock) {
        this.workspace = Objects.requireNonNull(workspace, "workspace");
        this.suite = Objects.requireNonNull(suite, "suite");
        this.applier = Objects.requireNonNull(applier, "applier");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** One candidate's probe: its lines, or why there are none. */
    private record Ran(List<String> lines, String why) {}

    /**
     * What {@code alternative} gives against {@code fix} on the plan's inputs; each probe run
     * not started with less than a second of {@code timeout} left, and bounded by what is left.
     */
    public BehaviourComparison compare(ProbePlan plan, PatchCandidate fix, PatchCandidate alternative,
            Duration timeout) {
        Instant until = clock.instant().plus(timeout);
        Ran a = runs.computeIfAbsent(fix.id(), id -> run(plan, fix, timeout));
        if (!a.why().isEmpty()) {
            return new BehaviourComparison.NotCompared(a.why());
        }
        Duration left = Duration.between(clock.instant(), until);
        if (left.compareTo(Duration.ofSeconds(1)) < 0) {
            return new BehaviourComparison.NotCompared("the time budget ran out before the probe of "
                    + alternative.id());
        }
        Ran b = runs.computeIfAbsent(alternative.id(), id -> run(plan, alternative, left));
        if (!b.why().isEmpty()) {
            return new BehaviourComparison.NotCompared(b.why());
        }
        return compare(plan.calls(), a.lines(), b.lines());
    }

    /** The first call whose results differ, else how many were the same. */
    static BehaviourComparison compare(List<String> calls, List<String> fix, List<String> alternative) {
        if (fix.size() != calls.size() || alternative.size() != calls.size()) {
            return new BehaviourComparison.NotCompared("the probe gave " + fix.size() + " and " + alternative.size()
                    + " results for " + calls.size() + " calls");
        }
        for (int i = 0; i < calls.size(); i++) {
            if (!fix.get(i).equals(alternative.get(i))) {
                return new BehaviourComparison.Differs(cut(calls.get(i)), cut(fix.get(i)), cut(alternative.get(i)),
                        i + 1);
            }
        }
        return new BehaviourComparison.NoDifference(calls.size());
    }

    private static String cut(String s) {
        return s.length() <= ProbePlan.MAX_VALUE ? s : s.substring(0, ProbePlan.MAX_VALUE) + "...";
    }

    private Ran run(ProbePlan plan, PatchCandidate candidate, Duration timeout) {
        if (!(candidate.patch() instanceof PatchText.Parsed parsed)) {
            return new Ran(List.of(), "the patch of " + candidate.id() + " does not parse");
        }
        Patch source = parsed.patch().filter(p -> !suite.build().isTestPath(p));
        Path copy = workspace.newCopy(candidate.id() + "-probe");
        try {
            if (!source.isEmpty() && applier.apply(copy, source) instanceof ApplyResult.NotApplied n) {
                return new Ran(List.of(), "the patch of " + candidate.id() + " did not apply: " + n.reason());
            }
            Path probe = copy.resolve(plan.path()).normalize();
            if (!probe.startsWith(copy) || Files.exists(probe, LinkOption.NOFOLLOW_LINKS)) {
                return new Ran(List.of(), "the project already has a file at " + plan.path());
            }
            Files.createDirectories(probe.getParent());
            Files.writeString(probe, plan.source());
            Optional<TestOutcome> outcome = suite.files(copy, List.of(plan.path()), timeout);
            if (outcome.isEmpty()) {
                return new Ran(List.of(), "the build cannot run one test file alone (or the tests run through a "
                        + "test command of the user's own)");
            }
            return read(copy, plan.path()).map(lines -> new Ran(lines, "")).orElseGet(() -> new Ran(List.of(),
                    "the probe gave no results with " + candidate.id() + " (" + describe(outcome.get()) + ")"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the behaviour probe in a copy for " + candidate.id(), e);
        } finally {
            workspace.discard(copy);
        }
    }

    /**
     * The probe's lines, read through the confined reader: the project's code ran there and may
     * have left a link. The tests run in the copy's root, or (Maven, Gradle modules) in the
     * folder that holds the probe's {@code src}.
     */
    private static Optional<List<String>> read(Path copy, String probe) {
        int src = probe.lastIndexOf("src/");
        String output = src > 0 && !probe.startsWith("src/") ? probe.substring(0, src) + ProbePlan.OUTPUT
                : ProbePlan.OUTPUT;
        FileIndex index = new FileIndex(copy, List.of(ProbePlan.OUTPUT, output));
        FileRead r = index.read(ProbePlan.OUTPUT, MAX_OUTPUT);
        if (!(r instanceof FileRead.Content)) {
            r = index.read(output, MAX_OUTPUT);
        }
        if (!(r instanceof FileRead.Content c) || c.utf8().isEmpty()) {
            return Optional.empty();
        }
        String text = c.utf8().get();
        return Optional.of(text.isEmpty() ? List.of() : List.of(text.split("\n")));
    }

    private static String describe(TestOutcome o) {
        return switch (o) {
            case TestOutcome.Completed c -> "the probe ran but wrote nothing";
            case TestOutcome.BuildFailed b -> "the probe did not build";
            case TestOutcome.NoTests n -> "the build ran no probe";
            case TestOutcome.TimedOut t -> "it did not finish in " + Durations.format(t.exec().elapsed())
                    + "; a call may not end";
        };
    }
}
