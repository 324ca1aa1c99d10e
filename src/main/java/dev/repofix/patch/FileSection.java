package dev.repofix.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The headers and hunks read so far for one file of a unified diff. Paths come from
 * the {@code ---}/{@code +++} headers, else the {@code diff --git} line, else a hint
 * such as {@code Index: x}; the kind from {@code /dev/null}, else a mode line.
 */
final class FileSection {
    private final int line;
    private String gitOld;
    private String gitNew;
    private String oldPath;
    private String newPath;
    private String hint;
    private ChangeKind modeKind;
    private final List<Hunk> hunks = new ArrayList<>();
    private FilePatch.FinalNewline finalNewline = FilePatch.FinalNewline.KEEP;

    /** @param line the 1-based line the section starts at, for messages */
    FileSection(int line) {
        this.line = line;
    }

    void git(List<String> paths) {
        gitOld = paths.get(0).isEmpty() ? null : paths.get(0);
        gitNew = paths.get(1).isEmpty() ? null : paths.get(1);
    }

    void headers(String oldHeader, String newHeader) {
        oldPath = oldHeader.isEmpty() ? null : oldHeader;
        newPath = newHeader.isEmpty() ? null : newHeader;
    }

    void hint(String path) {
        hint = path;
    }

    void kind(ChangeKind kind) {
        modeKind = kind;
    }

    /** Only the last hunk's {@code \ No newline} marker can concern the end of the file. */
    void add(Hunk hunk, FilePatch.FinalNewline marker) {
        hunks.add(hunk);
        finalNewline = marker;
    }

    /** Whether {@code ---}/{@code +++} headers would still belong to this section. */
    boolean awaitsHeaders() {
        return hunks.isEmpty() && oldPath == null && newPath == null;
    }

    boolean hasHunks() {
        return !hunks.isEmpty();
    }

    boolean hasPath() {
        return path() != null;
    }

    /** The file's path, or null when nothing named it. */
    String path() {
        String old = oldName();
        String neu = newName();
        if (old == null && neu == null) {
            return hint;
        }
        if (neu == null || neu.equals(PatchPaths.DEV_NULL)) {
            return old == null || old.equals(PatchPaths.DEV_NULL) ? null : old;
        }
        return neu;
    }

    /** The file patch; empty when the section was only a path mentioned in prose. */
    Optional<FilePatch> build() {
        String path = path();
        if (path == null || hunks.isEmpty() && oldName() == null && newName() == null) {
            return Optional.empty();
        }
        String old = oldName();
        if (old != null && !old.equals(PatchPaths.DEV_NULL) && !old.equals(path)) {
            // Either side of a rename may be protected: say so rather than only that renames are not read.
            for (String side : List.of(old, path)) {
                PathSafety.protectedRefusal(side).ifPresent(why -> {
                    throw new PatchException(why + " (a rename, line " + line + ")");
                });
            }
            throw new PatchException("renames are not supported yet: " + old + " -> " + path + " (line " + line
                    + "); delete the old file and create the new one instead");
        }
        ChangeKind kind = kind();
        if (hunks.isEmpty() && kind == ChangeKind.MODIFY) {
            throw new PatchException("the diff for " + path + " (line " + line + ") has no @@ hunk: nothing to change"
                    + " (mode-only changes are not supported)");
        }
        return Optional.of(new FilePatch(path, kind, hunks, finalNewline));
    }

    private ChangeKind kind() {
        if (PatchPaths.DEV_NULL.equals(oldName())) {
            return ChangeKind.CREATE;
        }
        if (PatchPaths.DEV_NULL.equals(newName())) {
            return ChangeKind.DELETE;
        }
        return modeKind != null ? modeKind : ChangeKind.MODIFY;
    }

    private String oldName() {
        return oldPath != null || newPath != null ? oldPath : gitOld;
    }

    private String newName() {
        return oldPath != null || newPath != null ? newPath : gitNew;
    }
}
