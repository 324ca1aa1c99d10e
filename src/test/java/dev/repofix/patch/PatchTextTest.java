package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import org.junit.jupiter.api.Test;

class PatchTextTest {
    @Test
    void keepsTheTextExactlyAsItCameWithThePatchItDescribes() {
        String text = "Here is the fix:\r\n```diff\r\n--- a/calc.py\r\n+++ b/calc.py\r\n@@ -1 +1 @@\r\n-a - b\r\n+a + b\r\n```\r\n";

        PatchText read = PatchText.read(text);

        assertThat(read.text()).isEqualTo(text);
        assertThat(read).isInstanceOfSatisfying(PatchText.Parsed.class,
                parsed -> assertThat(parsed.patch()).isEqualTo(PatchParser.parse(text)));
    }

    @Test
    void textThatIsNoPatchKeepsItsTextAndWhatTheParserSaid() {
        String text = "just make it subtract";

        PatchText read = PatchText.read(text);

        assertThat(read).isEqualTo(new PatchText.Unreadable(text,
                catchThrowableOfType(() -> PatchParser.parse(text), PatchException.class).getMessage()));
    }

    @Test
    void aRefusedPatchIsUnreadableForTheReasonItWasRefused() {
        String binary = "diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n";

        assertThat(PatchText.read(binary)).isInstanceOfSatisfying(PatchText.Unreadable.class,
                u -> assertThat(u.reason()).startsWith("binary patches are not supported"));
        assertThat(PatchText.read("")).isInstanceOf(PatchText.Unreadable.class);
    }
}
