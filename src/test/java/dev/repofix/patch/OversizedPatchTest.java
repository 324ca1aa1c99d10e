package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Patches built to exhaust memory or time: a diff of a gibibyte, one of 100,000 hunks,
 * lines of megabytes shaped to make a parser backtrack. Each ends in a refusal or a
 * result within a few seconds, and a refusal stays short enough for a comment.
 */
class OversizedPatchTest {
    /** Lines just under the size limit, so that only the parser's own work is measured. */
    private static final int LINE = (int) PatchParser.MAX_BYTES - 1_000;
    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private final PatchApplier applier = new PatchApplier();

    @TempDir
    Path root;

    private TestTree tree;

    @BeforeEach
    void setUp() {
        tree = new TestTree(root);
    }

    @Test
    void refusesAGibibyteDiffWithoutReadingItOrCopyingIt() throws IOException {
        tree.write("x.txt", "x\n");
        CharSequence gibibyte = new RepeatedText("--- a/x.txt\n+++ b/x.txt\n@@ -1 +1 @@\n-x\n", "+y\n", 1 << 30);

        long allocatedBefore = THREADS.getCurrentThreadAllocatedBytes();
        long start = System.nanoTime();
        ApplyResult result = applier.apply(root, gibibyte);
        Duration took = Duration.ofNanos(System.nanoTime() - start);
        long allocated = THREADS.getCurrentThreadAllocatedBytes() - allocatedBefore;

        assertThat(result).isEqualTo(new ApplyResult.NotApplied("patch is too large: 1,073,741,824 characters, "
                + "the limit is 5,242,880 bytes (5 MiB); send a smaller change"));
        assertThat(took).isLessThan(Duration.ofMillis(500));
        assertThat(allocated).isLessThan(1024 * 1024);
        assertThat(tree.read("x.txt")).isEqualTo("x\n");
    }

    @Test
    void refusesAHundredThousandHunksBeforePlacingOne() throws IOException {
        int hunks = 100_000;
        tree.write("f.txt", TestTree.numberedLines(hunks));
        StringBuilder diff = new StringBuilder("--- a/f.txt\n+++ b/f.txt\n");
        for (int i = 1; i <= hunks; i++) {
            diff.append("@@ -").append(i).append(" +").append(i).append(" @@\n-line ").append(i)
                    .append("\n+LINE ").append(i).append('\n');
        }
        assertThat(PatchParser.utf8Length(diff)).isLessThan(PatchParser.MAX_BYTES);

        ApplyResult result = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> applier.apply(root, diff));

        assertThat(result).isEqualTo(new ApplyResult.NotApplied(
                "patch has too many hunks: 100,000 in 1 file patch(es), the limit is 1,000; send a smaller change"));
        assertThat(tree.read("f.txt")).isEqualTo(TestTree.numberedLines(hunks));
    }

    @Test
    void refusesTooManyHunksInAPatchBuiltInCode() throws IOException {
        List<FilePatch> deletions = new ArrayList<>();
        for (int i = 0; i <= PatchParser.MAX_HUNKS; i++) {
            tree.write("f" + i, "x\n");
            deletions.add(new FilePatch("f" + i, ChangeKind.DELETE, List.of()));
        }

        ApplyResult result = applier.apply(root, new Patch(deletions));

        assertThat(result).isEqualTo(new ApplyResult.NotApplied(
                "patch has too many hunks: 1,001 in 1,001 file patch(es), the limit is 1,000; send a smaller change"));
        assertThat(tree.list()).hasSize(PatchParser.MAX_HUNKS + 1);
    }

    @Test
    void appliesAThousandHunksToAHundredThousandLinesInSeconds() throws IOException {
        int lines = 100_000;
        tree.write("f.txt", TestTree.numberedLines(lines));
        StringBuilder diff = new StringBuilder("--- a/f.txt\n+++ b/f.txt\n");
        for (int i = 1; i <= PatchParser.MAX_HUNKS; i++) {
            int at = i * (lines / PatchParser.MAX_HUNKS);
            diff.append("@@ -").append(at).append(" +").append(at).append(" @@\n-line ").append(at)
                    .append("\n+LINE ").append(at).append('\n');
        }

        ApplyResult result = assertTimeoutPreemptively(Duration.ofSeconds(20), () -> applier.apply(root, diff));

        assertThat(result).isInstanceOfSatisfying(ApplyResult.Applied.class,
                a -> assertThat(a.placements()).hasSize(PatchParser.MAX_HUNKS));
        assertThat(tree.read("f.txt")).contains("LINE 100\n").contains("LINE 100000\n").doesNotContain("line 100000\n");
    }

    /**
     * Line shapes that made a pattern or a split try every position of a long run: before,
     * each of the first four ran for minutes at 200 KB.
     */
    static Stream<Arguments> megabyteLines() {
        String spaces = " ".repeat(LINE);
        return Stream.of(
                shape("colons after a path, as a label's decoration", "x" + ":".repeat(LINE) + "y\n"),
                shape("spaces in a --- header, where a timestamp may follow", "--- a/x" + spaces + "y\n+++ b/x\n"
                        + "@@ -1 +1 @@\n-a\n+b\n"),
                shape("a diff --git line full of ' b/'", "diff --git " + "a b/".repeat(LINE / 4) + "\n"),
                shape("spaces in a File: label", "File: x" + spaces + "y\n"),
                shape("spaces in a lone +++ line", "+++ " + spaces + "x\n"),
                shape("a binary line that never says differ", "Binary files " + spaces + "\n"),
                shape("an @@ line of @", "--- a/x\n+++ b/x\n@@" + "@".repeat(LINE) + "\n-a\n+b\n"),
                shape("millions of short prose lines", "x\n".repeat(LINE / 2)),
                shape("millions of lines that each name a file", "File: x\n".repeat(LINE / 8)),
                shape("blank lines before an edit block", "\n".repeat(LINE) + "<<<<<<< SEARCH\na\n=======\nb\n"
                        + ">>>>>>> REPLACE\n"));
    }

    private static Arguments shape(String name, String text) {
        return Arguments.of(Named.of(name, text));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("megabyteLines")
    void readsOrRefusesALineOfMegabytesInSeconds(String text) {
        assertThat(PatchParser.utf8Length(text)).isLessThanOrEqualTo(PatchParser.MAX_BYTES);

        String outcome = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            try {
                return "parsed " + PatchParser.parse(text).files().size();
            } catch (PatchException e) {
                return e.getMessage();
            }
        });

        assertThat(outcome).hasSizeLessThanOrEqualTo(PatchException.MAX_MESSAGE);
    }

    @Test
    void keepsARefusalThatQuotesAHugeLineShortAndEndingWithWhatToDo() {
        String hugeHeader = "@@ -1 +1 @@ " + "x".repeat(LINE);

        assertThatThrownBy(() -> PatchParser.parse(hugeHeader + "\n-a\n+b\n"))
                .isInstanceOf(PatchException.class)
                .message()
                .hasSizeLessThanOrEqualTo(PatchException.MAX_MESSAGE)
                .startsWith("the hunk at line 1 (`@@ -1 +1 @@ xxx")
                .contains("characters left out")
                .endsWith("put `--- a/path` and `+++ b/path` (or `diff --git a/path b/path`) before it");
    }

    @Test
    void keepsAPathRefusalShort() throws IOException {
        String path = "../" + "d/".repeat(LINE / 4) + "x.txt";

        ApplyResult result = applier.apply(root, "--- /dev/null\n+++ b/" + path + "\n@@ -0,0 +1 @@\n+x\n");

        assertThat(result).isInstanceOfSatisfying(ApplyResult.NotApplied.class, n -> assertThat(n.reason())
                .startsWith("path leaves the workspace: ../d/d/").endsWith("d/x.txt")
                .hasSizeLessThanOrEqualTo(PatchException.MAX_MESSAGE));
        assertThat(tree.list()).isEmpty();
    }

    /** {@code head} then {@code unit} repeated to {@code length} characters, made on demand: no memory for the whole. */
    private record RepeatedText(String head, String unit, int length) implements CharSequence {

        @Override
        public char charAt(int index) {
            return index < head.length() ? head.charAt(index) : unit.charAt((index - head.length()) % unit.length());
        }

        @Override
        public CharSequence subSequence(int start, int end) {
            return toString().substring(start, end);
        }

        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder(length());
            for (int i = 0; i < length(); i++) {
                sb.append(charAt(i));
            }
            return sb.toString();
        }
    }
}
