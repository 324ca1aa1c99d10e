package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PatchApplierTest {
    private final PatchApplier applier = new PatchApplier();

    @TempDir
    Path root;

    private TestTree tree;

    @BeforeEach
    void setUp() {
        tree = new TestTree(root);
    }

    @Test
    void appliesADiffItCreated() throws IOException {
        tree.write("src/App.java", "class App {\n    int x = 1;\n}\n");

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("src/App.java", tree.read("src/App.java"), "class App {\n    int x = 2;\n}\n"));

        assertThat(result).isInstanceOfSatisfying(ApplyResult.Applied.class, a -> assertThat(a.files()).containsExactly("src/App.java"));
        assertThat(tree.read("src/App.java")).isEqualTo("class App {\n    int x = 2;\n}\n");
    }

    @Test
    void keepsCrlfLineEndings() throws IOException {
        String before = "one\r\ntwo\r\nthree\r\n";
        tree.write("win.txt", before);

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("win.txt", before, "one\r\n2\r\nthree\r\n"));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("win.txt")).isEqualTo("one\r\n2\r\nthree\r\n");
    }

    @Test
    void keepsAMissingFinalNewline() throws IOException {
        tree.write("nonl.txt", "one\ntwo\nlast");

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("nonl.txt", "one\ntwo\nlast", "one\ntwo\nLAST"));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("nonl.txt")).isEqualTo("one\ntwo\nLAST");
    }

    @Test
    void appliesEveryHunkOfAMultiHunkDiff() throws IOException {
        String before = TestTree.numberedLines(40);
        String after = before.replace("line 3\n", "line three\n")
                .replace("line 20\n", "")
                .replace("line 38\n", "line 38\nline 38.5\n");
        tree.write("many.txt", before);
        String diff = UnifiedDiffs.create("many.txt", before, after);
        assertThat(diff.lines().filter(l -> l.startsWith("@@"))).hasSize(3);

        ApplyResult result = applier.apply(root, diff);

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("many.txt")).isEqualTo(after);
    }

    @Test
    void appliesAMultiFileDiff() throws IOException {
        tree.write("a.txt", "a\n");
        tree.write("dir/b.txt", "b\n");

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("a.txt", "a\n", "A\n") + UnifiedDiffs.create("dir/b.txt", "b\n", "B\n"));

        assertThat(result).isInstanceOfSatisfying(ApplyResult.Applied.class, a -> assertThat(a.files()).containsExactly("a.txt", "dir/b.txt"));
        assertThat(tree.read("a.txt")).isEqualTo("A\n");
        assertThat(tree.read("dir/b.txt")).isEqualTo("B\n");
    }

    @Test
    void appliesTwoSectionsForTheSameFileInTurn() throws IOException {
        String before = TestTree.numberedLines(30);
        String middle = before.replace("line 2\n", "line two\n");
        String after = middle.replace("line 28\n", "line twenty-eight\n");
        tree.write("twice.txt", before);

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("twice.txt", before, middle) + UnifiedDiffs.create("twice.txt", middle, after));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("twice.txt")).isEqualTo(after);
    }

    @Test
    void readsAHandWrittenDiffWithoutGitHeader() throws IOException {
        tree.write("greet.py", "def greet():\n    return 'hi'\n");

        ApplyResult result = applier.apply(root, """
                --- a/greet.py
                +++ b/greet.py
                @@ -1,2 +1,2 @@
                 def greet():
                -    return 'hi'
                +    return 'hello'
                """);

        assertThat(result).isInstanceOfSatisfying(ApplyResult.Applied.class, a -> assertThat(a.files()).containsExactly("greet.py"));
        assertThat(tree.read("greet.py")).isEqualTo("def greet():\n    return 'hello'\n");
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
        assertRefused(path, "Git internals may not be patched");
    }

    @ParameterizedTest
    @ValueSource(strings = {".github/workflows/ci.yml", "./.github/workflows/ci.yml", ".github//workflows/ci.yml",
        ".GitHub/Workflows/ci.yml", ".gitlab-ci.yml", ".ci/run"})
    void refusesCiConfiguration(String path) throws IOException {
        tree.write(path, "on: push\n");

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

    @ParameterizedTest(name = "{2} through {0}")
    @CsvSource({"alias, real, alias/file.txt", "link.txt, real/file.txt, link.txt"})
    void followsASymlinkThatStaysInsideTheWorkspace(String link, String target, String patched) throws IOException {
        tree.write("real/file.txt", "old\n");
        Files.createSymbolicLink(root.resolve(link), root.resolve(target));

        ApplyResult result = applier.apply(root, UnifiedDiffs.create(patched, "old\n", "new\n"));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("real/file.txt")).isEqualTo("new\n");
        assertThat(Files.isSymbolicLink(root.resolve(link))).isTrue();
    }

    @Test
    void leavesTheFileUnchangedWhenTheContextDoesNotMatch() throws IOException {
        tree.write("App.java", "int a = 1;\nint b = 2;\nint c = 3;\n");
        Instant written = Files.getLastModifiedTime(root.resolve("App.java")).toInstant();
        Files.setLastModifiedTime(root.resolve("App.java"), FileTime.from(written.minusSeconds(60)));

        ApplyResult result = applier.apply(root,
                UnifiedDiffs.create("App.java", "int a = 1;\nint b = 20;\nint c = 3;\n", "int a = 1;\nint b = 21;\nint c = 3;\n"));

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(((ApplyResult.NotApplied) result).reason())
                .startsWith("hunk 1 of App.java: not found (first line: `int a = 1;`)");
        assertThat(tree.read("App.java")).isEqualTo("int a = 1;\nint b = 2;\nint c = 3;\n");
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
        tree.write("first.txt", "one\n");
        tree.write("second.txt", "two\n");
        String diff = UnifiedDiffs.create("first.txt", "one\n", "ONE\n")
                + UnifiedDiffs.create("second.txt", "not what is there\n", "TWO\n");

        ApplyResult result = applier.apply(root, diff);

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(((ApplyResult.NotApplied) result).reason()).contains("second.txt");
        assertThat(tree.read("first.txt")).isEqualTo("one\n");
        assertThat(tree.read("second.txt")).isEqualTo("two\n");
    }

    @Test
    void writesNothingWhenALaterFileIsRefused() throws IOException {
        tree.write("first.txt", "one\n");
        String diff = UnifiedDiffs.create("first.txt", "one\n", "ONE\n")
                + UnifiedDiffs.create(".git/config", "[core]\n", "[core]\n\thooksPath = /tmp/evil\n");

        ApplyResult result = applier.apply(root, diff);

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(tree.read("first.txt")).isEqualTo("one\n");
    }

    @Test
    void writesNothingWhenAHunkOfALaterFileIsAmbiguous() throws IOException {
        tree.write("first.txt", "one\n");
        tree.write("second.txt", "dup\nmid\ndup\n");

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("first.txt", "one\n", "ONE\n")
                + "--- a/second.txt\n+++ b/second.txt\n@@ @@\n-dup\n+DUP\n");

        assertThat(result).isEqualTo(new ApplyResult.NotApplied(
                "hunk 1 of second.txt: its line matches at lines 1 and 3; add context to make it unique"));
        assertThat(tree.read("first.txt")).isEqualTo("one\n");
    }

    @Test
    void putsBackWhatItWroteWhenALaterWriteFails() throws IOException {
        tree.write("first.txt", "one\n");
        tree.write("blocker", "a file where the patch wants a directory\n");

        assertThatThrownBy(() -> applier.apply(root, UnifiedDiffs.create("first.txt", "one\n", "ONE\n")
                + "--- /dev/null\n+++ b/blocker/new.txt\n@@ -0,0 +1 @@\n+new\n"))
                .isInstanceOfSatisfying(PatchException.class, e -> {
                    assertThat(e.kind()).isEqualTo(RepofixException.ErrorKind.RUNTIME);
                    assertThat(e.getMessage()).startsWith("cannot write blocker/new.txt: ")
                            .endsWith("the 1 file(s) written before it were put back");
                });
        assertThat(tree.read("first.txt")).isEqualTo("one\n");
        assertThat(tree.list()).containsExactlyInAnyOrder("blocker", "first.txt");
    }

    @Test
    void keepsAScriptExecutableAndLeavesNoTemporaryFiles() throws IOException {
        tree.write("run.sh", "#!/bin/sh\necho 1\n");
        Files.setPosixFilePermissions(root.resolve("run.sh"), PosixFilePermissions.fromString("rwxr-x---"));

        applier.apply(root, UnifiedDiffs.create("run.sh", "#!/bin/sh\necho 1\n", "#!/bin/sh\necho 2\n"));

        assertThat(tree.read("run.sh")).isEqualTo("#!/bin/sh\necho 2\n");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(root.resolve("run.sh")))).isEqualTo("rwxr-x---");
        assertThat(tree.list()).containsExactly("run.sh");
    }

    private void assertRefused(String path, String reason) {
        ApplyResult result = applier.apply(root, UnifiedDiffs.create(path, "on: push\n", "on: [push, pull_request]\n"));

        assertThat(result).isInstanceOf(ApplyResult.NotApplied.class);
        assertThat(((ApplyResult.NotApplied) result).reason()).startsWith(reason);
    }
}
