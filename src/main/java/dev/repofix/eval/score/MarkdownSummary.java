package dev.repofix.eval.score;

import dev.repofix.eval.result.ResultStatus;
import dev.repofix.report.TextTable;
import java.util.ArrayList;
import java.util.List;

/** The benchmark report as Markdown ({@code report.md}): one part per setting, then the cases left out. */
final class MarkdownSummary {
    /** What a figure of a stage the model was not asked shows instead. */
    private static final String NOT_ASKED = "not asked";
    private MarkdownSummary() {}

    static String render(Summary summary) {
        StringBuilder md = new StringBuilder("# repofix eval report\n\n");
        int scored = summary.settings().stream().mapToInt(s -> s.overall().cases()).sum();
        md.append(String.format("%d results: %d scored; %d ERROR, %d BROKEN, %d FLAKY counted apart (listed at the end)."
                + "\n\n", scored + summary.excluded().size(), scored, summary.excluded(ResultStatus.ERROR).size(),
                summary.excluded(ResultStatus.BROKEN).size(), summary.excluded(ResultStatus.FLAKY).size()));
        for (SettingSummary s : summary.settings()) {
            setting(md, s);
        }
        excluded(md, summary);
        return md.toString();
    }

    private static void setting(StringBuilder md, SettingSummary s) {
        md.append("## ").append(s.setting().isEmpty() ? "All cases" : "Setting: " + s.setting()).append("\n\n");
        asked(md, s);
        List<Row> groups = groups(s);
        md.append("### Localization\n\n");
        if (!s.asked(Scores.LOCALIZE)) {
            md.append("Not asked of the model under this setting (the locations, if any, are the case's reference): "
                    + "no localization figure (Loads, F1, top-k) would be the model's, so none is shown.\n\n");
        } else {
            localization(md, groups);
        }
        issueAndPatch(md, s, groups);
    }

    /** Which stages the model was asked under the setting, and which were given it. */
    private static void asked(StringBuilder md, SettingSummary s) {
        if (s.notAsked().isEmpty()) {
            return;
        }
        List<String> asked = List.of("issue", Scores.LOCALIZE, "patch").stream().filter(s::asked).toList();
        md.append("Asked of the model: ").append(asked.isEmpty() ? "none" : String.join(", ", asked))
                .append(". Not asked (given from the case's reference, or not wanted): ")
                .append(String.join(", ", s.notAsked())).append(".\n\n");
    }

    private static void localization(StringBuilder md, List<Row> groups) {
        TextTable loc = new TextTable("group", "cases", "Loads", "P (micro)", "R (micro)", "F1 (micro)", "F1 (mean)",
                "file", "top-1", "top-5", "cause", "effect", "all causes");
        for (Row g : groups) {
            Aggregate a = g.a();
            loc.row(g.group(), String.valueOf(a.cases()), Figures.share(a.loads()),
                    Figures.number(a.microPrecision()), Figures.number(a.microRecall()), Figures.number(a.microF1()),
                    Figures.number(a.meanF1()), Figures.share(a.fileHit()), Figures.share(a.top1()),
                    Figures.share(a.top5()), Figures.share(a.cause()), Figures.share(a.effect()),
                    Figures.share(a.allCauses()));
        }
        md.append(loc.render()).append('\n');
    }

    private static void issueAndPatch(StringBuilder md, SettingSummary s, List<Row> groups) {
        md.append("### Issue and patch\n\n");
        TextTable patch = new TextTable("group", "cases", "issue (0-100)", "BI", "Apply", "Pass", "reference-equal");
        for (Row g : groups) {
            Aggregate a = g.a();
            boolean issue = s.asked("issue");
            boolean fix = s.asked("patch");
            patch.row(g.group(), String.valueOf(a.cases()), issue ? Figures.number(a.issueScore()) : NOT_ASKED,
                    issue ? Figures.share(a.bugType()) : NOT_ASKED, fix ? Figures.share(a.apply()) : NOT_ASKED,
                    fix ? Figures.share(a.pass()) : NOT_ASKED, fix ? Figures.share(a.referenceEqual()) : NOT_ASKED);
        }
        md.append(patch.render()).append('\n');
        md.append("### Cost\n\n");
        TextTable cost = new TextTable("group", "cases", "tokens in", "tokens out", "cost USD", "mean wall s");
        for (Row g : groups) {
            Aggregate a = g.a();
            cost.row(g.group(), String.valueOf(a.cases()), String.valueOf(a.inputTokens()),
                    String.valueOf(a.outputTokens()), Figures.usd(a.costUsd()), Figures.seconds(a.meanWallMs()));
        }
        md.append(cost.render()).append('\n');
        TextTable stages = new TextTable("stage", "mean s (over the cases where it ran)");
        s.overall().meanStageMs().forEach((stage, ms) -> stages.row(stage, Figures.seconds(ms)));
        md.append(stages.render()).append('\n');
        loadsAtK(md, s);
        correlations(md, s);
        sweep(md, s);
    }

    /** An aggregate with the name its row shows. */
    private record Row(String group, Aggregate a) {}

    private static List<Row> groups(SettingSummary s) {
        List<Row> out = new ArrayList<>();
        out.add(new Row("all", s.overall()));
        s.byLanguage().forEach(a -> out.add(new Row("language: " + a.group(), a)));
        s.byBugType().forEach(a -> out.add(new Row("bug type: " + a.group(), a)));
        s.byShape().forEach(a -> out.add(new Row("shape: " + a.group(), a)));
        return out;
    }

    private static void loadsAtK(StringBuilder md, SettingSummary s) {
        if (!s.asked(Scores.LOCALIZE)) {
            return; // no localization answer was asked for, so none can load
        }
        md.append("### Loads@k\n\n");
        TextTable t = new TextTable("k", "Loads@k");
        s.loadsAtK().forEach((k, r) -> t.row(String.valueOf(k), Figures.share(r)));
        md.append(t.render()).append('\n');
    }

    private static void correlations(StringBuilder md, SettingSummary s) {
        md.append("### Correlations (Pearson, two-sided p)\n\n");
        TextTable t = new TextTable("x", "y", "n", "r", "p");
        s.correlations().forEach(c -> t.row(c.x(), c.y(), String.valueOf(c.n()),
                c.r().isPresent() ? Figures.number(c.r()) : "n/a (" + c.reason() + ")", Figures.pValue(c.p())));
        md.append(t.render()).append('\n');
    }

    private static void sweep(StringBuilder md, SettingSummary s) {
        if (s.sweep().isEmpty()) {
            return;
        }
        md.append("### Context-length sweep\n\n");
        TextTable t = new TextTable("context tokens", "cases", "Pass", "F1 (micro)");
        s.sweep().forEach(a -> t.row(a.group(), String.valueOf(a.cases()), Figures.share(a.pass()),
                Figures.number(a.microF1())));
        md.append(t.render()).append('\n');
        md.append("![Pass and F1 by context budget](").append(EvalReport.sweepFile(s.setting())).append(")\n\n");
    }

    private static void excluded(StringBuilder md, Summary summary) {
        md.append("## Counted apart\n\n");
        if (summary.excluded().isEmpty()) {
            md.append("None: every result was scored.\n");
            return;
        }
        md.append("ERROR is an infrastructure failure, not a model's miss (a fetch, a set-up, an environment that "
                + "misses what the tests need: rerun after fixing it), BROKEN a case that is wrong (its fail_to_pass "
                + "tests do not fail at the base, its reference tests do not compile there), FLAKY a case whose tests "
                + "are flaky. None is in the figures above.\n\n");
        TextTable t = new TextTable("result", "status", "why");
        summary.excluded().forEach(r -> t.row(r.key(), r.status().name(), r.error().orElse("")));
        md.append(t.render());
    }
}
