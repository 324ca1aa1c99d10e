package dev.repofix.eval.score;

import java.util.Objects;

/** What the judge made of one drafted issue. Closed: switch over it. */
public sealed interface IssueJudgement {
    /** The judge, its tokens and cost, whatever came of it. */
    JudgeUsage usage();

    /** The judge gave usable scores. */
    record Scored(IssueScores scores, JudgeUsage usage) implements IssueJudgement {
        public Scored {
            Objects.requireNonNull(scores, "scores");
            Objects.requireNonNull(usage, "usage");
        }

        /** The issue's score in [0, 100]: the four scores averaged, times 10. */
        public double score() {
            return scores.score();
        }
    }

    /** No answer of the k asked held four scores in range; {@code reason} is the last refusal. */
    record Unscored(String reason, JudgeUsage usage) implements IssueJudgement {
        public Unscored {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(usage, "usage");
        }
    }
}
