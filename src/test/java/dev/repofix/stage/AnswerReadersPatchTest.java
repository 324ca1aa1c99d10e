package dev.repofix.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.patch.PatchParser;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.StageConversation.UnusableAnswer;
import org.junit.jupiter.api.Test;

/** A model's patch answer is read into its patch where it comes in, once. */
class AnswerReadersPatchTest {
    private static final String DIFF = "--- a/calc.py\n+++ b/calc.py\n@@ -1 +1 @@\n-a - b\n+a + b\n";

    @Test
    void aBareDiffAnswerIsItsOwnPatch() throws UnusableAnswer {
        String answer = "Change the operator:\n\n" + DIFF;

        assertThat(AnswerReaders.patch(answer)).isEqualTo(new PatchText.Parsed(answer, PatchParser.parse(answer)));
    }

    @Test
    void theDiffOfAJsonAnswerIsReadWithItsTextKept() throws UnusableAnswer {
        String answer = "{\"diff\": \"" + DIFF.replace("\n", "\\n") + "\"}";

        assertThat(AnswerReaders.patch(answer)).isEqualTo(new PatchText.Parsed(DIFF, PatchParser.parse(DIFF)));
    }

    @Test
    void aJsonDiffThatIsNoPatchIsStillTheAnswerForTheValidatorToRefuse() throws UnusableAnswer {
        assertThat(AnswerReaders.patch("{\"diff\": \"just make it subtract\"}"))
                .isInstanceOfSatisfying(PatchText.Unreadable.class, u -> {
                    assertThat(u.text()).isEqualTo("just make it subtract");
                    assertThat(u.reason()).startsWith("not a patch");
                });
    }

    @Test
    void proseWithoutJsonOrDiffIsNoUsableAnswer() {
        assertThatThrownBy(() -> AnswerReaders.patch("make it subtract")).isInstanceOf(UnusableAnswer.class)
                .hasMessageEndingWith(", or SEARCH/REPLACE blocks");
    }
}
