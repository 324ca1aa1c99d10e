package dev.repofix.history;

import static dev.repofix.history.DashboardText.escape;

import java.util.List;
import java.util.Map;

/**
 * The dashboard's comparison of eval runs: per benchmark, {@link LeaderboardTables}'s table of the
 * latest run of each model and setting, then the cases they disagree on. Absent when the history
 * holds no eval run. Every name and id is escaped. Pure.
 */
final class DashboardLeaderboards {
    /** Disagreements shown per benchmark; the rest are counted. */
    static final int DISAGREEMENT_ROWS = 50;

    private DashboardLeaderboards() {}

    static void render(StringBuilder html, Map<String, Leaderboard> boards) {
        if (boards.isEmpty()) {
            return;
        }
        html.append("<section id=\"compare\">\n<h2>Eval runs compared: the latest run of each model and setting")
                .append("</h2>\n<p>Resolved and Apply are shares of the scored cases; F1 is the localization F1 ")
                .append("averaged over them; ERROR, BROKEN and FLAKY cases are counted apart.</p>\n");
        boards.forEach((benchmark, board) -> board(html, benchmark, board));
        html.append("</section>\n");
    }

    private static void board(StringBuilder html, String benchmark, Leaderboard board) {
        html.append("<h3>").append(escape(DashboardText.oneLine(benchmark, 120))).append("</h3>\n")
                .append("<table class=\"compare\">\n<tr>");
        LeaderboardTables.COLUMNS.forEach(c -> html.append("<th>").append(escape(c)).append("</th>"));
        html.append("</tr>\n");
        for (int i = 0; i < board.rows().size(); i++) {
            html.append("<tr data-compare-run=\"").append(escape(board.rows().get(i).label())).append("\">");
            LeaderboardTables.cells(i, board.rows().get(i)).forEach(c -> html.append("<td>").append(escape(c))
                    .append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
        List<Leaderboard.Disagreement> disagreements = board.disagreements();
        if (disagreements.isEmpty()) {
            html.append("<p class=\"none\">No case is resolved by some of these runs and not by the others.</p>\n");
            return;
        }
        html.append("<p>").append(disagreements.size()).append(disagreements.size() == 1 ? " case" : " cases")
                .append(" resolved by some runs, not all (columns are the runs' #")
                .append(disagreements.size() > DISAGREEMENT_ROWS ? "; the first " + DISAGREEMENT_ROWS + " shown" : "")
                .append("):</p>\n<table class=\"disagree\">\n<tr><th>case</th>");
        for (int i = 1; i <= board.rows().size(); i++) {
            html.append("<th>#").append(i).append("</th>");
        }
        html.append("</tr>\n");
        for (Leaderboard.Disagreement d : disagreements.subList(0, Math.min(DISAGREEMENT_ROWS, disagreements.size()))) {
            html.append("<tr data-disagree=\"").append(escape(d.caseId())).append("\"><td>")
                    .append(escape(d.caseId())).append("</td>");
            d.outcomes().forEach(o -> html.append("<td>").append(escape(LeaderboardTables.word(o))).append("</td>"));
            html.append("</tr>\n");
        }
        html.append("</table>\n");
    }
}
