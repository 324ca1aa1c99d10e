package dev.repofix.eval.mine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FixWordsTest {
    @Test
    void bugAndFixCountOnlyAsWholeWords() {
        assertThat(FixWords.saysFix("Fix clamp")).isTrue();
        assertThat(FixWords.saysFix("clamp: fixed the bound")).isTrue();
        assertThat(FixWords.saysFix("a BUG in tax")).isTrue();
        assertThat(FixWords.saysFix("bugfix: x")).isFalse();
        assertThat(FixWords.saysFix("Add a prefix")).isFalse();
        assertThat(FixWords.saysFix("debug logging")).isFalse();
        assertThat(FixWords.saysFix("fixture update")).isFalse();
    }

    @Test
    void closedIssuesAreReadFromGitHubsClosingKeywords() {
        assertThat(FixWords.closedIssues("Handle empty carts\n\nCloses #7, fixes #12 and resolves: #7. See #99"))
                .containsExactly(7, 12);
        assertThat(FixWords.closedIssues("Refs #3")).isEmpty();
    }

    @Test
    void aBugLabelIsOneThatNamesABug() {
        assertThat(FixWords.bugLabel("bug")).isTrue();
        assertThat(FixWords.bugLabel("type: Bug")).isTrue();
        assertThat(FixWords.bugLabel("kind/bug")).isTrue();
        assertThat(FixWords.bugLabel("debugging")).isFalse();
        assertThat(FixWords.bugLabel("enhancement")).isFalse();
    }
}
