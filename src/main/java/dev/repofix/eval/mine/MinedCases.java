package dev.repofix.eval.mine;

import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Mined fixes as benchmark cases: base = the fix's parent, the reference patch its diff
 * split, the issue the one it closes (else its commit message), tagged {@code mined},
 * {@code single-file} or {@code multi-file} by how many source files the fix changes, and
 * {@code verified} when its tests were run. Pure.
 */
public final class MinedCases {
    private MinedCases() {}

    /**
     * The case of {@code fix}.
     *
     * @param repo       the case's repository (path or URL), as cases name it
     * @param failToPass at least one test
     * @param verified   whether the tests were run ({@code --verify}) or guessed from the test change
     */
    public static EvalCase of(String prefix, String repo, HistoryMiner.MinedFix fix, List<String> failToPass,
            List<String> passToPass, boolean verified) {
        List<String> tags = new ArrayList<>(List.of("mined", fix.sourceFiles().size() == 1 ? "single-file"
                : "multi-file"));
        if (verified) {
            tags.add("verified");
        }
        fix.issues().forEach(i -> tags.add("closes-" + i.number()));
        return new EvalCase(id(prefix, fix), repo, fix.parent(), Optional.empty(),
                fix.language(), failToPass, passToPass, issue(fix), Optional.empty(), fix.patch(), Optional.empty(),
                Optional.empty(), List.of(), Optional.empty(), tags, List.of(), Optional.empty(),
                Optional.of(fix.when().toString()), Optional.empty());
    }

    /** The case id of {@code fix}: {@code <prefix>-<first 12 digits of the commit>}. */
    public static String id(String prefix, HistoryMiner.MinedFix fix) {
        return prefix + "-" + fix.commit().substring(0, 12);
    }

    /** The tests {@code fix}'s test change adds or edits, a guess for a case that is not verified. */
    public static List<String> testsNamed(HistoryMiner.MinedFix fix) {
        return fix.tests();
    }

    /** The first bug issue the fix closes, else its commit message (subject as title, the whole as description). */
    private static ReferenceIssue issue(HistoryMiner.MinedFix fix) {
        if (!fix.issues().isEmpty()) {
            IssueTracker.TrackedIssue i = fix.issues().get(0);
            return new ReferenceIssue(i.title().isBlank() ? "issue #" + i.number() : i.title().strip(),
                    i.body().isBlank() ? i.title().isBlank() ? "issue #" + i.number() : i.title() : i.body());
        }
        String message = fix.message().strip();
        String subject = message.lines().findFirst().orElse("").strip();
        return new ReferenceIssue(subject.isEmpty() ? "commit " + fix.commit() : subject,
                message.isEmpty() ? "commit " + fix.commit() : message);
    }
}
