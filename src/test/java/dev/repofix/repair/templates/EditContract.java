package dev.repofix.repair.templates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.SourceFile;
import java.util.List;

/** What every template promises about its edits of a line, checked the same way for all. */
public final class EditContract {
    private EditContract() {}

    /** The replacements {@code template} proposes for a one-line file, once the contract is checked on them. */
    public static List<String> checkedReplacements(FixTemplate template, String path, String line) {
        SourceFile file = SourceFile.of(path, line);
        List<LineEdit> edits = template.propose(file, 1);
        assertHonoured(file, 1, edits);
        return edits.stream().map(LineEdit::replacement).toList();
    }

    /** Expected replacements as a table cell writes them, {@code "a | b"}; none for an empty cell. */
    public static String[] alternatives(String cell) {
        return cell == null ? new String[0] : cell.split(" \\| ");
    }

    /** Distinct, each a real change of that line, touching code columns only. */
    public static void assertHonoured(SourceFile file, int line, List<LineEdit> edits) {
        String original = file.line(line);
        assertThat(edits).extracting(LineEdit::replacement).doesNotHaveDuplicates().doesNotContain(original);
        assertThat(edits).allSatisfy(edit -> {
            assertThat(edit.line()).isEqualTo(line);
            assertThat(edit.description()).isNotBlank();
            assertChangesOnlyCode(file, line, edit.replacement());
        });
    }

    private static void assertChangesOnlyCode(SourceFile file, int line, String replacement) {
        String original = file.line(line);
        int prefix = 0;
        while (prefix < Math.min(original.length(), replacement.length())
                && original.charAt(prefix) == replacement.charAt(prefix)) {
            prefix++;
        }
        int suffix = 0;
        while (suffix < Math.min(original.length(), replacement.length()) - prefix
                && original.charAt(original.length() - 1 - suffix) == replacement.charAt(replacement.length() - 1 - suffix)) {
            suffix++;
        }
        int changedEnd = original.length() - suffix;
        for (int column = prefix; column < changedEnd; column++) {
            assertThat(file.isCode(line, column)).as("column %d of '%s' -> '%s'", column, original, replacement).isTrue();
        }
        if (prefix == changedEnd) {
            // A pure insertion must sit next to code, not inside a literal or comment.
            assertThat(file.isCode(line, prefix - 1) || file.isCode(line, prefix))
                    .as("insertion at %d of '%s' -> '%s'", prefix, original, replacement).isTrue();
        }
    }
}
