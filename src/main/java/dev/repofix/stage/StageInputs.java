package dev.repofix.stage;

import java.util.Objects;
import java.util.Optional;

/**
 * What the model-backed stages run from besides the failures: by default each stage from
 * the previous stage's output; a benchmark may give a reference issue or reference
 * locations instead (the "oracle" settings), or leave locations out of the patch prompt.
 * No component is null.
 *
 * @param caseId               the benchmark case or run id for replay keys ("" outside a benchmark)
 * @param issue                a reference issue to use instead of the model's own
 * @param localization         reference locations to use instead of the model's own
 * @param patchWithLocalization whether the patch prompt shows locations at all
 */
public record StageInputs(String caseId, Optional<IssueDraft> issue, Optional<Localization> localization,
        boolean patchWithLocalization) {
    public StageInputs {
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(issue, "issue");
        Objects.requireNonNull(localization, "localization");
    }

    /** Each stage from the previous stage's output. */
    public static StageInputs chained() {
        return new StageInputs("", Optional.empty(), Optional.empty(), true);
    }

    public StageInputs withCaseId(String id) {
        return new StageInputs(id, issue, localization, patchWithLocalization);
    }

    public StageInputs withIssue(IssueDraft reference) {
        return new StageInputs(caseId, Optional.of(reference), localization, patchWithLocalization);
    }

    public StageInputs withLocalization(Localization reference) {
        return new StageInputs(caseId, issue, Optional.of(reference), patchWithLocalization);
    }

    public StageInputs withoutLocalizationInPatch() {
        return new StageInputs(caseId, issue, localization, false);
    }
}
