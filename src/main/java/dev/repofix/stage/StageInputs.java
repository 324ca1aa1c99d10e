package dev.repofix.stage;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What the model-backed stages run from besides the failures: by default each stage from
 * the previous stage's output; a benchmark may give a reference issue, reference
 * locations or a reference explanation instead (the "oracle" settings), leave locations
 * out of the patch prompt, hide the failures' messages and traces (the "origin"
 * settings), or ask only the stage it scores. No component is null.
 *
 * @param caseId                the benchmark case or run id for replay keys ("" outside a benchmark)
 * @param issue                 a reference issue to use instead of the model's own
 * @param localization          reference locations to use instead of the model's own
 * @param patchWithLocalization whether the patch prompt shows locations at all
 * @param showMessages          whether prompts show the failures' messages, traces and log tail, or only
 *                              the failing tests' ids and frames
 * @param explanation           a reference explanation of the bug, shown to the localization and patch
 *                              prompts; empty for none
 * @param asked                 the stages the model is asked; a stage not asked answers the given
 *                              reference, else nothing (an empty issue, no locations, no candidates)
 */
public record StageInputs(String caseId, Optional<IssueDraft> issue, Optional<Localization> localization,
        boolean patchWithLocalization, boolean showMessages, Optional<String> explanation, Set<Step> asked) {
    /** The three stages, as {@link StageAttempts#stage()} names them. */
    public enum Step {
        ISSUE("issue"), LOCALIZE("localize"), PATCH("patch");

        private final String stageName;

        Step(String stageName) {
            this.stageName = stageName;
        }

        /** "issue", "localize" or "patch". */
        public String stageName() {
            return stageName;
        }
    }

    public StageInputs {
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(issue, "issue");
        Objects.requireNonNull(localization, "localization");
        Objects.requireNonNull(explanation, "explanation");
        asked = Set.copyOf(asked);
    }

    /** The inputs before the benchmark's additions: messages shown, no explanation, every stage asked. */
    public StageInputs(String caseId, Optional<IssueDraft> issue, Optional<Localization> localization,
            boolean patchWithLocalization) {
        this(caseId, issue, localization, patchWithLocalization, true, Optional.empty(), EnumSet.allOf(Step.class));
    }

    /** Each stage from the previous stage's output. */
    public static StageInputs chained() {
        return new StageInputs("", Optional.empty(), Optional.empty(), true);
    }

    public StageInputs withCaseId(String id) {
        return new StageInputs(id, issue, localization, patchWithLocalization, showMessages, explanation, asked);
    }

    public StageInputs withIssue(IssueDraft reference) {
        return new StageInputs(caseId, Optional.of(reference), localization, patchWithLocalization, showMessages,
                explanation, asked);
    }

    public StageInputs withLocalization(Localization reference) {
        return new StageInputs(caseId, issue, Optional.of(reference), patchWithLocalization, showMessages,
                explanation, asked);
    }

    public StageInputs withoutLocalizationInPatch() {
        return new StageInputs(caseId, issue, localization, false, showMessages, explanation, asked);
    }

    /** Prompts show the failing tests' ids and frames, not their messages, traces or the log. */
    public StageInputs withoutMessages() {
        return new StageInputs(caseId, issue, localization, patchWithLocalization, false, explanation, asked);
    }

    /** The localization and patch prompts show {@code reference} as the bug's explanation; blank shows none. */
    public StageInputs withExplanation(String reference) {
        Optional<String> shown = reference.isBlank() ? Optional.empty() : Optional.of(reference);
        return new StageInputs(caseId, issue, localization, patchWithLocalization, showMessages, shown, asked);
    }

    /** Only {@code steps} are asked of the model; the others answer the references or nothing. */
    public StageInputs asking(Set<Step> steps) {
        return new StageInputs(caseId, issue, localization, patchWithLocalization, showMessages, explanation, steps);
    }

    /** Whether the model is asked {@code step}. */
    public boolean asks(Step step) {
        return asked.contains(step);
    }
}
