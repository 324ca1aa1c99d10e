package dev.repofix.eval.score;

import java.util.List;
import java.util.Objects;

/**
 * What judging one issue took: which judge, how many answers, their tokens and cost. No
 * component is null; {@code errors} is copied.
 *
 * @param judgeModel    the judge model's name, e.g. "openai:gpt-4o"
 * @param promptVersion the judge prompt's version, {@link IssueJudge#PROMPT_VERSION}; scores of
 *                      different versions do not compare
 * @param attempts      answers asked for
 * @param errors        why each unusable answer was refused, in order
 * @param inputTokens   prompt tokens over all attempts
 * @param outputTokens  answer tokens over all attempts
 * @param cost          US dollars over all attempts; 0 when cached or the model has no price
 */
public record JudgeUsage(String judgeModel, String promptVersion, int attempts, List<String> errors,
        int inputTokens, int outputTokens, double cost) {
    public JudgeUsage {
        Objects.requireNonNull(judgeModel, "judgeModel");
        Objects.requireNonNull(promptVersion, "promptVersion");
        errors = List.copyOf(errors);
    }
}
