package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** What a model gets wrong in a patch that still says one thing only, and applies. */
class PatchApplierToleranceTest {
    private static final String APP = "class App {\n    int x;\n\n    void run() {\n        go(1);\n    }\n}\n";
    private static final String RUN_BODY = "     void run() {\n-        go(1);\n+        go(2);\n     }\n";
    private static final String FIXED = APP.replace("go(1)", "go(2)");

    private final PatchApplier applier = new PatchApplier();

    @TempDir
    Path root;

    private TestTree tree;

    @BeforeEach
    void setUp() {
        tree = new TestTree(root);
    }

    static Stream<Arguments> dialects() {
        return Stream.of(
                dialect("git", "diff --git a/src/App.java b/src/App.java\n--- a/src/App.java\n+++ b/src/App.java\n@@ -4,3 +4,3 @@\n"),
                dialect("no diff --git", "--- a/src/App.java\n+++ b/src/App.java\n@@ -4,3 +4,3 @@\n"),
                dialect("diff --git, no ---/+++", "diff --git a/src/App.java b/src/App.java\n@@ -4,3 +4,3 @@\n"),
                dialect("no a/ b/", "--- src/App.java\n+++ src/App.java\n@@ -4,3 +4,3 @@\n"),
                dialect("wrong counts", "--- a/src/App.java\n+++ b/src/App.java\n@@ -4,30 +4,1 @@\n"),
                dialect("bare @@", "--- a/src/App.java\n+++ b/src/App.java\n@@ @@\n"),
                dialect("Index:", "Index: src/App.java\n=====\n@@ -4 +4 @@\n"),
                dialect("fenced, with prose", "The call passed the wrong value.\n\n```diff\n--- a/src/App.java\n+++ b/src/App.java\n@@ -4,3 +4,3 @@\n"));
    }

    private static Arguments dialect(String name, String header) {
        return Arguments.of(Named.of(name, header));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("dialects")
    void appliesEveryDialect(String header) throws IOException {
        tree.write("src/App.java", APP);

        ApplyResult result = applier.apply(root, header + RUN_BODY + "```\nDone.\n");

        assertThat(result).isEqualTo(new ApplyResult.Applied(List.of("src/App.java"),
                List.of(new HunkPlacement("src/App.java", 1, Placement.EXACT, 4, 0))));
        assertThat(tree.read("src/App.java")).isEqualTo(FIXED);
    }

    @ParameterizedTest(name = "header off by {0}")
    @ValueSource(ints = {-30, -3, 1, 30})
    void findsAHunkWhoseLineNumberIsWrong(int error) throws IOException {
        tree.write("many.txt", TestTree.numberedLines(100));

        ApplyResult result = applier.apply(root, "--- a/many.txt\n+++ b/many.txt\n@@ -" + (48 + error) + ",5 +"
                + (48 + error) + ",5 @@\n line 48\n line 49\n-line 50\n+line fifty\n line 51\n line 52\n");

        assertThat(placements(result)).containsExactly(new HunkPlacement("many.txt", 1, Placement.OFFSET, 48, -error));
        assertThat(tree.read("many.txt")).isEqualTo(TestTree.numberedLines(100).replace("line 50\n", "line fifty\n"));
    }

    @Test
    void countsLinesEarlierHunksAddedBeforeJudgingALaterOne() throws IOException {
        String before = TestTree.numberedLines(40);
        String after = before.replace("line 3\n", "line 3\nline 3.5\nline 3.6\n").replace("line 30\n", "line thirty\n");
        tree.write("grow.txt", before);

        ApplyResult result = applier.apply(root, UnifiedDiffs.create("grow.txt", before, after));

        assertThat(placements(result)).extracting(HunkPlacement::placement).containsExactly(Placement.EXACT, Placement.EXACT);
        assertThat(tree.read("grow.txt")).isEqualTo(after);
    }

    @Test
    void appliesACrlfPatchToAnLfFileKeepingLf() throws IOException {
        tree.write("src/App.java", APP);

        ApplyResult result = applier.apply(root, ("--- a/src/App.java\n+++ b/src/App.java\n@@ -4,3 +4,3 @@\n" + RUN_BODY)
                .replace("\n", "\r\n"));

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("src/App.java")).isEqualTo(FIXED);
    }

    @Test
    void appliesAnLfPatchToACrlfFileKeepingCrlf() throws IOException {
        tree.write("src/App.java", APP.replace("\n", "\r\n"));

        ApplyResult result = applier.apply(root, "--- a/src/App.java\n+++ b/src/App.java\n@@ -4,3 +4,3 @@\n" + RUN_BODY);

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("src/App.java")).isEqualTo(FIXED.replace("\n", "\r\n"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            removes it when the patch says so  | a\\nb\\n | ' a\\n-b\\n+B\\n\\\\ No newline at end of file\\n' | a\\nB
            adds it when the patch says so     | a\\nb   | ' a\\n-b\\n\\\\ No newline at end of file\\n+B\\n' | a\\nB\\n
            keeps it when the patch says nothing | a\\nb | ' a\\n-b\\n+B\\n'                                   | a\\nB
            keeps it when the file has one     | a\\nb\\n | ' a\\n-b\\n+B\\n'                                  | a\\nB\\n
            """)
    void followsTheFinalNewlineThePatchStates(String name, String before, String body, String after) throws IOException {
        tree.write("end.txt", unescape(before));

        applier.apply(root, "--- a/end.txt\n+++ b/end.txt\n@@ -1,2 +1,2 @@\n" + unescape(body));

        assertThat(tree.read("end.txt")).isEqualTo(unescape(after));
    }

    private static String unescape(String cell) {
        return cell.replace("\\n", "\n").replace("\\\\", "\\");
    }

    @Test
    void appliesASpacesPatchToATabIndentedFileInTabs() throws IOException {
        tree.write("main.go", "func main() {\n\tif ok {\n\t\trun(1)\n\t}\n}\n");

        ApplyResult result = applier.apply(root, """
                --- a/main.go
                +++ b/main.go
                @@ -2,3 +2,4 @@
                     if ok {
                -        run(1)
                +        run(2)
                +        log()
                     }
                """);

        assertThat(placements(result)).containsExactly(new HunkPlacement("main.go", 1, Placement.WHITESPACE, 2, 0));
        assertThat(tree.read("main.go")).isEqualTo("func main() {\n\tif ok {\n\t\trun(2)\n\t\tlog()\n\t}\n}\n");
    }

    @Test
    void keepsTheFilesOwnTextForLinesMatchedIgnoringWhitespace() throws IOException {
        tree.write("t.py", "def f():   \n    return  1\n");

        applier.apply(root, "--- a/t.py\n+++ b/t.py\n@@ -1,2 +1,3 @@\n def f():\n+    print('f')\n     return 1\n");

        assertThat(tree.read("t.py")).isEqualTo("def f():   \n    print('f')\n    return  1\n");
    }

    @Test
    void dropsContextLinesAModelInventedAtTheEnds() throws IOException {
        tree.write("src/App.java", APP);

        ApplyResult result = applier.apply(root, "--- a/src/App.java\n+++ b/src/App.java\n@@ -3,5 +3,5 @@\n"
                + " // a comment the file does not have\n" + RUN_BODY + " // nor this\n");

        assertThat(placements(result)).containsExactly(new HunkPlacement("src/App.java", 1, Placement.FUZZY, 4, 0));
        assertThat(tree.read("src/App.java")).isEqualTo(FIXED);
    }

    @Test
    void neverDropsARemovedLineToMakeAHunkFit() throws IOException {
        tree.write("src/App.java", APP);

        ApplyResult result = applier.apply(root, "--- a/src/App.java\n+++ b/src/App.java\n@@ -4,3 +4,3 @@\n"
                + "-    void walk() {\n+    void run() {\n         go(1);\n     }\n");

        assertThat(result).isEqualTo(new ApplyResult.NotApplied("hunk 1 of src/App.java: not found (first line: "
                + "`void walk() {`), not even ignoring whitespace and with up to 2 context lines dropped at each end"));
    }

    @Test
    void insertsAPureAdditionAfterTheLineItsHeaderNames() throws IOException {
        tree.write("list.txt", "a\nb\nc\n");

        ApplyResult result = applier.apply(root, "--- a/list.txt\n+++ b/list.txt\n@@ -2,0 +3,1 @@\n+b2\n");

        assertThat(placements(result)).containsExactly(new HunkPlacement("list.txt", 1, Placement.EXACT, 3, 0));
        assertThat(tree.read("list.txt")).isEqualTo("a\nb\nb2\nc\n");
    }

    @Test
    void createsAFileAndItsDirectories() throws IOException {
        ApplyResult result = applier.apply(root, "--- /dev/null\n+++ b/src/main/New.java\n@@ -0,0 +1,2 @@\n+class New {\n+}\n");

        assertThat(result).isEqualTo(new ApplyResult.Applied(List.of("src/main/New.java"),
                List.of(new HunkPlacement("src/main/New.java", 1, Placement.EXACT, 1, 0))));
        assertThat(tree.read("src/main/New.java")).isEqualTo("class New {\n}\n");
    }

    @Test
    void deletesAFileWhoseWholeContentThePatchShows() throws IOException {
        tree.write("old.txt", "x\ny\n");
        tree.write("bare.txt", "anything\n");

        ApplyResult result = applier.apply(root, "--- a/old.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n"
                + "diff --git a/bare.txt b/bare.txt\ndeleted file mode 100644\n");

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(root.resolve("old.txt")).doesNotExist();
        assertThat(root.resolve("bare.txt")).doesNotExist();
    }

    @Test
    void appliesASearchReplaceBlock() throws IOException {
        tree.write("src/App.java", APP);

        ApplyResult result = applier.apply(root, "src/App.java\n<<<<<<< SEARCH\n        go(1);\n=======\n        go(2);\n>>>>>>> REPLACE\n");

        assertThat(placements(result)).containsExactly(new HunkPlacement("src/App.java", 1, Placement.EXACT, 5, 0));
        assertThat(tree.read("src/App.java")).isEqualTo(FIXED);
    }

    @Test
    void appliesSearchReplaceBlocksToSeveralFilesInTurn() throws IOException {
        tree.write("src/App.java", APP);
        tree.write("README.md", "# App\n\nRuns go(1).\n");

        ApplyResult result = applier.apply(root, """
                ```
                src/App.java
                <<<<<<< SEARCH
                        go(1);
                =======
                        go(3);
                >>>>>>> REPLACE
                <<<<<<< SEARCH
                        go(3);
                =======
                        go(2);
                >>>>>>> REPLACE
                ```
                File: README.md
                <<<<<<< SEARCH
                Runs go(1).
                =======
                Runs go(2).
                >>>>>>> REPLACE
                """);

        assertThat(result).isInstanceOfSatisfying(ApplyResult.Applied.class, a -> {
            assertThat(a.files()).containsExactly("src/App.java", "README.md");
            assertThat(a.placements()).extracting(HunkPlacement::hunk).containsExactly(1, 2, 1);
        });
        assertThat(tree.read("src/App.java")).isEqualTo(FIXED);
        assertThat(tree.read("README.md")).isEqualTo("# App\n\nRuns go(2).\n");
    }

    @Test
    void createsAFileFromAnEmptySearchBlock() throws IOException {
        ApplyResult result = applier.apply(root, "tests/test_new.py\n<<<<<<< SEARCH\n=======\ndef test_new():\n    pass\n>>>>>>> REPLACE\n");

        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        assertThat(tree.read("tests/test_new.py")).isEqualTo("def test_new():\n    pass\n");
    }

    private List<HunkPlacement> placements(ApplyResult result) {
        assertThat(result).isInstanceOf(ApplyResult.Applied.class);
        return ((ApplyResult.Applied) result).placements();
    }
}
