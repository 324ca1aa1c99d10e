package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.PatchText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ReviewSuggestionsTest {
    private static final String PATH = "src/Account.java";
    private static final String FIX = """
            --- a/src/Account.java
            +++ b/src/Account.java
            @@ -10,4 +10,4 @@
                 void withdraw(int amount) {
            -        if (amount >= balance) {
            +        if (amount > balance) {
                         throw new IllegalStateException();
                     }
            @@ -40,2 +40,3 @@
                 int a;
            +    int b;
                 int c;
            """;

    @Test
    void aReplacementCoversOnlyTheChangedLinesOfTheHunk() {
        ReviewSuggestions.Result r = ReviewSuggestions.of(PatchText.read(FIX), Map.of(PATH, "@@ -8,6 +8,7 @@ class A\n ctx\n+x\n"
                + " a\n b\n c\n d\n e\n"));

        assertThat(r.suggestions()).singleElement().satisfies(s -> {
            assertThat(s.startLine()).isEqualTo(11);
            assertThat(s.line()).isEqualTo(11);
            assertThat(s.replacement()).containsExactly("        if (amount > balance) {");
            assertThat(s.body()).contains("```suggestion\n        if (amount > balance) {\n```");
        });
        assertThat(r.leftOut()).isEqualTo(1); // the insertion at line 40 is outside the PR's diff
    }

    @Test
    void anInsertionAnchorsOnThePrecedingLineAndRepeatsIt() {
        ReviewSuggestions.Result r = ReviewSuggestions.of(PatchText.read(FIX), Map.of(PATH, "@@ -38,4 +38,4 @@\n x\n y\n-a\n+ a\n c\n"));

        assertThat(r.suggestions()).singleElement().satisfies(s -> {
            assertThat(s.startLine()).isEqualTo(40);
            assertThat(s.line()).isEqualTo(40);
            assertThat(s.replacement()).containsExactly("    int a;", "    int b;");
        });
    }

    @Test
    void aRangeSpanningTwoHunksOfThePullRequestIsLeftOut() {
        String fix = """
                --- a/src/Account.java
                +++ b/src/Account.java
                @@ -5,3 +5,2 @@
                -one
                -two
                 three
                """;
        String pr = "@@ -1,5 +1,5 @@\n a\n b\n c\n d\n+five\n@@ -20,2 +6,2 @@\n+six\n x\n";

        ReviewSuggestions.Result r = ReviewSuggestions.of(PatchText.read(fix), Map.of(PATH, pr));

        assertThat(r.suggestions()).isEmpty();
        assertThat(r.leftOut()).isEqualTo(1);
    }

    @Test
    void rightSideLinesCountContextAndAdditionsButNotRemovals() {
        assertThat(ReviewSuggestions.rightSideLines("@@ -3,3 +3,3 @@ f()\n a\n-b\n+B\n c").keySet())
                .containsExactlyInAnyOrder(3, 4, 5);
        assertThat(ReviewSuggestions.rightSideLines(null)).isEmpty();
    }

    @Test
    void aFileTheFixTouchesButThePullRequestDoesNotGivesNoSuggestion() {
        assertThat(ReviewSuggestions.of(PatchText.read(FIX), Map.of()).suggestions()).isEqualTo(List.of());
    }
}
