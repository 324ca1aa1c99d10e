package dev.repofix.eval.gold;

import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.FailureReport;
import java.util.List;
import java.util.Optional;

/**
 * The reference-free baseline: an empty issue, no locations and one candidate with an
 * empty diff. The validator must find that it fixes nothing (it does not parse as a
 * patch, so NOT_APPLIED); a case this passes tests nothing. Asks no model.
 */
public final class EmptyStages implements Stages {
    /** The model name runs answered by these stages carry. */
    public static final String MODEL = "empty";
    /** The id of the one candidate, the empty patch. */
    public static final String CANDIDATE_ID = "empty";
    /** The issue it drafts: no text at all. */
    public static final IssueDraft NO_ISSUE = new IssueDraft("", "", "", "unknown");

    /** These stages as the pipeline's engine, named {@value #MODEL}, at no price. */
    public RepairPipeline.Engine engine() {
        return new RepairPipeline.Engine(this, MODEL, Optional.empty());
    }

    @Override
    public IssueDraft draftIssue(FailureReport failures) {
        return NO_ISSUE;
    }

    @Override
    public Localization localize(FailureReport failures, IssueDraft issue) {
        return new Localization(List.of());
    }

    /** One candidate whose diff is empty: it changes nothing. */
    @Override
    public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
        return List.of(new PatchCandidate(CANDIDATE_ID, MODEL, "", 1, "the empty patch: changes nothing",
                PatchText.read("")));
    }
}
