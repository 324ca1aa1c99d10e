package dev.repofix.repair;

import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.FailureReport;
import java.util.List;

/**
 * The builtin engine: no network, no model. Issue from the test output, lines from
 * stack frames (and what the failing test calls), fixes from templates. The default
 * when no model is configured.
 */
public final class BuiltinStages implements Stages {
    private final IssueWriter issues = new IssueWriter();
    private final FrameLocalizer localizer = new FrameLocalizer();
    private final TemplateProposer proposer = new TemplateProposer(FixTemplates.byLanguage());
    private SourceCache sources;

    @Override
    public IssueDraft draftIssue(FailureReport failures) {
        return issues.write(failures);
    }

    @Override
    public Localization localize(FailureReport failures, IssueDraft issue) {
        return localizer.localize(failures, sourcesFor(failures));
    }

    @Override
    public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
        return proposer.propose(failures, localization.locations(), sourcesFor(failures));
    }

    /** One cache per workspace: a run reads each file once across stages. */
    private SourceCache sourcesFor(FailureReport failures) {
        if (sources == null || !sources.files().root().equals(failures.files().root())) {
            sources = new SourceCache(failures.files());
        }
        return sources;
    }
}
