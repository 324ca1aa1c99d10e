package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import dev.repofix.testrun.EnvironmentFailure;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The section "Environment failures (not targets)" of the Markdown report, the pull-request
 * comment and the job summary: which tests (or the build) failed because something from
 * outside the repository is missing, what, and the {@code setup} that would install it.
 * Every name comes from the run (untrusted) and goes through {@link Markdown}.
 */
final class EnvironmentSection {
    static final String TITLE = "Environment failures (not targets)";
    private static final int ROWS = 20;
    private static final int CELL = 300;

    private EnvironmentSection() {}

    /** The section under a heading of {@code level} ({@code ##} or {@code ###}); nothing when there are none. */
    static void render(StringBuilder sb, RunResult r, String level) {
        List<EnvironmentFailure> all = r.environment();
        if (all.isEmpty()) {
            return;
        }
        sb.append(level).append(' ').append(TITLE).append("\n\n")
                .append("These fail because something from outside the repository is missing, not because of the code:"
                        + " they are not targets, and no fix is asked to make them pass.\n\n")
                .append("| test | missing | said |\n| --- | --- | --- |\n");
        for (EnvironmentFailure e : all.subList(0, Math.min(ROWS, all.size()))) {
            sb.append("| ").append(e.ofBuild() ? "the build" : Markdown.codeInCell(e.test(), CELL)).append(" | ")
                    .append(Markdown.cell(e.kind().label(), CELL)).append(' ')
                    .append(Markdown.codeInCell(e.missing(), CELL)).append(" | ")
                    .append(Markdown.cell(e.said(), CELL)).append(" |\n");
        }
        if (all.size() > ROWS) {
            sb.append("\n... and ").append(all.size() - ROWS).append(" more\n");
        }
        sb.append("\nTo install it before the tests run, set `setup` in `.repofix.yml`, e.g. ")
                .append(Markdown.code(setupExample(all), CELL * 2)).append(".\n\n");
    }

    /** {@code setup: ["pip install x", ...]}: the distinct set-up commands, in order. */
    static String setupExample(List<EnvironmentFailure> failures) {
        return "setup: [" + failures.stream().map(EnvironmentFailure::setup).distinct().limit(5)
                .map(s -> '"' + s.replace("\\", "\\\\").replace("\"", "\\\"") + '"')
                .collect(Collectors.joining(", ")) + "]";
    }
}
