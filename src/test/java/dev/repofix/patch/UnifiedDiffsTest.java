package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnifiedDiffsTest {
    @TempDir
    Path dir;

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

    @Test
    void writesEachLineOfACrlfFileWithItsCrlf() {
        String diff = UnifiedDiffs.create("x.txt", "a\r\nb\r\nc\r\n", "a\r\nB\r\nc\r\n");

        assertThat(diff).endsWith("@@ -1,3 +1,3 @@\n a\r\n-b\r\n+B\r\n c\r\n");
    }

    @Test
    void marksALastLineWithoutANewline() {
        String diff = UnifiedDiffs.create("x.txt", "a\nb", "a\nB");

        assertThat(diff).endsWith("@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+B\n"
                + "\\ No newline at end of file\n");
    }

    @Test
    void gitAppliesTheDiffOfACrlfFileWithoutAFinalNewline() throws Exception {
        String before = "first\r\nsecond\r\nthird\r\nfourth\r\nlast";
        String after = "first\r\nsecond\r\nthird\r\nfourth\r\nLAST";
        Files.writeString(dir.resolve("x.txt"), before, StandardCharsets.UTF_8);
        Path patch = Files.writeString(dir.resolve("fix.patch"), UnifiedDiffs.create("x.txt", before, after),
                StandardCharsets.UTF_8);

        assertThat(git("apply", "--check", patch.toString())).isEmpty();
        assertThat(git("apply", patch.toString())).isEmpty();
        assertThat(Files.readString(dir.resolve("x.txt"))).isEqualTo(after);
    }

    @Test
    void gitAppliesTheDiffOfAMiddleLineOfACrlfFile() throws Exception {
        StringBuilder before = new StringBuilder();
        for (int i = 1; i <= 20; i++) {
            before.append("line ").append(i).append("\r\n");
        }
        String after = before.toString().replace("line 10\r\n", "line ten\r\n");
        Files.writeString(dir.resolve("x.txt"), before, StandardCharsets.UTF_8);
        Path patch = Files.writeString(dir.resolve("fix.patch"), UnifiedDiffs.create("x.txt", before.toString(), after),
                StandardCharsets.UTF_8);

        assertThat(git("apply", "--check", patch.toString())).isEmpty();
    }

    /** Runs real Git in {@code dir}; returns what it printed when it failed, "" when it succeeded. */
    private String git(String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 1];
        command[0] = "git";
        System.arraycopy(args, 0, command, 1, args.length);
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        return p.exitValue() == 0 ? "" : "git " + String.join(" ", args) + " failed: " + output;
    }
}
