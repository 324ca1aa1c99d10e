package dev.repofix.patch;

import static dev.repofix.patch.HunkLine.add;
import static dev.repofix.patch.HunkLine.context;
import static dev.repofix.patch.HunkLine.remove;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PatchTest {
    private static final String TWO_FILES = """
            diff --git a/src/App.java b/src/App.java
            --- a/src/App.java
            +++ b/src/App.java
            @@ -3,3 +3,4 @@
             a
            -b
            +B
            +B2
             c
            @@ -20,2 +21,1 @@
             t
            -u
            diff --git a/src/test/AppTest.java b/src/test/AppTest.java
            new file mode 100644
            --- /dev/null
            +++ b/src/test/AppTest.java
            @@ -0,0 +1,2 @@
            +class AppTest {
            +}
            """;

    @Test
    void rendersWhatUnifiedDiffsWrites() {
        String diff = UnifiedDiffs.create("src/App.java", "a\nb\nc\n", "a\nB\nc\n");

        assertThat(PatchParser.parse(diff).render()).isEqualTo(diff);
    }

    @Test
    void rendersGitHeadersCountsAndLineNumbers() {
        assertThat(PatchParser.parse(TWO_FILES).render()).isEqualTo(TWO_FILES);
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n",
        "--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n",
        "--- a/gone\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n",
        "x.txt\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n",
        "--- a/x\n+++ b/x\n@@ -5,0 +6,1 @@\n+inserted\n"})
    void readsBackWhatItRenders(String text) {
        Patch patch = PatchParser.parse(text);

        assertThat(PatchParser.parse(patch.render())).isEqualTo(patch);
    }

    @Test
    void rendersAHunkWithNoKnownLineWithABareHeader() {
        Patch patch = new Patch(List.of(new FilePatch("x.txt", ChangeKind.MODIFY,
                List.of(new Hunk(0, List.of(remove("old"), add("new")))))));

        assertThat(patch.render()).isEqualTo("diff --git a/x.txt b/x.txt\n--- a/x.txt\n+++ b/x.txt\n@@ @@\n-old\n+new\n");
    }

    @Test
    void keepsOnlyTheFilesAFilterAccepts() {
        Patch patch = PatchParser.parse(TWO_FILES);

        Patch tests = patch.filter(path -> path.startsWith("src/test/"));

        assertThat(tests.paths()).containsExactly("src/test/AppTest.java");
        assertThat(patch.filter(path -> false).isEmpty()).isTrue();
        assertThat(patch.paths()).containsExactly("src/App.java", "src/test/AppTest.java");
    }

    @Test
    void splitsHunkLinesIntoOldAndNew() {
        Hunk hunk = new Hunk(1, List.of(context("a"), remove("b"), add("B"), context("c")));

        assertThat(hunk.oldLines()).containsExactly("a", "b", "c");
        assertThat(hunk.newLines()).containsExactly("a", "B", "c");
    }

    @Test
    void copiesItsListsAndRejectsNulls() {
        List<FilePatch> files = new ArrayList<>(List.of(new FilePatch("a", ChangeKind.DELETE, List.of())));
        Patch patch = new Patch(files);
        files.clear();

        assertThat(patch.files()).hasSize(1);
        assertThatThrownBy(() -> new Patch(null)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new FilePatch(" ", ChangeKind.MODIFY, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Hunk(-1, List.of())).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new HunkLine(HunkLine.Kind.ADD, "two\nlines")).isInstanceOf(IllegalArgumentException.class);
    }
}
