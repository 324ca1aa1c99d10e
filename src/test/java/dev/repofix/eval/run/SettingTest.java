package dev.repofix.eval.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.eval.gold.BugFixture;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.StageInputs;
import dev.repofix.stage.StageInputs.Step;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SettingTest {
    @Test
    void parsesEveryNameItPrints() {
        for (Setting s : Setting.values()) {
            assertThat(Setting.named(s.id())).isEqualTo(s);
            assertThat(Setting.named(" " + s.id().toUpperCase() + " ")).isEqualTo(s);
        }
        assertThat(Arrays.stream(Setting.values()).map(Setting::id)).containsExactly("issue:origin", "issue:message",
                "localize:issue", "localize:oracle", "localize:oracle.exp", "patch:origin", "patch:message",
                "patch:origin.loc", "patch:message.loc", "patch:oracle", "patch:oracle.loc", "patch:oracle.exp");
    }

    @Test
    void allExpandsToEverySettingOnceInOrder() {
        assertThat(Setting.parse(List.of("patch:oracle", "all"))).hasSize(12).startsWith(Setting.PATCH_ORACLE)
                .doesNotHaveDuplicates().containsAll(List.of(Setting.values()));
        assertThat(Setting.parse(List.of("ALL"))).containsExactly(Setting.values());
    }

    @Test
    void takesCommaSeparatedAndRepeatedNames() {
        assertThat(Setting.parse(List.of("issue:origin, patch:message.loc", "issue:origin", "localize:oracle.exp")))
                .containsExactly(Setting.ISSUE_ORIGIN, Setting.PATCH_MESSAGE_LOC, Setting.LOCALIZE_ORACLE_EXP);
    }

    @Test
    void anUnknownNameIsRefusedListingTheValidOnes() {
        assertThatThrownBy(() -> Setting.parse(List.of("issue:origin", "patch:orcale")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown setting 'patch:orcale'")
                .hasMessageContaining("issue:origin, issue:message, localize:issue")
                .hasMessageContaining("patch:oracle.exp and all");
        assertThatThrownBy(() -> Setting.parse(List.of(" , "))).isInstanceOf(ConfigException.class)
                .hasMessageContaining("no setting given");
    }

    @Test
    void eachSettingScoresOneStageAndAsksOnlyWhatItNeeds() {
        assertThat(Setting.ISSUE_ORIGIN.scored()).isEqualTo(Step.ISSUE);
        assertThat(Setting.ISSUE_MESSAGE.asked()).containsExactly(Step.ISSUE);
        assertThat(Setting.LOCALIZE_ISSUE.asked()).containsExactlyInAnyOrder(Step.ISSUE, Step.LOCALIZE);
        assertThat(Setting.LOCALIZE_ORACLE.asked()).containsExactly(Step.LOCALIZE);
        assertThat(Arrays.stream(Setting.values()).filter(s -> s.scored() == Step.PATCH))
                .hasSize(7).allSatisfy(s -> assertThat(s.asked()).isEqualTo(Set.of(Step.PATCH)));
    }

    @Test
    void mapsToTheStageInputsItsNameSays() {
        StageInputs origin = inputs(Setting.PATCH_ORIGIN);
        assertThat(origin.showMessages()).isFalse();
        assertThat(origin.issue()).isEmpty();
        assertThat(origin.patchWithLocalization()).isFalse();
        assertThat(origin.explanation()).isEmpty();
        assertThat(origin.caseId()).isEqualTo("case-3");

        StageInputs messageLoc = inputs(Setting.PATCH_MESSAGE_LOC);
        assertThat(messageLoc.showMessages()).isTrue();
        assertThat(messageLoc.patchWithLocalization()).isTrue();
        assertThat(messageLoc.localization()).contains(BugFixture.LOCATIONS);

        StageInputs oracle = inputs(Setting.LOCALIZE_ORACLE);
        assertThat(oracle.issue()).contains(new IssueDraft(BugFixture.ISSUE.title(), BugFixture.ISSUE.description(),
                "", BugFixture.ISSUE.bugType()));
        assertThat(oracle.explanation()).isEmpty();

        assertThat(inputs(Setting.PATCH_ORACLE_EXP).explanation()).contains(BugFixture.EXPLANATION);
    }

    @Test
    void anExpSettingFallsBackToTheReferenceIssuesExplanation() {
        StageInputs inputs = Setting.LOCALIZE_ORACLE_EXP.inputs("c", BugFixture.ISSUE, BugFixture.LOCATIONS, " ");

        assertThat(inputs.explanation()).isEqualTo(Optional.of(BugFixture.ISSUE.explanation()));
    }

    private static StageInputs inputs(Setting s) {
        return s.inputs("case-3", BugFixture.ISSUE, BugFixture.LOCATIONS, BugFixture.EXPLANATION);
    }
}
