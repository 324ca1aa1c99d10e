package dev.repofix.app;

import dev.repofix.build.BuildDetector;
import dev.repofix.eval.cases.AppendedCases;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.mine.FixVerifier;
import dev.repofix.eval.mine.HistoryMiner;
import dev.repofix.eval.mine.MinedCases;
import dev.repofix.eval.run.CaseCheckouts;
import dev.repofix.exec.Executor;
import dev.repofix.workspace.Workspace;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code eval mine}'s cases from a history's fixes: guessed (fail_to_pass is what the test
 * change adds or edits) or verified (the tests run at the parent with the test change and at
 * the fix, through the executor the settings ask for). Every kept case passes the case
 * file's checks, as {@code eval run} will read it; what was left out is counted by reason.
 */
public final class CaseMining {
    private final String prefix;
    private final String repo;
    private final Map<HistoryMiner.Skip, Integer> skipped = new EnumMap<>(HistoryMiner.Skip.class);

    /**
     * @param prefix case ids are {@code <prefix>-<commit>}
     * @param repo   the repository as the cases name it
     * @param mining the history's fixes and what the walk skipped
     */
    public CaseMining(String prefix, String repo, HistoryMiner.Mining mining) {
        this.prefix = prefix;
        this.repo = repo;
        skipped.putAll(mining.skipped());
    }

    /** How many commits were left out, by reason: the walk's and this mining's. */
    public Map<HistoryMiner.Skip, Integer> skipped() {
        return java.util.Collections.unmodifiableMap(new EnumMap<>(skipped));
    }

    /** Cases whose fail_to_pass is what the test change adds or edits; a fix that names no test is skipped. */
    public List<EvalCase> guessed(HistoryMiner.Mining mining) {
        List<EvalCase> cases = new ArrayList<>();
        for (HistoryMiner.MinedFix fix : mining.fixes()) {
            List<String> tests = MinedCases.testsNamed(fix);
            if (tests.isEmpty()) {
                skipped.merge(HistoryMiner.Skip.NO_TEST, 1, Integer::sum);
                continue;
            }
            keep(MinedCases.of(prefix, repo, fix, tests, List.of(), false), cases);
        }
        return cases;
    }

    /**
     * Cases of the fixes the tests show (a test fails before and passes after), each appended to
     * {@code appended} as soon as it is verified; fixes already there are not verified again.
     * Progress, one line per fix, goes to {@code err}.
     */
    public List<EvalCase> verified(HistoryMiner.Mining mining, CompositionRoot root,
            Optional<String> testCommand, AppendedCases appended, PrintWriter err) {
        Path work = root.workDir().resolve("repofix-mine-" + root.runId());
        List<EvalCase> cases = new ArrayList<>();
        try (Executor executor = root.executor(err);
                CaseCheckouts checkouts = new CaseCheckouts(work)) {
            FixVerifier verifier = new FixVerifier(checkouts, root.environmentPreparer(executor), new BuildDetector(),
                    root.testRunner(executor),
                    root.settings().run().testTimeout(), testCommand);
            for (HistoryMiner.MinedFix fix : mining.fixes()) {
                String id = MinedCases.id(prefix, fix);
                if (appended.has(id)) {
                    continue;
                }
                switch (verifier.verify(id, repo, fix)) {
                    case FixVerifier.Verdict.Verified v -> {
                        if (keep(MinedCases.of(prefix, repo, fix, v.failToPass(), v.passToPass(), true), cases)) {
                            appended.add(cases.get(cases.size() - 1));
                        }
                        err.println("  kept " + id + ": " + v.failToPass().size() + " test(s) fail before the fix");
                    }
                    case FixVerifier.Verdict.Dropped d -> {
                        skipped.merge(d.why(), 1, Integer::sum);
                        err.println("  dropped " + id + ": " + d.why().why() + " (" + d.detail() + ")");
                    }
                }
                err.flush();
            }
        } finally {
            Workspace.deleteTree(work);
        }
        return cases;
    }

    /** Keeps {@code kase} when it passes the case file's checks. */
    private boolean keep(EvalCase kase, List<EvalCase> cases) {
        if (new CaseFile().problems(kase).isEmpty()) {
            cases.add(kase);
            return true;
        }
        skipped.merge(HistoryMiner.Skip.CASE_CHECK, 1, Integer::sum);
        return false;
    }
}
