package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.Location;
import dev.repofix.testrun.BuildLog;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The one-screen summary a person reads in a terminal or CI log. Plain text: the run's
 * words {@link Markdown#visible} (no ANSI escape or control of a test's output reaches the
 * terminal), each field on its own line, the patch and the build log indented. Pure.
 */
public final class SummaryReport {
    private static final int DIFF_LINES = 20;
    private static final int LOCATIONS = 5;

    public String render(RunResult r, List<String> writtenFiles) {
        StringBuilder sb = new StringBuilder();
        sb.append("repofix: ").append(r.status()).append(" - ").append(Headline.of(r)).append('\n');
        sb.append("  repo:     ").append(line(r.source())).append(" (").append(line(r.build())).append(")\n");
        sb.append("  tests:    ").append(line(r.testCommand())).append('\n');
        r.error().ifPresent(e -> sb.append("  error:    ").append(Texts.errorLabel(r, e)).append(" in ").append(line(e.stage()))
                .append(": ").append(line(e.message())).append('\n'));
        if (!r.failing().isEmpty()) {
            sb.append("  failing:  ").append(line(MarkdownReport.testNames(r.failing(), 3))).append('\n');
            sb.append("  reproduce: ").append(line(r.reproduce())).append('\n');
        }
        r.issue().ifPresent(i -> sb.append("  issue:    ").append(Texts.oneLine(line(i.title()), 110)).append('\n'));
        r.localization().ifPresent(l -> sb.append("  suspects: ").append(line(l.top(LOCATIONS).stream()
                .map(Location::toString).collect(Collectors.joining(", ")))).append('\n'));
        r.fix().ifPresent(f -> {
            sb.append("  patch:    ").append(line(Texts.where(f) + ' ' + f.strategy() + ' ' + f.description()))
                    .append(" -> VALID\n");
            Texts.caveat("this fix", r.caveats(f.id())).ifPresent(c -> sb.append("  caveat:   ").append(line(c))
                    .append('\n'));
            sb.append(indent(firstLines(Markdown.visible(f.diff()))));
            r.alternatives().forEach(a -> sb.append("  also:     ")
                    .append(line(Texts.where(a) + ' ' + a.strategy() + ' ' + a.description()))
                    .append(" -> VALID too: the tests do not tell these apart")
                    .append(MarkdownReport.differsWhere(r, a).map(w -> " (they differ only where " + line(w) + ")")
                            .orElse(""))
                    .append(Texts.caveat("; ranked after the fix: it", r.caveats(a.id())).map(c -> line(c))
                            .orElse(""))
                    .append(r.behaviour(a.id()).map(b -> " " + line(behaviour(b))).orElse("")).append('\n'));
        });
        if (r.fix().isEmpty() && !r.validations().isEmpty()) {
            sb.append("  patch:    none of ").append(r.validations().size()).append(" candidate(s) passed the tests\n");
        }
        r.environment().forEach(e -> sb.append("  env:      ").append(line((e.ofBuild() ? "the build" : e.test())
                + " misses " + e.kind().label() + " " + e.missing() + " (not a target); setup: " + e.setup()))
                .append('\n'));
        if (!r.buildLog().isEmpty()) {
            sb.append("  build:\n").append(indent(Markdown.visible(BuildLog.tail(r.buildLog(), 8))));
        }
        r.notes().forEach(n -> sb.append("  note:     ").append(line(n)).append('\n'));
        sb.append("  time:     ").append(Texts.duration(r.total()));
        r.timings().forEach((k, v) -> sb.append(" | ").append(line(k)).append(' ').append(Texts.duration(v)));
        sb.append('\n');
        Texts.usage(r).ifPresent(u -> sb.append("  model:    ").append(line(r.model())).append(", ").append(u)
                .append('\n'));
        if (!writtenFiles.isEmpty()) {
            sb.append("  report:   ").append(String.join(", ", writtenFiles)).append('\n');
        }
        return sb.toString();
    }

    /** The run's words on one line, made {@link Markdown#visible}. */
    /** What the probe of an alternative found, on one line: the project's values are cut and made visible. */
    static String behaviour(dev.repofix.validate.BehaviourComparison b) {
        return switch (b) {
            case dev.repofix.validate.BehaviourComparison.Differs d -> "[the tests do not pin this down: on "
                    + Texts.oneLine(d.call(), 120) + " the fix " + Texts.oneLine(d.fix(), 80) + ", the alternative "
                    + Texts.oneLine(d.alternative(), 80) + "]";
            case dev.repofix.validate.BehaviourComparison.NoDifference n -> "[no input found where they differ ("
                    + n.tried() + " tried)]";
            case dev.repofix.validate.BehaviourComparison.NotCompared n -> "[not compared on other inputs: "
                    + Texts.oneLine(n.why(), 120) + "]";
        };
    }

    private static String line(String s) {
        return Markdown.visibleLine(s, Integer.MAX_VALUE);
    }

    private static String firstLines(String diff) {
        String[] lines = diff.split("\n");
        if (lines.length <= DIFF_LINES) {
            return diff;
        }
        return String.join("\n", java.util.Arrays.copyOf(lines, DIFF_LINES)) + "\n... (" + (lines.length - DIFF_LINES)
                + " more lines in the report)";
    }

    private static String indent(String block) {
        return block.lines().map(l -> "    " + l).collect(Collectors.joining("\n")) + "\n";
    }
}
