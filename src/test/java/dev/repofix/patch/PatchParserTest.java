package dev.repofix.patch;

import static dev.repofix.patch.HunkLine.add;
import static dev.repofix.patch.HunkLine.context;
import static dev.repofix.patch.HunkLine.remove;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class PatchParserTest {
    private static final String BODY = """
                 void run() {
            -        go(1);
            +        go(2);
                 }
            """;
    private static final Patch RUN = new Patch(List.of(new FilePatch("src/App.java", ChangeKind.MODIFY,
            List.of(new Hunk(3, List.of(context("    void run() {"), remove("        go(1);"), add("        go(2);"),
                    context("    }")))))));

    static Stream<Arguments> sameHunkInEveryDialect() {
        return Stream.of(
                dialect("git", "diff --git a/src/App.java b/src/App.java\nindex 1a2b3c..4d5e6f 100644\n"
                        + "--- a/src/App.java\n+++ b/src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("without diff --git", "--- a/src/App.java\n+++ b/src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("diff --git without ---/+++", "diff --git a/src/App.java b/src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("without a/ b/ prefixes", "--- src/App.java\n+++ src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("diff --git without prefixes", "diff --git src/App.java src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("tab and timestamp", "--- a/src/App.java\t2024-05-01 10:00:00.000000000 +0200\n"
                        + "+++ b/src/App.java\t2024-05-01 10:01:00.000000000 +0200\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("timestamp after spaces", "--- src/App.java  2024-05-01 10:00:00\n"
                        + "+++ src/App.java  2024-05-01 10:01:00\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("svn Index:", "Index: src/App.java\n===================================================================\n"
                        + "@@ -3,4 +3,4 @@\n" + BODY),
                dialect("*** path", "*** src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("File: label", "File: src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("markdown label", "**File: `src/App.java`**\n\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("lone --- header", "--- a/src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("wrong counts", "--- a/src/App.java\n+++ b/src/App.java\n@@ -3,17 +3,2 @@\n" + BODY),
                dialect("counts left out", "--- a/src/App.java\n+++ b/src/App.java\n@@ -3 +3 @@\n" + BODY),
                dialect("section heading", "--- a/src/App.java\n+++ b/src/App.java\n@@ -3,4 +3,4 @@ class App {\n" + BODY),
                dialect("CRLF", ("--- a/src/App.java\n+++ b/src/App.java\n@@ -3,4 +3,4 @@\n" + BODY).replace("\n", "\r\n")),
                dialect("windows path", "--- a\\src\\App.java\n+++ b\\src\\App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("./ prefix", "--- ./src/App.java\n+++ ./src/App.java\n@@ -3,4 +3,4 @@\n" + BODY),
                dialect("prose and a fence", "Here is the fix; it passes 2:\n\n```diff\n--- a/src/App.java\n"
                        + "+++ b/src/App.java\n@@ -3,4 +3,4 @@\n" + BODY + "```\n\nThis makes run() pass 2.\n"),
                dialect("trailing blank lines", "--- a/src/App.java\n+++ b/src/App.java\n@@ -3,4 +3,4 @@\n" + BODY + "\n\n"));
    }

    private static Arguments dialect(String name, String text) {
        return Arguments.of(Named.of(name, text));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sameHunkInEveryDialect")
    void readsTheSameHunkInEveryDialect(String text) {
        assertThat(PatchParser.parse(text)).isEqualTo(RUN);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"@@ @@", "@@", "@@ -x +y @@"})
    void takesAHunkWithoutALineNumberAsStartingAnywhere(String header) {
        Patch patch = PatchParser.parse("--- a/src/App.java\n+++ b/src/App.java\n" + header + "\n" + BODY);

        assertThat(patch.files().get(0).hunks().get(0).oldStart()).isZero();
        assertThat(patch.files().get(0).hunks().get(0).lines()).isEqualTo(RUN.files().get(0).hunks().get(0).lines());
    }

    @Test
    void readsAnEmptyLineInsideAHunkAsEmptyContextAndDropsTrailingOnes() {
        Patch patch = PatchParser.parse("--- a/x.py\n+++ b/x.py\n@@ -1,4 +1,4 @@\n a = 1\n\n-b = 2\n+b = 3\n\n\n"
                + "--- a/y.py\n+++ b/y.py\n@@ -1 +1 @@\n-y\n+z\n");

        assertThat(patch.files().get(0).hunks().get(0).lines())
                .containsExactly(context("a = 1"), context(""), remove("b = 2"), add("b = 3"));
        assertThat(patch.paths()).containsExactly("x.py", "y.py");
    }

    @Test
    void readsHunksUntilTheNextHeaderWhateverTheCountsSay() {
        Patch patch = PatchParser.parse("--- a/x\n+++ b/x\n@@ -1,1 +1,1 @@\n a\n-b\n+c\n d\n e\n@@ -20,2 +20,2 @@\n-t\n+u\n");

        assertThat(patch.files().get(0).hunks()).extracting(Hunk::oldStart).containsExactly(1, 20);
        assertThat(patch.files().get(0).hunks().get(0).oldLines()).containsExactly("a", "b", "d", "e");
        assertThat(patch.files().get(0).hunks().get(0).newLines()).containsExactly("a", "c", "d", "e");
    }

    @Test
    void readsARemovedLineThatLooksLikeAHeader() {
        Patch patch = PatchParser.parse("--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n--- old comment\n+-- new comment\n select 1;\n");

        assertThat(patch.files().get(0).hunks().get(0).lines())
                .containsExactly(remove("-- old comment"), add("-- new comment"), context("select 1;"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("finalNewlineMarkers")
    void recordsWhatANoNewlineMarkerSaysAboutTheNewFile(String hunk, FilePatch.FinalNewline expected) {
        Patch patch = PatchParser.parse("--- a/n.txt\n+++ b/n.txt\n@@ -1,2 +1,2 @@\n" + hunk);

        assertThat(patch.files().get(0).finalNewline()).isEqualTo(expected);
        assertThat(patch.files().get(0).hunks().get(0).lines()).noneMatch(l -> l.text().startsWith("\\"));
    }

    static Stream<Arguments> finalNewlineMarkers() {
        String marker = "\\ No newline at end of file\n";
        return Stream.of(
                Arguments.of(Named.of("after an added line", " a\n-b\n+c\n" + marker), FilePatch.FinalNewline.REMOVE),
                Arguments.of(Named.of("after both", " a\n-b\n" + marker + "+c\n" + marker), FilePatch.FinalNewline.REMOVE),
                Arguments.of(Named.of("after context", "-a\n+A\n b\n" + marker), FilePatch.FinalNewline.REMOVE),
                Arguments.of(Named.of("after a removed line only", " a\n-b\n" + marker + "+c\n"), FilePatch.FinalNewline.ADD),
                Arguments.of(Named.of("none", " a\n-b\n+c\n"), FilePatch.FinalNewline.KEEP));
    }

    @Test
    void onlyTheLastHunksMarkerCounts() {
        Patch patch = PatchParser.parse("--- a/n\n+++ b/n\n@@ -1 +1 @@\n-a\n+b\n\\ No newline at end of file\n@@ -9 +9 @@\n-y\n+z\n");

        assertThat(patch.files().get(0).finalNewline()).isEqualTo(FilePatch.FinalNewline.KEEP);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "--- /dev/null\n+++ b/src/New.java\n@@ -0,0 +1,2 @@\n+class New {\n+}\n",
        "diff --git a/src/New.java b/src/New.java\nnew file mode 100644\nindex 0000000..e69de29\n@@ -0,0 +1,2 @@\n+class New {\n+}\n",
        "diff --git a/src/New.java b/src/New.java\nnew file mode 100644\n--- /dev/null\n+++ b/src/New.java\n@@ -0,0 +1,2 @@\n+class New {\n+}\n"})
    void readsACreation(String text) {
        assertThat(PatchParser.parse(text)).isEqualTo(new Patch(List.of(new FilePatch("src/New.java", ChangeKind.CREATE,
                List.of(new Hunk(0, List.of(add("class New {"), add("}"))))))));
    }

    @Test
    void readsADeletionWithAndWithoutItsLines() {
        Patch patch = PatchParser.parse("diff --git a/old.txt b/old.txt\ndeleted file mode 100644\n"
                + "diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n--- a/gone.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n");

        assertThat(patch.files()).extracting(FilePatch::path, FilePatch::kind)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("old.txt", ChangeKind.DELETE),
                        org.assertj.core.groups.Tuple.tuple("gone.txt", ChangeKind.DELETE));
        assertThat(patch.files().get(1).hunks().get(0).oldLines()).containsExactly("x", "y");
    }

    @Test
    void keepsTwoSectionsForTheSameFileInOrder() {
        Patch patch = PatchParser.parse("--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-b\n+c\n");

        assertThat(patch.files()).hasSize(2);
        assertThat(patch.paths()).containsExactly("x");
        assertThat(patch.files().get(1).hunks().get(0).newLines()).containsExactly("c");
    }

    @Test
    void readsAPathWithSpacesFromTheGitLine() {
        Patch patch = PatchParser.parse("diff --git a/docs/read me.md b/docs/read me.md\n@@ -1 +1 @@\n-a\n+b\n");

        assertThat(patch.paths()).containsExactly("docs/read me.md");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusesWhatItCannotApplyAndSaysWhy(String text, String reason) {
        assertThatThrownBy(() -> PatchParser.parse(text))
                .isInstanceOfSatisfying(PatchException.class,
                        e -> assertThat(e.kind()).isEqualTo(RepofixException.ErrorKind.INPUT))
                .hasMessageContaining(reason);
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                refusal("prose", "I could not find the bug, sorry.", PatchParser.NOT_A_PATCH),
                refusal("empty", "", PatchParser.NOT_A_PATCH),
                refusal("instructions", "Change line 3 of src/App.java to use <= instead of <.\n", PatchParser.NOT_A_PATCH),
                refusal("empty fence", "```diff\n```\n", PatchParser.NOT_A_PATCH),
                refusal("bare hunk", "@@ -1,2 +1,2 @@\n a\n-b\n+c\n", "the hunk at line 1 (`@@ -1,2 +1,2 @@`) names no file"),
                refusal("git binary", "diff --git a/logo.png b/logo.png\nindex 1..2 100644\nGIT binary patch\nliteral 12\nabc\n",
                        "binary patches are not supported"),
                refusal("binary files differ", "diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n",
                        "binary patches are not supported"),
                refusal("rename", "diff --git a/A.java b/B.java\nsimilarity index 90%\nrename from A.java\nrename to B.java\n",
                        "renames are not supported yet"),
                refusal("copy", "diff --git a/A.java b/B.java\ncopy from A.java\ncopy to B.java\n", "renames are not supported yet"),
                refusal("headers naming two files", "--- a/A.java\n+++ b/B.java\n@@ -1 +1 @@\n-a\n+b\n",
                        "renames are not supported yet: A.java -> B.java"),
                refusal("headers without hunks", "diff --git a/x b/x\nold mode 100644\nnew mode 100755\n", "has no @@ hunk"),
                refusal("hunk without lines", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n\n\n", "has no lines"),
                refusal("edit block without path", "<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n", "names no file"),
                refusal("edit block after prose", "Change this:\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n",
                        "`Change this:` is not a path"),
                refusal("edit block without divider", "x.txt\n<<<<<<< SEARCH\na\n>>>>>>> REPLACE\n", "has no ======= line"),
                refusal("edit blocks and a diff", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\ny\n<<<<<<< SEARCH\na\n=======\nb\n"
                        + ">>>>>>> REPLACE\n", "mixes SEARCH/REPLACE edit blocks with a unified diff (line 1: `--- a/x`)"),
                refusal("edit block without end", "x.txt\n<<<<<<< SEARCH\na\n=======\nb\n", "has no >>>>>>> REPLACE line"));
    }

    private static Arguments refusal(String name, String text, String reason) {
        return Arguments.of(Named.of(name, text), reason);
    }

    @Test
    @Timeout(value = 10, unit = TimeUnit.SECONDS)
    void refusesAFiftyMegabytePatchBeforeReadingIt() {
        String huge = "+" + "x".repeat(50 * 1024 * 1024 - 2) + "\n";

        assertThatThrownBy(() -> PatchParser.parse(huge)).isInstanceOf(PatchException.class)
                .hasMessage("patch is too large: 52,428,800 characters, the limit is 5,242,880 bytes (5 MiB); send a smaller change");
    }

    @Test
    void countsTheSizeInUtf8Bytes() {
        assertThat(PatchParser.utf8Length("aé€😀")).isEqualTo(1 + 2 + 3 + 4);
        String justOver = "é".repeat((int) (PatchParser.MAX_BYTES / 2) + 1);
        assertThatThrownBy(() -> PatchParser.parse(justOver)).hasMessageContaining("5,242,882 bytes");
    }

    @Test
    void readsOneSearchReplaceBlock() {
        Patch patch = PatchParser.parse("""
                src/App.java
                <<<<<<< SEARCH
                        go(1);
                =======
                        go(2);
                        log();
                >>>>>>> REPLACE
                """);

        assertThat(patch).isEqualTo(new Patch(List.of(new FilePatch("src/App.java", ChangeKind.MODIFY,
                List.of(new Hunk(0, List.of(remove("        go(1);"), add("        go(2);"), add("        log();"))))))));
    }

    @Test
    void readsSearchReplaceBlocksForSeveralFilesInFencesAndProse() {
        Patch patch = PatchParser.parse("""
                I changed two files.

                File: src/A.java
                ```java
                <<<<<<< SEARCH
                int a = 1;
                =======
                int a = 2;
                >>>>>>> REPLACE
                ```

                ```python
                tests/test_b.py
                <<<<<<< SEARCH
                =======
                def test_b():
                    assert True
                >>>>>>> REPLACE
                <<<<<<< SEARCH
                x = 1
                =======
                x = 2
                >>>>>>> REPLACE
                ```
                """);

        assertThat(patch.files()).extracting(FilePatch::path).containsExactly("src/A.java", "tests/test_b.py", "tests/test_b.py");
        assertThat(patch.paths()).containsExactly("src/A.java", "tests/test_b.py");
        assertThat(patch.files().get(1).hunks().get(0).oldLines()).isEmpty();
        assertThat(patch.files().get(1).hunks().get(0).newLines()).containsExactly("def test_b():", "    assert True");
        assertThat(patch.files().get(2).hunks().get(0).lines()).containsExactly(remove("x = 1"), add("x = 2"));
    }

    @Test
    void readsSearchReplaceBlocksWithCrlf() {
        Patch patch = PatchParser.parse("a.txt\r\n<<<<<<< SEARCH\r\none\r\n=======\r\ntwo\r\n>>>>>>> REPLACE\r\n");

        assertThat(patch.files().get(0).hunks().get(0).lines()).containsExactly(remove("one"), add("two"));
    }
}
