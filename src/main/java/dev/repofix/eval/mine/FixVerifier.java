package dev.repofix.eval.mine;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildException;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.env.EnvironmentException;
import dev.repofix.env.EnvironmentPreparer;
import dev.repofix.eval.run.CaseCheckouts;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Checks a mined fix by running its repository's tests twice, as a case runs: at the parent
 * with the fix's test change (a {@link CaseCheckouts} checkout, where the reference tests
 * must fail, in the environment its set-up prepared there), then with the fix's source change applied too (where they must pass).
 * FAIL_TO_PASS are the tests that fail (or whose module fails to load) in the first run and
 * pass in the second; PASS_TO_PASS those that pass in both.
 */
public final class FixVerifier {
    /** What the two runs said. Closed. */
    public sealed interface Verdict {
        /** The fix shows its bug: at least one test goes from failing to passing. */
        record Verified(List<String> failToPass, List<String> passToPass) implements Verdict {
            public Verified {
                failToPass = List.copyOf(failToPass);
                passToPass = List.copyOf(passToPass);
            }
        }

        /** The fix is no case; {@code detail} says what the runs did. */
        record Dropped(HistoryMiner.Skip why, String detail) implements Verdict {
            public Dropped {
                Objects.requireNonNull(why, "why");
                Objects.requireNonNull(detail, "detail");
            }
        }
    }

    private final CaseCheckouts checkouts;
    private final EnvironmentPreparer preparer;
    private final BuildDetector detector;
    private final TestRunner runner;
    private final Duration testTimeout;
    private final Optional<String> testCommand;

    /**
     * @param preparer prepares, at the parent, the environment both runs get (as a case's run
     *                 does: the steps the repository's files call for)
     */
    public FixVerifier(CaseCheckouts checkouts, EnvironmentPreparer preparer, BuildDetector detector,
            TestRunner runner, Duration testTimeout, Optional<String> testCommand) {
        this.checkouts = Objects.requireNonNull(checkouts, "checkouts");
        this.preparer = Objects.requireNonNull(preparer, "preparer");
        this.detector = Objects.requireNonNull(detector, "detector");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.testTimeout = Objects.requireNonNull(testTimeout, "testTimeout");
        this.testCommand = Objects.requireNonNull(testCommand, "testCommand");
    }

    /** Runs the tests of {@code fix} (of the repository at {@code repo}, a path or URL), the case to be {@code id}. */
    public Verdict verify(String id, String repo, HistoryMiner.MinedFix fix) {
        CaseCheckouts.Checkout checkout = checkouts.prepare(new CaseCheckouts.Spec(id, repo, fix.parent(),
                fix.patch().test(), Optional.empty()));
        try {
            Path dir = checkout.repo();
            FileIndex files = new FileIndex(dir, listFiles(dir));
            BuildSystem build;
            TestCommand command;
            try {
                build = detector.detect(dir, testCommand);
                command = build.testCommand(dir, testCommand.orElse(null));
            } catch (BuildException e) {
                // Old history often predates the build repofix knows: that commit gives no case, the rest go on.
                return new Verdict.Dropped(HistoryMiner.Skip.TESTS_DO_NOT_RUN, "at the parent: " + e.getMessage());
            }
            TestRunner runner;
            try {
                runner = this.runner.withEnvironment(preparer.prepare(dir, build));
            } catch (EnvironmentException e) {
                return new Verdict.Dropped(HistoryMiner.Skip.TESTS_DO_NOT_RUN, "the set-up at the parent: "
                        + e.getMessage());
            }
            TestOutcome before = runner.run(dir, build, command, files, testTimeout);
            if (!(before instanceof TestOutcome.Completed beforeRun)) {
                return new Verdict.Dropped(HistoryMiner.Skip.TESTS_DO_NOT_RUN, "at the parent with the test change: "
                        + before.getClass().getSimpleName());
            }
            if (new PatchApplier().apply(dir, fix.patch().source()) instanceof ApplyResult.NotApplied n) {
                return new Verdict.Dropped(HistoryMiner.Skip.TESTS_DO_NOT_RUN, "the source change does not apply: "
                        + n.reason());
            }
            TestOutcome after = runner.run(dir, build, command, new FileIndex(dir, listFiles(dir)), testTimeout);
            if (!(after instanceof TestOutcome.Completed afterRun)) {
                return new Verdict.Dropped(HistoryMiner.Skip.TESTS_DO_NOT_RUN, "at the fix: "
                        + after.getClass().getSimpleName());
            }
            return compare(beforeRun.run(), afterRun.run());
        } finally {
            checkouts.release(checkout);
        }
    }

    /** FAIL_TO_PASS and PASS_TO_PASS from the run before the fix and the run after it. */
    static Verdict compare(TestRun before, TestRun after) {
        Set<String> failedBefore = new LinkedHashSet<>();
        before.failing().forEach(t -> failedBefore.add(t.id()));
        Set<String> passedBefore = new LinkedHashSet<>();
        before.passing().forEach(t -> passedBefore.add(t.id()));
        List<String> failToPass = after.passing().stream().map(TestResult::id)
                .filter(id -> failedBefore.contains(id) || failedBefore.contains(module(id))).toList();
        List<String> passToPass = after.passing().stream().map(TestResult::id).filter(passedBefore::contains).toList();
        if (failToPass.isEmpty()) {
            return new Verdict.Dropped(HistoryMiner.Skip.NO_FAIL_TO_PASS, before.failing().size() + " test(s) fail "
                    + "before the fix, " + after.failing().size() + " after it");
        }
        return new Verdict.Verified(failToPass, passToPass);
    }

    /** A pytest node id's module ({@code tests/test_x.py}), which is the id of a module that did not load. */
    private static String module(String id) {
        int at = id.indexOf("::");
        return at < 0 ? id : id.substring(0, at);
    }

    private static List<String> listFiles(Path dir) {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .filter(p -> !p.startsWith(".git/")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir, e);
        }
    }
}
