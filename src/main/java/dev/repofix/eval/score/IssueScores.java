package dev.repofix.eval.score;

/**
 * A judge's scores of one drafted issue, each in [0, 10].
 *
 * @param reproducibility whether a developer could reproduce the failure from the issue alone
 * @param relevance       whether the issue is about the bug the reference patch fixes
 * @param explanation     whether the issue says correctly why it fails
 * @param overall         the issue as a whole
 */
public record IssueScores(double reproducibility, double relevance, double explanation, double overall) {
    public static final double MIN = 0;
    public static final double MAX = 10;

    public IssueScores {
        check("reproducibility", reproducibility);
        check("relevance", relevance);
        check("explanation", explanation);
        check("overall", overall);
    }

    /** The average of the four scores, scaled to [0, 100]. */
    public double score() {
        return (reproducibility + relevance + explanation + overall) / 4 * 10;
    }

    private static void check(String name, double value) {
        if (!(value >= MIN && value <= MAX)) {
            throw new IllegalArgumentException("the " + name + " score must be in [0, 10]: " + value);
        }
    }
}
