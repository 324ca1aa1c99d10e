package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestResult;
import dev.repofix.validate.Validation;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The full report as Markdown, for people and for pull-request comments later. Pure. */
public final class MarkdownReport {
    private static final int MAX_LOCATIONS = 10;

    public String render(RunResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("# repofix: ").append(Headline.of(r)).append("\n\n");
        sb.append("- **Repository:** `").append(r.source()).append('`')
                .append(r.commit().map(c -> " at `" + c.substring(0, Math.min(12, c.length())) + "`").orElse(""))
                .append('\n');
        sb.append("- **Build:** ").append(r.build()).append(", tests run with `").append(r.testCommand()).append("`\n");
        sb.append("- **Baseline:** ").append(r.failing().size()).append(" failing, ").append(r.passingCount())
                .append(" passing").append(r.flaky().isEmpty() ? "" : ", " + r.flaky().size()
                        + " flaky (failed, then passed on a rerun; not counted): `" + String.join("`, `", r.flaky()) + "`")
                .append("\n\n");
        notes(sb, r.notes());
        if (!r.buildLog().isEmpty()) {
            sb.append("## Build failed before any test reported\n\n").append(Texts.fence("", r.buildLog())).append('\n');
        }
        r.issue().ifPresent(i -> issue(sb, i));
        r.localization().ifPresent(l -> locations(sb, l.locations()));
        fix(sb, r);
        candidates(sb, r);
        timings(sb, r.timings(), r.total());
        return sb.toString();
    }

    private static void notes(StringBuilder sb, List<String> notes) {
        for (String n : notes) {
            sb.append("> **Note:** ").append(n).append("\n");
        }
        if (!notes.isEmpty()) {
            sb.append('\n');
        }
    }

    private static void issue(StringBuilder sb, IssueDraft i) {
        sb.append("## Issue (drafted)\n\n### ").append(i.title()).append("\n\n")
                .append(i.description().strip()).append("\n\n**Why it fails.** ").append(i.explanation().strip())
                .append("\n\n**Bug type:** ").append(i.bugType()).append("\n\n");
    }

    private static void locations(StringBuilder sb, List<Location> locations) {
        sb.append("## Suspected lines\n\n");
        if (locations.isEmpty()) {
            sb.append("No line of the repository could be tied to the failures.\n\n");
            return;
        }
        sb.append("| # | Location | Score | Line | Why |\n|---|---|---|---|---|\n");
        int n = 0;
        for (Location l : locations.subList(0, Math.min(MAX_LOCATIONS, locations.size()))) {
            sb.append("| ").append(++n).append(" | `").append(l.file()).append(':').append(l.line()).append("` | ")
                    .append(String.format(Locale.ROOT, "%.2f", l.score())).append(" | `").append(Texts.cell(l.content()))
                    .append("` | ").append(Texts.cell(l.reason())).append(" |\n");
        }
        if (locations.size() > MAX_LOCATIONS) {
            sb.append("\n").append(locations.size() - MAX_LOCATIONS).append(" more in report.json.\n");
        }
        sb.append('\n');
    }

    private static void fix(StringBuilder sb, RunResult r) {
        Optional<PatchCandidate> fix = r.fix();
        if (fix.isEmpty()) {
            return;
        }
        Validation v = r.fixValidation().orElseThrow();
        sb.append("## Patch (VALID)\n\n").append(fix.get().description()).append(" at `").append(fix.get().file())
                .append(':').append(fix.get().line()).append("` (").append(fix.get().strategy()).append(")\n\n")
                .append(Texts.fence("diff", fix.get().diff()))
                .append("\nFAIL_TO_PASS: ").append(v.fixed().size()).append(" of ").append(r.failing().size())
                .append(" now pass. PASS_TO_PASS: all ").append(r.passingCount()).append(" still pass.\n\n");
        if (!v.evidence().isEmpty()) {
            sb.append("Evidence: ").append(String.join("; ", v.evidence())).append("\n\n");
        }
    }

    private static void candidates(StringBuilder sb, RunResult r) {
        if (r.validations().isEmpty()) {
            if (!r.candidates().isEmpty()) {
                // The budget ran out before the first one; the notes say so.
                sb.append("## Candidates\n\n").append(r.candidates().size())
                        .append(" candidate(s) were made; none was validated.\n\n");
            } else if (r.issue().isPresent()) {
                sb.append("## Candidates\n\nNo fix candidate could be made at the suspected lines.\n\n");
            }
            return;
        }
        sb.append("## Candidates tried\n\n| # | Location | Template | Change | Verdict | Time | Evidence |\n")
                .append("|---|---|---|---|---|---|---|\n");
        Map<String, PatchCandidate> byId = new java.util.HashMap<>();
        r.candidates().forEach(c -> byId.put(c.id(), c));
        int n = 0;
        for (Validation v : r.validations()) {
            PatchCandidate c = byId.get(v.candidateId());
            if (c == null) {
                continue; // a verdict without its candidate says nothing a reader could act on
            }
            sb.append("| ").append(++n).append(" | `").append(c.file()).append(':').append(c.line()).append("` | ")
                    .append(c.strategy()).append(" | ").append(Texts.cell(c.description())).append(" | ")
                    .append(v.verdict()).append(" | ").append(Texts.duration(v.elapsed())).append(" | ")
                    .append(Texts.cell(v.detail())).append(" |\n");
        }
        sb.append('\n');
    }

    private static void timings(StringBuilder sb, Map<String, Duration> timings, Duration total) {
        sb.append("## Timings\n\n| Stage | Time |\n|---|---|\n");
        timings.forEach((k, v) -> sb.append("| ").append(k).append(" | ").append(Texts.duration(v)).append(" |\n"));
        sb.append("| **total** | ").append(Texts.duration(total)).append(" |\n");
    }

    /** Failure names for the summary, shared with {@link SummaryReport}. */
    static String testNames(List<TestResult> failing, int max) {
        List<String> ids = failing.stream().map(TestResult::id).toList();
        return ids.size() <= max ? String.join(", ", ids)
                : String.join(", ", ids.subList(0, max)) + " and " + (ids.size() - max) + " more";
    }
}
