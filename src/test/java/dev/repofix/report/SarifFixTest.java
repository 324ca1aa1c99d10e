package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.HunkLine.Kind;
import dev.repofix.patch.PatchText;
import dev.repofix.report.SarifFix.Replacement;
import java.util.List;
import org.junit.jupiter.api.Test;

class SarifFixTest {
    @Test
    void splitsAHunkIntoOneReplacementPerChangedRun() {
        Hunk hunk = new Hunk(10, List.of(line(Kind.CONTEXT, "a"), line(Kind.REMOVE, "b"), line(Kind.REMOVE, "c"),
                line(Kind.ADD, "B"), line(Kind.CONTEXT, "d"), line(Kind.REMOVE, "e"), line(Kind.CONTEXT, "f"),
                line(Kind.ADD, "g")));

        assertThat(SarifFix.replacements(hunk)).contains(List.of(new Replacement(11, 2, List.of("B")),
                new Replacement(14, 1, List.of()), new Replacement(16, 0, List.of("g"))));
    }

    @Test
    void insertsAHunkWithoutOldLinesAfterItsStartLine() {
        assertThat(SarifFix.replacements(new Hunk(0, List.of(line(Kind.ADD, "new")))))
                .contains(List.of(new Replacement(1, 0, List.of("new"))));
        assertThat(SarifFix.replacements(new Hunk(7, List.of(line(Kind.ADD, "x")))))
                .contains(List.of(new Replacement(8, 0, List.of("x"))));
    }

    @Test
    void knowsNoReplacementsForAHunkWithAnUnknownStart() {
        assertThat(SarifFix.replacements(new Hunk(0, List.of(line(Kind.REMOVE, "a"), line(Kind.ADD, "b"))))).isEmpty();
    }

    @Test
    void writesADeletionWithoutInsertedContent() {
        String diff = "--- a/x.py\n+++ b/x.py\n@@ -3,2 +3,1 @@\n keep\n-drop\n";

        assertThat(SarifFix.of(PatchText.read(diff), "d")).hasValueSatisfying(fix -> assertThat(
                fix.path("artifactChanges").get(0).path("replacements").toString())
                .isEqualTo("[{\"deletedRegion\":{\"startLine\":4,\"endLine\":4}}]"));
    }

    private static HunkLine line(Kind kind, String text) {
        return new HunkLine(kind, text);
    }
}
