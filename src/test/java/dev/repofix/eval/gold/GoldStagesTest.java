package dev.repofix.eval.gold;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.FailureFixture;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoldStagesTest {
    @TempDir
    Path root;

    @Test
    void answersEveryStageFromTheCasesReferences() throws Exception {
        FailureReport report = FailureFixture.write(root);
        GoldStages gold = new GoldStages(BugFixture.ISSUE, BugFixture.LOCATIONS, BugFixture.PATCH);

        assertThat(gold.draftIssue(report)).isEqualTo(BugFixture.ISSUE);
        assertThat(gold.localize(report, EmptyStages.NO_ISSUE)).isEqualTo(BugFixture.LOCATIONS);
        List<PatchCandidate> candidates = gold.propose(report, EmptyStages.NO_ISSUE, new dev.repofix.stage.Localization(List.of()));

        assertThat(candidates).containsExactly(new PatchCandidate("gold", "gold", FailureFixture.SOURCE, 6,
                "the reference patch", PatchText.read(BugFixture.PATCH)));
        assertThat(gold.attempts()).isEmpty();
    }

    @Test
    void itsCandidateAppliesToTheWorkspaceAndFixesTheLine() throws Exception {
        FailureReport report = FailureFixture.write(root);
        PatchCandidate candidate = new GoldStages(BugFixture.ISSUE, BugFixture.LOCATIONS, BugFixture.PATCH)
                .propose(report, BugFixture.ISSUE, BugFixture.LOCATIONS).get(0);

        ApplyResult applied = new PatchApplier().apply(root, candidate.diff());

        assertThat(applied).isInstanceOf(ApplyResult.Applied.class);
        assertThat(Files.readString(root.resolve(FailureFixture.SOURCE))).contains("balance -= amount;")
                .doesNotContain("balance += amount;");
    }

    @Test
    void namesItselfGoldAtNoPriceForThePipeline() {
        GoldStages gold = new GoldStages(BugFixture.ISSUE, BugFixture.LOCATIONS, BugFixture.PATCH);

        assertThat(gold.engine().model()).isEqualTo("gold");
        assertThat(gold.engine().stages()).isSameAs(gold);
        assertThat(gold.engine().price()).isEmpty();
    }
}
