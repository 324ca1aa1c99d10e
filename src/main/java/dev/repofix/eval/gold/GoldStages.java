package dev.repofix.eval.gold;

import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.RepairPipeline;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.ModelPatch;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.FailureReport;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Answers every stage from a benchmark case's references: its issue, its locations and
 * its source patch. Validates a benchmark: a case whose gold patch is not VALID is a
 * broken case, not a hard one. Asks no model, so it costs nothing.
 */
public final class GoldStages implements Stages {
    /** The model name runs answered by these stages carry. */
    public static final String MODEL = "gold";
    /** The id of the one candidate, the reference patch. */
    public static final String CANDIDATE_ID = "gold";

    private final IssueDraft issue;
    private final Localization localization;
    private final PatchText patch;

    /**
     * @param issue        the case's reference issue
     * @param localization the case's reference locations
     * @param patch        the source part of the case's reference patch, a unified diff
     */
    public GoldStages(IssueDraft issue, Localization localization, String patch) {
        this.issue = Objects.requireNonNull(issue, "issue");
        this.localization = Objects.requireNonNull(localization, "localization");
        this.patch = PatchText.read(Objects.requireNonNull(patch, "patch"));
    }

    /** These stages as the pipeline's engine, named {@value #MODEL}, at no price. */
    public RepairPipeline.Engine engine() {
        return new RepairPipeline.Engine(this, MODEL, Optional.empty());
    }

    /** The reference issue. */
    @Override
    public IssueDraft draftIssue(FailureReport failures) {
        return issue;
    }

    /** The reference locations. */
    @Override
    public Localization localize(FailureReport failures, IssueDraft drafted) {
        return localization;
    }

    /** The reference patch, labelled with the first file and line it changes. */
    @Override
    public List<PatchCandidate> propose(FailureReport failures, IssueDraft drafted, Localization located) {
        return List.of(ModelPatch.candidate(CANDIDATE_ID, MODEL, "the reference patch", patch, failures.files()));
    }
}
