package dev.repofix.eval.result;

import java.util.Objects;

/**
 * The judge's marks for a drafted issue, each 0-10, and their mean scaled to 0-100.
 *
 * @param reproducibility can a developer reproduce the failure from it
 * @param relevance       is it about the actual fault
 * @param explanation     does it explain the cause
 * @param overall         the judge's overall mark
 * @param score           the mean of the four marks times ten
 * @param judgeModel      the model that judged
 * @param promptVersion   the judge prompt's version, so that scores of different prompts are not mixed
 */
public record IssueScore(double reproducibility, double relevance, double explanation, double overall, double score,
        String judgeModel, String promptVersion) {
    public IssueScore {
        Objects.requireNonNull(judgeModel, "judgeModel");
        Objects.requireNonNull(promptVersion, "promptVersion");
    }
}
