package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PatchApplierTest {
    private final PatchApplier applier = new PatchApplier();

    @TempDir
    Path root;

    @Test
    void appliesADiffItCreated() throws IOException {
        write("src/App.java", "class App {\n    int x = 1;\n}\n");

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("src/App.java", read("src/App.java"), "class App {\n    int x = 2;\n}\n"));

        assertThat(result).isEqualTo(new ApplyResult.Applied(List.of("src/App.java")));
        assertThat(read("src/App.java")).isEqualTo("class App {\n    int x = 2;\n}\n");
    }

    @Test
    void keepsCrlfLineEndings() throws IOException {
        String before = "one\r\ntwo\r\nthree\r\n";
        write("win.txt", before);

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("win.txt", before, "one\r\n2\r\nthree\r\n"));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(read("win.txt")).isEqualTo("one\r\n2\r\nthree\r\n");
    }

    @Test
    void keepsAMissingFinalNewline() throws IOException {
        write("nonl.txt", "one\ntwo\nlast");

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("nonl.txt", "one\ntwo\nlast", "one\ntwo\nLAST"));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(read("nonl.txt")).isEqualTo("one\ntwo\nLAST");
    }

    @Test
    void appliesEveryHunkOfAMultiHunkDiff() throws IOException {
        String before = numberedLines(40);
        String after = before.replace("line 3\n", "line three\n")
                .replace("line 20\n", "")
                .replace("line 38\n", "line 38\nline 38.5\n");
        write("many.txt", before);
        String diff = UnifiedDiffs.create("many.txt", before, after);
        assertThat(diff.lines().filter(l -> l.startsWith("@@"))).hasSize(3);

        ApplyResult result = applier.apply(root, diff);

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(read("many.txt")).isEqualTo(after);
    }

    @Test
    void appliesAMultiFileDiff() throws IOException {
        write("a.txt", "a\n");
        write("dir/b.txt", "b\n");

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("a.txt", "a\n", "A\n") + UnifiedDiffs.create("dir/b.txt", "b\n", "B\n"));

        assertThat(result).isEqualTo(new ApplyResult.Applied(List.of("a.txt", "dir/b.txt")));
        assertThat(read("a.txt")).isEqualTo("A\n");
        assertThat(read("dir/b.txt")).isEqualTo("B\n");
    }

    @Test
    void appliesTwoSectionsForTheSameFileInTurn() throws IOException {
        String before = numberedLines(30);
        String middle = before.replace("line 2\n", "line two\n");
        String after = middle.replace("line 28\n", "line twenty-eight\n");
        write("twice.txt", before);

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("twice.txt", before, middle) + UnifiedDiffs.create("twice.txt", middle, after));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(read("twice.txt")).isEqualTo(after);
    }

    @Test
    void readsAHandWrittenDiffWithoutGitHeader() throws IOException {
        write("greet.py", "def greet():\n    return 'hi'\n");

        ApplyResult result = applier.apply(root, """
                --- a/greet.py
                +++ b/greet.py
                @@ -1,2 +1,2 @@
                 def greet():
                -    return 'hi'
                +    return 'hello'
                """);

        assertThat(result).isEqualTo(new ApplyResult.Applied(List.of("greet.py")));
        assertThat(read("greet.py")).isEqualTo("def greet():\n    return 'hello'\n");
    }

    @ParameterizedTest
    @ValueSource(strings = {"../../etc/passwd", "src/../../outside.txt"})
    void refusesPathsLeavingTheWorkspace(String path) {
        assertRefused(path, "path leaves the workspace");
    }

    @Test
    void refusesAnAbsolutePath() {
        assertRefused(root.resolve("a.txt").toString(), "absolute path");
    }

    @ParameterizedTest
    @ValueSource(strings = {".git/config", "sub/.git/hooks/pre-commit", ".GIT/config", "./.git/config"})
    void refusesGitsOwnFiles(String path) {
        assertRefused(path, "path inside .git");
    }

    @ParameterizedTest
    @ValueSource(strings = {".github/workflows/ci.yml", "./.github/workflows/ci.yml", ".github//workflows/ci.yml",
        ".GitHub/Workflows/ci.yml", ".gitlab-ci.yml", ".ci/run"})
    void refusesCiConfiguration(String path) throws IOException {
        write(path, "on: push\n");

        assertRefused(path, "CI configuration may not be patched");
    }

    @Test
    void refusesAPathThroughASymlinkOutOfTheWorkspace(@TempDir Path outside) throws IOException {
        Files.writeString(outside.resolve("victim.txt"), "safe\n");
        Files.createSymbolicLink(root.resolve("escape"), outside);

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("escape/victim.txt", "safe\n", "owned\n"));

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(((ApplyResult.NotApplied) result).reason()).contains("symlink out of the workspace");
        assertThat(Files.readString(outside.resolve("victim.txt"))).isEqualTo("safe\n");
    }

    @Test
    void refusesAFileThatIsASymlinkOutOfTheWorkspace(@TempDir Path outside) throws IOException {
        Files.writeString(outside.resolve("victim.txt"), "safe\n");
        Files.createSymbolicLink(root.resolve("link.txt"), outside.resolve("victim.txt"));

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("link.txt", "safe\n", "owned\n"));

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(Files.readString(outside.resolve("victim.txt"))).isEqualTo("safe\n");
    }

    @Test
    void followsASymlinkThatStaysInsideTheWorkspace() throws IOException {
        write("real/file.txt", "old\n");
        Files.createSymbolicLink(root.resolve("alias"), root.resolve("real"));

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("alias/file.txt", "old\n", "new\n"));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(read("real/file.txt")).isEqualTo("new\n");
    }

    @Test
    void leavesTheFileUnchangedWhenTheContextDoesNotMatch() throws IOException {
        write("App.java", "int a = 1;\nint b = 2;\nint c = 3;\n");
        Instant written = Files.getLastModifiedTime(root.resolve("App.java")).toInstant();
        Files.setLastModifiedTime(root.resolve("App.java"), FileTime.from(written.minusSeconds(60)));

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("App.java", "int a = 1;\nint b = 20;\nint c = 3;\n", "int a = 1;\nint b = 21;\nint c = 3;\n"));

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(((ApplyResult.NotApplied) result).reason()).startsWith("hunk does not match App.java");
        assertThat(read("App.java")).isEqualTo("int a = 1;\nint b = 2;\nint c = 3;\n");
        assertThat(Files.getLastModifiedTime(root.resolve("App.java")).toInstant()).isEqualTo(written.minusSeconds(60));
    }

    @Test
    void refusesADiffForAMissingFile() {
        ApplyResult result = applier.apply(root, UnifiedDiffs.create("src/Gone.java", "a\n", "b\n"));

        assertThat(result).isEqualTo(new ApplyResult.NotApplied("no such file in the workspace: src/Gone.java"));
        assertThat(root.resolve("src")).doesNotExist();
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "I could not find the bug, sorry.",
        "Here is the fix:\nchange line 3 so that it uses <= instead of <.\n"})
    void refusesProseThatIsNotADiff(String text) {
        assertThat(applier.apply(root, text)).isInstanceOf(ApplyResult.NotApplied.class);
    }

    @Test
    void writesNothingWhenALaterFileFails() throws IOException {
        write("first.txt", "one\n");
        write("second.txt", "two\n");
        String diff = UnifiedDiffs.create("first.txt", "one\n", "ONE\n")
                + UnifiedDiffs.create("second.txt", "not what is there\n", "TWO\n");

        ApplyResult result = applier.apply(root, diff);

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(((ApplyResult.NotApplied) result).reason()).contains("second.txt");
        assertThat(read("first.txt")).isEqualTo("one\n");
        assertThat(read("second.txt")).isEqualTo("two\n");
    }

    @Test
    void writesNothingWhenALaterFileIsRefused() throws IOException {
        write("first.txt", "one\n");
        String diff = UnifiedDiffs.create("first.txt", "one\n", "ONE\n")
                + UnifiedDiffs.create(".git/config", "[core]\n", "[core]\n\thooksPath = /tmp/evil\n");

        ApplyResult result = applier.apply(root, diff);

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(read("first.txt")).isEqualTo("one\n");
    }

    private void assertRefused(String path, String reason) {
        ApplyResult result = applier.apply(root, UnifiedDiffs.create(path, "on: push\n", "on: [push, pull_request]\n"));

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(((ApplyResult.NotApplied) result).reason()).startsWith(reason);
    }

    private static String numberedLines(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            sb.append("line ").append(i).append('\n');
        }
        return sb.toString();
    }

    private void write(String relative, String content) throws IOException {
        Path file = root.resolve(relative).normalize();
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    private String read(String relative) throws IOException {
        return Files.readString(root.resolve(relative), StandardCharsets.UTF_8);
    }
}
