package dev.repofix.stage;

import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.PatchText;
import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import java.util.List;

/**
 * Makes the one candidate of a model's patch answer, or of any other patch text (a
 * benchmark's reference patch), read where it came in. The file and line only label progress
 * lines: a diff that does not parse still becomes a candidate (file "", line 1), so the
 * validator, not this, says it does not apply.
 */
public final class ModelPatch {
    static final String ID = "m1";
    static final String STRATEGY = "llm";
    static final String DESCRIPTION = "model patch";
    /** Larger files are not searched for the line an edit block changes. */
    private static final long MAX_BYTES = 8L * 1024 * 1024;

    private ModelPatch() {}

    static PatchCandidate candidate(PatchText diff, FileIndex files) {
        return candidate(ID, STRATEGY, DESCRIPTION, diff, files);
    }

    /**
     * A candidate of {@code diff} labelled with the first file it edits and the first line it
     * changes there (read from {@code files} for edit blocks), or "" and 1 when it does not parse.
     */
    public static PatchCandidate candidate(String id, String strategy, String description, PatchText diff,
            FileIndex files) {
        return switch (diff) {
            case PatchText.Unreadable unreadable -> new PatchCandidate(id, strategy, "", 1, description, diff);
            case PatchText.Parsed parsed -> {
                FilePatch first = parsed.patch().files().get(0);
                int line = first.hunks().isEmpty() ? 1 : firstChangedLine(first.path(), first.hunks().get(0), files);
                yield new PatchCandidate(id, strategy, first.path(), line, description, diff);
            }
        };
    }

    /**
     * The old line a hunk first changes: from its header when it has one; for an edit
     * block (no header), where its first removed line stands in the file; else 1.
     */
    private static int firstChangedLine(String path, Hunk hunk, FileIndex files) {
        List<HunkLine> lines = hunk.lines();
        int context = 0;
        while (context < lines.size() && lines.get(context).kind() == HunkLine.Kind.CONTEXT) {
            context++;
        }
        if (hunk.oldStart() > 0) {
            return hunk.oldStart() + context;
        }
        if (context == lines.size() || lines.get(context).kind() != HunkLine.Kind.REMOVE || !files.contains(path)) {
            return 1;
        }
        String wanted = lines.get(context).text().strip();
        // Only a label: a file that is not read (a link out, not UTF-8, too large) leaves it at 1.
        if (files.read(path, MAX_BYTES) instanceof FileRead.Content c && c.utf8().isPresent()) {
            List<String> text = c.utf8().get().lines().toList();
            for (int i = 0; i < text.size(); i++) {
                if (text.get(i).strip().equals(wanted)) {
                    return i + 1;
                }
            }
        }
        return 1;
    }
}
