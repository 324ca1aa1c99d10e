package dev.repofix.eval.cases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.build.TestPathRules;
import dev.repofix.patch.PatchException;
import dev.repofix.patch.PatchParser;
import org.junit.jupiter.api.Test;

class ReferencePatchTest {
    private static final String SOURCE_A = """
            diff --git a/calc/ops.py b/calc/ops.py
            index 1111111..2222222 100644
            --- a/calc/ops.py
            +++ b/calc/ops.py
            @@ -3,2 +3,2 @@ def add(a, b):
            -    return a - b
            +    return a + b
            """;
    private static final String TEST = """
            diff --git a/tests/test_ops.py b/tests/test_ops.py
            new file mode 100755
            --- /dev/null
            +++ b/tests/test_ops.py
            @@ -0,0 +1,2 @@
            +def test_add():
            +    assert add(1, 2) == 3
            """;
    private static final String SOURCE_B = """
            diff --git a/calc/__init__.py b/calc/__init__.py
            --- a/calc/__init__.py
            +++ b/calc/__init__.py
            @@ -1 +1 @@
            -VERSION = "1"
            +VERSION = "2"
            """;

    @Test
    void splitsAGitDiffBySourceAndTestPathsKeepingEachFileAsWritten() {
        ReferencePatch split = ReferencePatch.split("Fix add\n\n" + SOURCE_A + TEST + SOURCE_B, TestPathRules.of("python"));

        assertThat(split.source()).isEqualTo(SOURCE_A + SOURCE_B);
        assertThat(split.test()).isEqualTo(TEST);
    }

    @Test
    void splitsADiffWithoutGitHeaders() {
        String a = "--- a/src/main/java/A.java\n+++ b/src/main/java/A.java\n@@ -1 +1 @@\n-a\n+b\n";
        String t = "--- a/src/test/java/ATest.java\n+++ b/src/test/java/ATest.java\n@@ -2 +2 @@\n-x\n+y\n";

        ReferencePatch split = ReferencePatch.split(t + a, TestPathRules.of("java"));

        assertThat(split.source()).isEqualTo(a);
        assertThat(split.test()).isEqualTo(t);
        assertThat(PatchParser.parse(split.source()).paths()).containsExactly("src/main/java/A.java");
    }

    @Test
    void splitsADiffWhoseFilesAreNamedOnlyByLabels() {
        String labelled = "File: src/main/java/A.java\n@@ -3 +3 @@\n-a\n+b\n"
                + "File: src/test/java/ATest.java\n@@ -5 +5 @@\n-x\n+y\n";

        ReferencePatch split = ReferencePatch.split(labelled, TestPathRules.of("java"));

        assertThat(PatchParser.parse(split.source()).paths()).containsExactly("src/main/java/A.java");
        assertThat(PatchParser.parse(split.test()).paths()).containsExactly("src/test/java/ATest.java");
        assertThat(ReferenceLocations.derive(split.source())).containsExactly(new CaseLine("src/main/java/A.java", 3));
    }

    @Test
    void aDiffOfOnlyTestsHasAnEmptySourcePart() {
        ReferencePatch split = ReferencePatch.split(TEST, TestPathRules.of("python"));

        assertThat(split.source()).isEmpty();
        assertThat(split.test()).isEqualTo(TEST);
    }

    @Test
    void refusesTextThatIsNoDiff() {
        assertThatThrownBy(() -> ReferencePatch.split("just words", TestPathRules.of("python")))
                .isInstanceOf(PatchException.class).hasMessageContaining("not a patch");
    }
}
