package dev.repofix.report;

import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.ModelUsage;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.pipeline.StageStatus;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestResult;
import dev.repofix.validate.TestSelection;
import dev.repofix.validate.Validation;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The full report as Markdown, for people and for pull-request comments later. Every string
 * of the run is rendered through {@link Markdown}: the headings, lists, tables and emphasis
 * are this class's own. Pure.
 */
public final class MarkdownReport {
    private static final int MAX_LOCATIONS = 10;
    /** Caps, in characters of the run's text: one line, a command, a paragraph of prose. */
    static final int LINE = 500;
    static final int COMMAND = 2_000;
    static final int PROSE = 20_000;

    public String render(RunResult r) {
        StringBuilder sb = new StringBuilder();
        sb.append("# repofix: ").append(Markdown.text(Headline.of(r))).append("\n\n");
        sb.append("- **Repository:** ").append(Markdown.code(r.source(), LINE))
                .append(r.commit().map(c -> " at " + Markdown.code(c.substring(0, Math.min(12, c.length())), 12)).orElse(""))
                .append('\n');
        sb.append("- **Build:** ").append(r.build().isEmpty() ? "not detected" : Markdown.text(r.build(), LINE))
                .append(", tests run with ").append(Markdown.code(r.testCommand(), COMMAND))
                .append(r.sandbox().isEmpty() ? "" : " (" + Markdown.text(r.sandbox(), LINE) + ")")
                .append('\n');
        if (!r.failing().isEmpty()) {
            sb.append("- **Reproduce:** ").append(Markdown.code(r.reproduce(), COMMAND)).append("\n");
        }
        sb.append("- **Engine:** ").append(Markdown.text(r.model(), LINE)).append(" · run ")
                .append(Markdown.code(r.runId(), LINE)).append("\n");
        sb.append("- **Baseline:** ").append(r.failing().size()).append(" failing, ").append(r.passingCount())
                .append(" passing").append(r.flaky().isEmpty() ? "" : ", " + r.flaky().size()
                        + " flaky (failed, then passed on a rerun; not counted): " + codes(r.flaky()))
                .append("\n\n");
        r.error().ifPresent(e -> sb.append("## ").append(Texts.errorLabel(r, e)).append(" (")
                .append(Markdown.text(e.stage(), LINE)).append(")\n\n").append(Markdown.prose(e.message(), PROSE))
                .append("\n\n"));
        notes(sb, r.notes());
        EnvironmentSection.render(sb, r, "##");
        if (!r.buildLog().isEmpty()) {
            sb.append("## Build failed before any test reported\n\n").append(Markdown.fence("", r.buildLog()))
                    .append('\n');
        }
        r.issue().ifPresent(i -> issue(sb, i));
        r.localization().ifPresent(l -> locations(sb, l.locations()));
        fix(sb, r);
        screenedNotFinished(sb, r);
        partialFix(sb, r, "##");
        candidates(sb, r);
        stages(sb, r);
        return sb.toString();
    }

    /** The first ten, each as a code span, comma-separated, and how many more: test ids, for instance. */
    static String codes(List<String> items) {
        String shown = items.stream().limit(10).map(i -> Markdown.code(i, LINE)).collect(Collectors.joining(", "));
        return items.size() <= 10 ? shown : shown + " and " + (items.size() - 10) + " more";
    }

    private static void notes(StringBuilder sb, List<String> notes) {
        for (String n : notes) {
            sb.append("> **Note:** ").append(Markdown.text(n, COMMAND)).append("\n");
        }
        if (!notes.isEmpty()) {
            sb.append('\n');
        }
    }

    private static void issue(StringBuilder sb, IssueDraft i) {
        sb.append("## Issue (drafted)\n\n### ").append(Markdown.text(i.title(), LINE)).append("\n\n")
                .append(Markdown.prose(i.description(), PROSE)).append("\n\n**Why it fails.** ")
                .append(Markdown.prose(i.explanation(), PROSE))
                .append("\n\n**Bug type:** ").append(Markdown.text(i.bugType(), LINE)).append("\n\n");
    }

    private static void locations(StringBuilder sb, List<Location> locations) {
        sb.append("## Suspected lines\n\n");
        if (locations.isEmpty()) {
            sb.append("No line of the repository could be tied to the failures.\n\n");
            return;
        }
        // The rank, not the score: a model's lines are scored 1/(rank+1), which would read as a confidence.
        sb.append("| Rank | Location | Line | Why |\n|---|---|---|---|\n");
        int n = 0;
        for (Location l : locations.subList(0, Math.min(MAX_LOCATIONS, locations.size()))) {
            sb.append("| ").append(++n).append(" | ").append(Markdown.codeInCell(l.toString(), LINE)).append(" | ")
                    .append(Markdown.codeInCell(l.content().strip(), 200)).append(" | ").append(Markdown.cell(l.reason()))
                    .append(" |\n");
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
        sb.append("## Patch (VALID)\n\n").append(Markdown.textWithCode(fix.get().description(), LINE)).append(" at ")
                .append(Markdown.code(Texts.where(fix.get()), LINE)).append(" (")
                .append(Markdown.text(fix.get().strategy(), LINE)).append(")\n\n")
                .append(Markdown.fence("diff", fix.get().diff()))
                .append("\nFAIL_TO_PASS: ").append(v.fixed().size()).append(" of ").append(r.failing().size())
                .append(" now pass. ").append(Markdown.text(passToPass(r, v), PROSE)).append("\n\n");
        Texts.caveat("This fix", r.caveats(fix.get().id())).ifPresent(c -> sb.append("> **Caveat.** ")
                .append(Markdown.textWithCode(c, PROSE)).append(" No other candidate that passes every test was found.\n\n"));
        if (!v.evidence().isEmpty()) {
            sb.append("Evidence: ").append(Markdown.text(String.join("; ", v.evidence()), PROSE)).append("\n\n");
        }
        alternatives(sb, r);
    }

    /**
     * PASS_TO_PASS as the deciding run checked it: every passing test, or those of the test
     * classes selection ran, with how many were skipped and why.
     */
    static String passToPass(RunResult r, Validation v) {
        return switch (v.selection().orElse(null)) {
            case TestSelection.Selected s -> "PASS_TO_PASS: all that ran still pass. Test selection: "
                    + s.ran().size() + " test class(es) ran, " + s.skipped().size() + " skipped (" + s.why() + ").";
            case TestSelection.WholeSuite w -> "PASS_TO_PASS: all " + r.passingCount()
                    + " still pass (the whole suite ran: " + w.why() + ").";
            case null -> "PASS_TO_PASS: all " + r.passingCount() + " still pass.";
        };
    }

    /** Other patches that pass every test too: the tests do not pin the fix down, and people must know. */
    static void alternatives(StringBuilder sb, RunResult r) {
        List<PatchCandidate> others = r.alternatives();
        if (others.isEmpty()) {
            return;
        }
        sb.append("**").append(others.size() == 1 ? "Another patch also passes" : others.size()
                + " other patches also pass").append(" every test; the tests do not pin this down.** Check which one "
                + "is right (and add a test that tells them apart):\n\n");
        for (PatchCandidate c : others) {
            sb.append("- ").append(Markdown.textWithCode(c.description(), 200)).append(" at ")
                    .append(Markdown.code(Texts.where(c), LINE)).append(" (").append(Markdown.text(c.strategy(), LINE))
                    .append(", candidate ").append(Markdown.text(c.id(), LINE)).append(")");
            differsWhere(r, c).ifPresent(where -> sb.append(": differs from the proposed fix only where ")
                    .append(Markdown.code(where, LINE)));
            Texts.caveat("ranked after the fix: it", r.caveats(c.id())).ifPresent(w -> sb.append("; **")
                    .append(Markdown.textWithCode(w, PROSE)).append("**"));
            r.behaviour(c.id()).ifPresent(b -> sb.append(behaviour(b)));
            sb.append('\n');
        }
        sb.append('\n');
    }

    /**
     * What the probe of an alternative against the fix found, as the end of its line: the first
     * input where they differ, or that none was found, or why they were not compared. Values
     * come from the project's code: shown as code, cut.
     */
    static String behaviour(dev.repofix.validate.BehaviourComparison b) {
        return switch (b) {
            case dev.repofix.validate.BehaviourComparison.Differs d -> ". The tests do not pin this down: on "
                    + Markdown.code(d.call(), LINE) + " the fix " + result(d.fix()) + ", the alternative "
                    + result(d.alternative());
            case dev.repofix.validate.BehaviourComparison.NoDifference n -> ". No input found where they differ ("
                    + n.tried() + " tried)";
            case dev.repofix.validate.BehaviourComparison.NotCompared n -> ". Not compared on other inputs: "
                    + Markdown.text(n.why(), LINE);
        };
    }

    /** {@code returns `5`} from the probe's {@code returns 5}. */
    private static String result(String line) {
        int space = line.indexOf(' ');
        return space < 0 ? Markdown.code(line, LINE)
                : Markdown.text(line.substring(0, space), LINE) + " " + Markdown.code(line.substring(space + 1), LINE);
    }

    /**
     * Where an alternative's behaviour can differ from the fix's, when their text says it
     * ({@code amount == 0} for {@code amount <= 0} against {@code amount < 0}).
     */
    static java.util.Optional<String> differsWhere(RunResult r, PatchCandidate alternative) {
        return r.fix().flatMap(f -> dev.repofix.patch.ComparisonDifference.between(f.diff(), alternative.diff()));
    }

    /**
     * Without a fix, the candidates that passed screening and whose full run the budget cut
     * off, with their patches: a longer run may prove one.
     */
    private static void screenedNotFinished(StringBuilder sb, RunResult r) {
        if (r.fix().isPresent()) {
            return;
        }
        for (dev.repofix.pipeline.CandidateRecord c : r.candidates()) {
            if (c.verdict().filter(v -> v == dev.repofix.validate.Verdict.SCREENED_NOT_FINISHED).isEmpty()) {
                continue;
            }
            PatchCandidate p = c.candidate();
            sb.append("## Screened VALID, full run not finished: ").append(Markdown.code(p.id(), LINE))
                    .append("\n\n").append(Markdown.textWithCode(p.description(), LINE)).append(" at ")
                    .append(Markdown.code(Texts.where(p), LINE)).append(" (").append(Markdown.text(p.strategy(), LINE))
                    .append("). The failing tests pass with it, but its run of the whole suite was cut off by the "
                            + "time budget: not proven. Raise `--timeout` to have it proven.\n\n")
                    .append(Markdown.fence("diff", p.diff())).append('\n');
        }
    }

    /**
     * Without a fix, the candidate proven to make some of the failing tests pass without
     * breaking any (its run of the whole suite set the others apart), with its patch.
     */
    static void partialFix(StringBuilder sb, RunResult r, String heading) {
        r.partialFix().ifPresent(c -> c.validation().ifPresent(v -> {
            PatchCandidate p = c.candidate();
            sb.append(heading).append(" Partial fix (not VALID): ").append(Markdown.code(p.id(), LINE)).append("\n\n")
                    .append(Markdown.textWithCode(p.description(), LINE)).append(" at ")
                    .append(Markdown.code(Texts.where(p), LINE)).append(". No candidate made every failing test pass; "
                            + "this one makes ").append(v.fixed().size()).append(" of ")
                    .append(v.fixed().size() + v.stillFailing().size()).append(" pass (").append(codes(v.fixed()))
                    .append(") and breaks no passing test: its run of the whole suite set the others apart. Still "
                            + "failing with it: ").append(codes(v.stillFailing())).append(". They may fail for "
                            + "another cause (a second bug, or the environment): review them apart.\n\n")
                    .append(Markdown.fence("diff", p.diff())).append('\n');
        }));
    }

    private static void candidates(StringBuilder sb, RunResult r) {
        if (r.validations().isEmpty()) {
            if (!r.candidates().isEmpty()) {
                // The budget ran out before the first one; the notes say so.
                sb.append("## Candidates\n\n").append(r.candidates().size())
                        .append(" candidate(s) were made; none was validated.\n\n");
            } else if (r.localization().filter(l -> l.locations().isEmpty()).isPresent()) {
                sb.append("## Candidates\n\nNo fix candidate was made: no line was suspected.\n\n");
            } else if (r.stages().stream().anyMatch(s -> s.stage().equals("patch") && s.status() == StageStatus.OK)) {
                sb.append("## Candidates\n\nNo fix candidate could be made at the suspected lines.\n\n");
            }
            return;
        }
        sb.append("## Candidates tried\n\n| # | Location | Template | Change | Verdict | Time | Evidence |\n")
                .append("|---|---|---|---|---|---|---|\n");
        int n = 0;
        for (CandidateRecord record : r.candidates()) {
            if (record.validation().isEmpty()) {
                continue; // the notes say why the rest were not validated
            }
            PatchCandidate c = record.candidate();
            Validation v = record.validation().get();
            sb.append("| ").append(++n).append(" | ").append(Markdown.codeInCell(Texts.where(c), LINE)).append(" | ")
                    .append(Markdown.cell(c.strategy())).append(" | ").append(Markdown.cellWithCode(c.description(), 200)).append(" | ")
                    .append(v.verdict()).append(" | ").append(Texts.duration(v.elapsed())).append(" | ")
                    .append(Markdown.cell(v.detail())).append(" |\n");
        }
        sb.append('\n').append(Markdown.text(tried(r))).append("\n\n");
    }

    /**
     * What was tried, summed: candidates per template (or model) and verdict, and the time
     * spent in each validation phase, e.g. {@code relational-op 5 (VALID 1, TESTS_FAIL 4)}.
     */
    static String tried(RunResult r) {
        Map<String, Map<String, Integer>> byStrategy = new LinkedHashMap<>();
        Duration apply = Duration.ZERO;
        Duration build = Duration.ZERO;
        Duration screen = Duration.ZERO;
        Duration full = Duration.ZERO;
        Duration modified = Duration.ZERO;
        for (CandidateRecord record : r.candidates()) {
            if (record.validation().isEmpty()) {
                continue;
            }
            Validation v = record.validation().get();
            byStrategy.computeIfAbsent(record.candidate().strategy(), k -> new LinkedHashMap<>())
                    .merge(v.verdict().name(), 1, Integer::sum);
            apply = apply.plus(v.phases().apply().orElse(Duration.ZERO));
            build = build.plus(v.phases().build().orElse(Duration.ZERO));
            screen = screen.plus(v.phases().screen().orElse(Duration.ZERO));
            full = full.plus(v.phases().fullRun().orElse(Duration.ZERO));
            modified = modified.plus(v.phases().modifiedTests().orElse(Duration.ZERO));
        }
        String counts = byStrategy.entrySet().stream().map(e -> e.getKey() + " "
                + e.getValue().values().stream().mapToInt(Integer::intValue).sum() + " ("
                + e.getValue().entrySet().stream().map(x -> x.getKey() + " " + x.getValue())
                        .collect(Collectors.joining(", ")) + ")").collect(Collectors.joining("; "));
        String unit = r.suiteTime().map(t -> " (T_suite, the baseline's bare run: " + Texts.duration(t) + ")")
                .orElse("");
        return "Tried: " + counts + ". Validation time" + unit + ": apply " + Texts.duration(apply)
                + ", build for screening " + Texts.duration(build) + ", screening " + Texts.duration(screen)
                + ", full runs " + Texts.duration(full) + ", patch-modified tests " + Texts.duration(modified) + ".";
    }

    private static void stages(StringBuilder sb, RunResult r) {
        sb.append("## Stages\n\n| Stage | Status | Time | Model | Summary |\n|---|---|---|---|---|\n");
        for (StageRecord s : r.stages()) {
            sb.append("| ").append(Markdown.cell(s.stage())).append(" | ")
                    .append(s.status().name().toLowerCase(Locale.ROOT))
                    .append(" | ").append(s.status() == StageStatus.SKIPPED ? "" : Texts.duration(s.elapsed()))
                    .append(" | ").append(s.model().map(MarkdownReport::usage).orElse("")).append(" | ")
                    .append(Markdown.cell(s.summary())).append(" |\n");
        }
        sb.append("| **total** | | ").append(Texts.duration(r.total())).append(" | ")
                .append(Texts.usage(r).orElse("")).append(" | |\n");
    }

    /** What the model did in a stage, e.g. "usable on attempt 2 of 3" or "refused on attempt 1 of 3", and its tokens. */
    static String usage(ModelUsage m) {
        String of = " of " + m.maxAttempts();
        String said = switch (m.outcome()) {
            case USABLE -> "usable on attempt " + m.parsedOn().getAsInt() + of;
            case NOT_PARSED -> "no answer parsed in " + m.attempts() + of;
            case UNUSABLE -> "answers not usable in " + m.attempts() + of;
            case REFUSED -> "refused by the server on attempt " + m.attempts() + of;
            case NO_ANSWER -> m.attempts() == 0 ? "no answer within the time budget"
                    : "no answer in time on attempt " + m.attempts() + of;
            case NOT_ASKED -> "not asked";
        };
        if (m.outcome() == AnswerOutcome.NOT_ASKED) {
            return said;
        }
        return said + ", " + m.inputTokens() + " in / " + m.outputTokens() + " out"
                + m.costUsd().map(c -> String.format(Locale.ROOT, ", ~$%.4f", c)).orElse("");
    }

    /** Failure names for the summary, shared with {@link SummaryReport}. */
    static String testNames(List<TestResult> failing, int max) {
        List<String> ids = failing.stream().map(TestResult::id).toList();
        return ids.size() <= max ? String.join(", ", ids)
                : String.join(", ", ids.subList(0, max)) + " and " + (ids.size() - max) + " more";
    }
}
