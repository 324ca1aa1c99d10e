package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Validation;
import java.util.List;

/**
 * The sticky pull-request comment (also the job summary): verdict first, the drafted
 * issue, the suspected lines as links at the head commit, the patch in a collapsed
 * diff, the test counts, flaky tests, time, tokens and cost. Pure.
 */
public final class PullRequestComment {
    /** Hidden marker by which the comment is found again and updated in place. */
    public static final String MARKER = "<!-- repofix:sticky-comment -->";
    /** GitHub refuses comment bodies above 65,536 characters; leave room for the frame. */
    static final int MAX_BODY = 60_000;
    private static final int MAX_LOCATIONS = 5;

    private PullRequestComment() {}

    public static String render(RunResult r, GitHubTarget target) {
        return render(r, target.headSha(), target::lineLink);
    }

    /** The same body for any forge: {@code link} gives the web link of a file's line at {@code sha}. */
    static String render(RunResult r, String sha, java.util.function.BiFunction<String, Integer, String> link) {
        StringBuilder head = new StringBuilder();
        head.append(MARKER).append('\n').append("### repofix: ").append(Headline.of(r)).append("\n\n");
        r.issue().ifPresent(i -> issue(head, i));
        r.localization().ifPresent(l -> locations(head, l.locations(), link));
        StringBuilder tail = new StringBuilder();
        counts(tail, r);
        r.error().ifPresent(e -> tail.append("> **").append(Texts.errorLabel(e)).append("** in ").append(e.stage())
                .append(": ").append(Texts.oneLine(e.message(), 600)).append("\n\n"));
        if (!r.failing().isEmpty()) {
            tail.append("Reproduce: `").append(Texts.cell(r.reproduce())).append("`\n\n");
        }
        for (String note : r.notes()) {
            tail.append("> ").append(Texts.oneLine(note, 400)).append('\n');
        }
        if (!r.notes().isEmpty()) {
            tail.append('\n');
        }
        tail.append("<sub>").append(r.build()).append(" · `").append(Texts.cell(r.testCommand())).append("` · ")
                .append(Texts.duration(r.total())).append(Texts.usage(r).map(u -> " · " + u).orElse(""))
                .append(" · commit `")
                .append(sha, 0, Math.min(12, sha.length())).append("`</sub>\n");
        int room = MAX_BODY - head.length() - tail.length();
        return head + fix(r, room) + tail;
    }

    private static void issue(StringBuilder sb, IssueDraft i) {
        sb.append("**Issue (drafted): ").append(Texts.oneLine(i.title(), 200)).append("**\n\n")
                .append(i.description().strip()).append("\n\n**Why it fails.** ").append(i.explanation().strip())
                .append("\n\n");
    }

    private static void locations(StringBuilder sb, List<Location> locations,
            java.util.function.BiFunction<String, Integer, String> link) {
        if (locations.isEmpty()) {
            return;
        }
        sb.append("**Suspected lines**\n\n");
        int n = 0;
        for (Location l : locations.subList(0, Math.min(MAX_LOCATIONS, locations.size()))) {
            sb.append(++n).append(". [`").append(l.file()).append(':').append(l.line()).append("`](")
                    .append(link.apply(l.file(), l.line())).append(") `")
                    .append(Texts.cell(Texts.oneLine(l.content().strip(), 120))).append('`');
            if (!l.reason().isBlank()) {
                sb.append(": ").append(Texts.oneLine(l.reason(), 200));
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
            return "";
        }
        PatchCandidate fix = r.fix().get();
        StringBuilder sb = new StringBuilder();
        sb.append("**Fix (VALID):** ").append(Texts.oneLine(fix.description(), 200)).append(" at `").append(Texts.where(fix))
                .append("`\n\n<details><summary>Patch</summary>\n\n");
        String diff = fix.diff();
        String close = "\n</details>\n\n";
        int budget = room - sb.length() - close.length() - 200;
        if (diff.length() > budget) {
            diff = diff.substring(0, Math.max(0, budget)) + "\n... (cut: the whole patch is fix.patch in the report artifact)\n";
        }
        sb.append(Texts.fence("diff", diff)).append(close);
        MarkdownReport.alternatives(sb, r);
        return sb.toString();
    }

    private static void counts(StringBuilder sb, RunResult r) {
        sb.append("Failing before: ").append(r.failing().size()).append(" · passing: ").append(r.passingCount());
        r.fixValidation().ifPresent((Validation v) -> sb.append(" · FAIL_TO_PASS: ").append(v.fixed().size())
                .append(" of ").append(r.failing().size()).append(" now pass · PASS_TO_PASS: all ")
                .append(r.passingCount()).append(" still pass"));
        sb.append("\n\n");
        if (!r.flaky().isEmpty()) {
            sb.append("Flaky (failed, then passed on a rerun; not counted): `")
                    .append(String.join("`, `", r.flaky())).append("`\n\n");
        }
    }
}
