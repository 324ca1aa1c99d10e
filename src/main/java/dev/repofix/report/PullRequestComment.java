package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Validation;
import java.util.List;

/**
 * The sticky pull-request comment (also the job summary and GitLab's note): verdict first,
 * the drafted issue, the suspected lines as links at the head commit, the patch in a
 * collapsed diff, the test counts, flaky tests, time, tokens and cost. Every string of the
 * run is rendered through {@link Markdown}, so what a test printed or a model wrote shows
 * as text, never as this comment's own headings, links, HTML or mentions. Pure.
 */
public final class PullRequestComment {
    /** Hidden marker by which the comment is found again and updated in place. */
    public static final String MARKER = "<!-- repofix:sticky-comment -->";
    /** GitHub refuses comment bodies above 65,536 characters; leave room for the frame. */
    static final int MAX_BODY = 60_000;
    private static final int MAX_LOCATIONS = 5;
    /** Caps on the run's prose, in characters before escaping (which can triple them): the rest is the patch's room. */
    static final int DESCRIPTION = 10_000;
    static final int EXPLANATION = 3_000;

    private PullRequestComment() {}

    public static String render(RunResult r, GitHubTarget target) {
        return render(r, target.headSha(), target::lineLink);
    }

    /** The same body for any forge: {@code link} gives the web link of a file's line at {@code sha}. */
    static String render(RunResult r, String sha, java.util.function.BiFunction<String, Integer, String> link) {
        StringBuilder head = new StringBuilder();
        head.append(MARKER).append('\n').append("### repofix: ").append(Markdown.text(Headline.of(r))).append("\n\n");
        r.issue().ifPresent(i -> issue(head, i));
        r.localization().ifPresent(l -> locations(head, l.locations(), link));
        StringBuilder tail = new StringBuilder();
        counts(tail, r);
        r.error().ifPresent(e -> tail.append("> **").append(Texts.errorLabel(r, e)).append("** in ")
                .append(Markdown.text(e.stage(), 200)).append(": ").append(Markdown.text(e.message(), 600))
                .append("\n\n"));
        EnvironmentSection.render(tail, r, "###");
        if (!r.failing().isEmpty()) {
            tail.append("Reproduce: ").append(Markdown.code(r.reproduce(), 1_000)).append("\n\n");
        }
        for (String note : r.notes()) {
            tail.append("> ").append(Markdown.text(note, 400)).append('\n');
        }
        if (!r.notes().isEmpty()) {
            tail.append('\n');
        }
        tail.append("<sub>").append(Markdown.text(r.build(), 200)).append(" · ").append(Markdown.code(r.testCommand(), 200))
                .append(" · ").append(Texts.duration(r.total())).append(Texts.usage(r).map(u -> " · " + u).orElse(""))
                .append(" · commit ").append(Markdown.code(sha.substring(0, Math.min(12, sha.length())), 12))
                .append("</sub>\n");
        int room = MAX_BODY - head.length() - tail.length();
        return head + fix(r, room) + tail;
    }

    private static void issue(StringBuilder sb, IssueDraft i) {
        sb.append("**Issue (drafted): ").append(Markdown.text(i.title(), 200)).append("**\n\n")
                .append(Markdown.prose(i.description(), DESCRIPTION)).append("\n\n**Why it fails.** ")
                .append(Markdown.prose(i.explanation(), EXPLANATION)).append("\n\n");
    }

    private static void locations(StringBuilder sb, List<Location> locations,
            java.util.function.BiFunction<String, Integer, String> link) {
        if (locations.isEmpty()) {
            return;
        }
        sb.append("**Suspected lines**\n\n");
        int n = 0;
        for (Location l : locations.subList(0, Math.min(MAX_LOCATIONS, locations.size()))) {
            String where = Markdown.code(l.toString(), 300);
            sb.append(++n).append(". ").append(LineLinks.linkable(l.file()) ? "[" + where + "](<"
                    + link.apply(l.file(), l.line()) + ">)" : where).append(' ')
                    .append(Markdown.code(l.content().strip(), 120));
            if (!l.reason().isBlank()) {
                sb.append(": ").append(Markdown.text(l.reason(), 200));
            }
            sb.append('\n');
        }
        if (locations.size() > MAX_LOCATIONS) {
            sb.append("\n").append(locations.size() - MAX_LOCATIONS).append(" more in the report.\n");
        }
        sb.append('\n');
    }

    /** The fix in a collapsed diff, cut to {@code room} characters with a note when longer. */
    private static String fix(RunResult r, int room) {
        if (r.fix().isEmpty()) {
            StringBuilder partial = new StringBuilder();
            MarkdownReport.partialFix(partial, r, "####");
            // Its patch is in the report too: a comment with no room leaves it there.
            return partial.length() <= room - 200 ? partial.toString() : "";
        }
        PatchCandidate fix = r.fix().get();
        StringBuilder sb = new StringBuilder();
        sb.append("**Fix (VALID):** ").append(Markdown.textWithCode(fix.description(), 200)).append(" at ")
                .append(Markdown.code(Texts.where(fix), 300)).append("\n\n<details><summary>Patch</summary>\n\n");
        String diff = fix.diff();
        String close = "\n</details>\n\n";
        int budget = room - sb.length() - close.length() - 200;
        String block = fenced(diff, budget);
        if (block.length() > budget + 100) {
            // A fence as long as the backtick and tilde runs of the patch: cut those too.
            block = fenced(diff, budget - (block.length() - budget));
        }
        sb.append(block).append(close);
        Texts.caveat("This fix", r.caveats(fix.id())).ifPresent(c -> sb.append("> **Caveat.** ")
                .append(Markdown.textWithCode(c, 1_200)).append(" No other candidate that passes every test was found.\n\n"));
        MarkdownReport.alternatives(sb, r);
        return sb.toString();
    }

    /** The diff in a fenced block, its first {@code budget} characters when longer, with a note. */
    private static String fenced(String diff, int budget) {
        if (diff.length() <= budget) {
            return Markdown.fence("diff", diff);
        }
        return Markdown.fence("diff", diff.substring(0, Math.max(0, budget))
                + "\n... (cut: the whole patch is fix.patch in the report artifact)\n");
    }

    private static void counts(StringBuilder sb, RunResult r) {
        sb.append("Failing before: ").append(r.failing().size()).append(" · passing: ").append(r.passingCount());
        r.fixValidation().ifPresent((Validation v) -> sb.append(" · FAIL_TO_PASS: ").append(v.fixed().size())
                .append(" of ").append(r.failing().size()).append(" now pass · PASS_TO_PASS: all ")
                .append(r.passingCount()).append(" still pass"));
        sb.append("\n\n");
        if (!r.flaky().isEmpty()) {
            sb.append("Flaky (failed, then passed on a rerun; not counted): ").append(MarkdownReport.codes(r.flaky()))
                    .append("\n\n");
        }
    }
}
