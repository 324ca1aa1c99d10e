package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UnifiedDiffsTest {
    @Test
    void writesAGitStyleDiff() {
        String diff = UnifiedDiffs.create("src/App.java", "a\nb\nc\n", "a\nB\nc\n");

        assertThat(diff).isEqualTo("""
                diff --git a/src/App.java b/src/App.java
                --- a/src/App.java
                +++ b/src/App.java
                @@ -1,3 +1,3 @@
                 a
                -b
                +B
                 c
                """);
    }

    @Test
    void isEmptyWhenNothingChanged() {
        assertThat(UnifiedDiffs.create("x.txt", "same\n", "same\n")).isEmpty();
    }

    @Test
    void ignoresLineEndingsAndTheFinalNewlineWhichTheApplierKeeps() {
        assertThat(UnifiedDiffs.create("x.txt", "a\r\nb\r\n", "a\nb")).isEmpty();
    }

    @Test
    void writesOneHunkPerDistantChangeWithThreeLinesOfContext() {
        StringBuilder before = new StringBuilder();
        for (int i = 1; i <= 30; i++) {
            before.append("line ").append(i).append('\n');
        }
        String after = before.toString().replace("line 2\n", "line two\n").replace("line 25\n", "line twenty-five\n");

        String diff = UnifiedDiffs.create("x.txt", before.toString(), after);

        assertThat(diff.lines().filter(l -> l.startsWith("@@"))).containsExactly("@@ -1,5 +1,5 @@", "@@ -22,7 +22,7 @@");
    }
}
