package dev.repofix.report;

import java.util.Locale;

/** What the action posts besides the job summary. */
public enum GitHubMode {
    /** One sticky pull-request comment, updated in place. */
    COMMENT,
    /** The sticky comment and a review with one-click suggestions. */
    REVIEW,
    /** The sticky comment and a check run with annotations at the fault lines. */
    CHECK,
    /** Nothing is posted: the job summary and the output folder only. */
    SUMMARY_ONLY;

    /** Parses {@code comment}, {@code review}, {@code check} or {@code summary-only}. */
    public static GitHubMode parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        return switch (t) {
            case "comment" -> COMMENT;
            case "review" -> REVIEW;
            case "check" -> CHECK;
            case "summary-only" -> SUMMARY_ONLY;
            default -> throw new IllegalArgumentException(
                    "unknown mode '" + text + "'; use comment, review, check or summary-only");
        };
    }
}
