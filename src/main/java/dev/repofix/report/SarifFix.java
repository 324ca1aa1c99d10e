package dev.repofix.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A SARIF {@code fix} object (SARIF 2.1.0, section 3.55) from a unified diff: one
 * {@code artifactChange} per file patch, one {@code replacement} per run of removed and
 * added lines. Pure.
 */
final class SarifFix {
    private SarifFix() {}

    /**
     * One replacement, in lines of the file before the patch.
     *
     * @param startLine first line deleted, or the line the insertion goes before
     * @param deleted   how many lines are deleted (0 for a pure insertion)
     * @param inserted  the lines put in their place, without separators
     */
    record Replacement(int startLine, int deleted, List<String> inserted) {
        Replacement {
            inserted = List.copyOf(inserted);
        }
    }

    /**
     * The fix node for {@code diff}, or empty when it does not parse or a hunk has no
     * known line (edit blocks, a bare {@code @@}): a fix at a guessed line would mislead.
     */
    static Optional<ObjectNode> of(PatchText diff, String description) {
        return switch (diff) {
            case PatchText.Unreadable unreadable -> Optional.empty();
            case PatchText.Parsed parsed -> of(parsed.patch(), description);
        };
    }

    private static Optional<ObjectNode> of(Patch patch, String description) {
        ObjectNode fix = JsonNodeFactory.instance.objectNode();
        fix.putObject("description").put("text", description);
        ArrayNode changes = fix.putArray("artifactChanges");
        for (FilePatch file : patch.files()) {
            ObjectNode change = changes.addObject();
            SarifReport.artifactLocation(change.putObject("artifactLocation"), file.path());
            ArrayNode replacements = change.putArray("replacements");
            for (Hunk hunk : file.hunks()) {
                Optional<List<Replacement>> found = replacements(hunk);
                if (found.isEmpty()) {
                    return Optional.empty();
                }
                found.get().forEach(r -> replacements.add(node(r)));
            }
        }
        return Optional.of(fix);
    }

    /** The replacements of {@code hunk}; empty when its start line is unknown. */
    static Optional<List<Replacement>> replacements(Hunk hunk) {
        boolean hasOldLines = hunk.lines().stream().anyMatch(l -> l.kind() != HunkLine.Kind.ADD);
        if (hunk.oldStart() == 0 && hasOldLines) {
            return Optional.empty();
        }
        // A hunk without old lines names the line after which it inserts (0: at the top).
        int line = hasOldLines ? hunk.oldStart() : hunk.oldStart() + 1;
        List<Replacement> out = new ArrayList<>();
        int runStart = line;
        int deleted = 0;
        List<String> inserted = new ArrayList<>();
        for (HunkLine l : hunk.lines()) {
            switch (l.kind()) {
                case CONTEXT -> {
                    addRun(out, runStart, deleted, inserted);
                    deleted = 0;
                    inserted = new ArrayList<>();
                    line++;
                    runStart = line;
                }
                case REMOVE -> {
                    deleted++;
                    line++;
                }
                case ADD -> inserted.add(l.text());
            }
        }
        addRun(out, runStart, deleted, inserted);
        return Optional.of(out);
    }

    private static void addRun(List<Replacement> out, int start, int deleted, List<String> inserted) {
        if (deleted > 0 || !inserted.isEmpty()) {
            out.add(new Replacement(start, deleted, inserted));
        }
    }

    private static ObjectNode node(Replacement r) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        ObjectNode region = n.putObject("deletedRegion").put("startLine", r.startLine());
        if (r.deleted() > 0) {
            region.put("endLine", r.startLine() + r.deleted() - 1);
        } else {
            // An empty region at the start of the line: insert before it, delete nothing.
            region.put("startColumn", 1).put("endColumn", 1);
        }
        if (!r.inserted().isEmpty()) {
            n.putObject("insertedContent").put("text", String.join("\n", r.inserted()) + "\n");
        }
        return n;
    }
}
