package dev.repofix.patch;

import java.util.List;

/** Writes a {@link Patch} back as a git-style unified diff, for reports. */
final class PatchRenderer {
    private static final String NO_NEWLINE = "\\ No newline at end of file";

    private PatchRenderer() {}

    static String render(Patch patch) {
        StringBuilder out = new StringBuilder();
        for (FilePatch file : patch.files()) {
            renderFile(out, file);
        }
        return out.toString();
    }

    private static void renderFile(StringBuilder out, FilePatch file) {
        String path = file.path();
        out.append("diff --git a/").append(path).append(" b/").append(path).append('\n');
        switch (file.kind()) {
            case CREATE -> out.append("new file mode 100644\n");
            case DELETE -> out.append("deleted file mode 100644\n");
            case MODIFY -> { }
        }
        out.append("--- ").append(file.kind() == ChangeKind.CREATE ? "/dev/null" : "a/" + path).append('\n');
        out.append("+++ ").append(file.kind() == ChangeKind.DELETE ? "/dev/null" : "b/" + path).append('\n');
        int delta = 0;
        List<Hunk> hunks = file.hunks();
        for (int i = 0; i < hunks.size(); i++) {
            Hunk hunk = hunks.get(i);
            out.append(header(hunk, delta)).append('\n');
            int marker = i == hunks.size() - 1 ? markerAfter(hunk, file.finalNewline()) : -1;
            for (int j = 0; j < hunk.lines().size(); j++) {
                HunkLine line = hunk.lines().get(j);
                out.append(prefix(line.kind())).append(line.text()).append('\n');
                if (j == marker) {
                    out.append(NO_NEWLINE).append('\n');
                }
            }
            delta += hunk.newLines().size() - hunk.oldLines().size();
        }
    }

    /**
     * The header git would write, given how many lines the hunks before it added; a hunk
     * with old lines but no known start gets a bare {@code @@ @@}, as there is no honest number.
     */
    static String header(Hunk hunk, int delta) {
        int oldCount = hunk.oldLines().size();
        int newCount = hunk.newLines().size();
        if (hunk.oldStart() == 0 && oldCount > 0) {
            return "@@ @@";
        }
        // For an empty side git names the line before it, so the first line is one further.
        int firstOld = oldCount > 0 ? hunk.oldStart() : hunk.oldStart() + 1;
        int firstNew = Math.max(1, firstOld + delta);
        int newStart = newCount > 0 ? firstNew : firstNew - 1;
        return "@@ -" + hunk.oldStart() + "," + oldCount + " +" + newStart + "," + newCount + " @@";
    }

    /** The index of the line a {@code \ No newline} marker follows, or -1 for none. */
    private static int markerAfter(Hunk hunk, FilePatch.FinalNewline finalNewline) {
        HunkLine.Kind after = switch (finalNewline) {
            case KEEP -> null;
            case REMOVE -> HunkLine.Kind.ADD;
            case ADD -> HunkLine.Kind.REMOVE;
        };
        int found = -1;
        for (int j = 0; after != null && j < hunk.lines().size(); j++) {
            HunkLine.Kind kind = hunk.lines().get(j).kind();
            boolean fits = after == HunkLine.Kind.ADD ? kind != HunkLine.Kind.REMOVE : kind == HunkLine.Kind.REMOVE;
            found = fits ? j : found;
        }
        return found;
    }

    private static char prefix(HunkLine.Kind kind) {
        return switch (kind) {
            case CONTEXT -> ' ';
            case REMOVE -> '-';
            case ADD -> '+';
        };
    }
}
