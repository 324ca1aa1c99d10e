package dev.repofix.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads unified diffs as models write them, line by line: hunk counts are ignored (a
 * hunk runs until a line that cannot belong to it), paths come from whichever header is
 * there, and prose or code fences between files are skipped. What it refuses it refuses
 * with a {@link PatchException} saying why.
 */
final class UnifiedDiffParser {
    private static final Pattern OLD_START = Pattern.compile("^@@+\\s*-(\\d+)");
    private static final Pattern BINARY = Pattern.compile("^Binary files .* differ\\s*$");
    private static final String[] RENAMES = {"rename from ", "rename to ", "copy from ", "copy to "};
    private static final String[] MODES = {"new file mode ", "deleted file mode ", "old mode ", "new mode ", "index "};

    private final List<String> lines;
    private final List<FilePatch> files = new ArrayList<>();
    private FileSection section;
    private HunkReader hunk;

    private UnifiedDiffParser(List<String> lines) {
        this.lines = lines;
    }

    /** The file patches of {@code lines} (without separators); empty when there is no diff. */
    static List<FilePatch> parse(List<String> lines) {
        return new UnifiedDiffParser(lines).read();
    }

    private List<FilePatch> read() {
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (hunk != null && hunk.accepts(line, i + 1 < lines.size() ? lines.get(i + 1) : "")) {
                hunk.add(line);
                continue;
            }
            endHunk();
            i = header(i);
        }
        endHunk();
        endSection();
        return files;
    }

    /** Reads the header or prose line at {@code i}; returns the last line it consumed. */
    private int header(int i) {
        String line = lines.get(i);
        String next = i + 1 < lines.size() ? lines.get(i + 1) : "";
        refuseUnsupported(line);
        if (line.startsWith("diff --git ")) {
            newSection(i).git(PatchPaths.fromGitLine(line.substring("diff --git ".length())));
        } else if (line.startsWith("--- ") && next.startsWith("+++ ")) {
            if (section == null || !section.awaitsHeaders()) {
                newSection(i);
            }
            section.headers(PatchPaths.fromHeader(line.substring(4), "a/"), PatchPaths.fromHeader(next.substring(4), "b/"));
            return i + 1;
        } else if (line.startsWith("@@")) {
            startHunk(i, line);
        } else if (line.startsWith("new file mode") && section != null) {
            section.kind(ChangeKind.CREATE);
        } else if (line.startsWith("deleted file mode") && section != null) {
            section.kind(ChangeKind.DELETE);
        } else {
            hint(line).ifPresent(path -> hintedSection(i).hint(path));
        }
        return i;
    }

    private static void refuseUnsupported(String line) {
        if (line.startsWith("GIT binary patch") || line.startsWith("Binary files ") && BINARY.matcher(line).matches()) {
            throw new PatchException("binary patches are not supported: `" + line.strip() + "`");
        }
        refuseLinkMode(line);
        for (String rename : RENAMES) {
            if (line.startsWith(rename)) {
                throw new PatchException("renames are not supported yet: `" + line.strip()
                        + "`; delete the old file and create the new one instead");
            }
        }
    }

    /**
     * Git writes a symbolic link as a file of mode 120000 whose content is the target, and a
     * submodule as mode 160000. Applied as text either would be a different file than the
     * patch describes, and a link could lead out of the workspace: both are refused.
     */
    private static void refuseLinkMode(String line) {
        for (String header : MODES) {
            if (line.startsWith(header)) {
                String stripped = line.strip();
                String mode = stripped.substring(stripped.lastIndexOf(' ') + 1);
                if (mode.equals("120000")) {
                    throw new PatchException("symbolic links are not supported: `" + line.strip() + "`; a patch may "
                            + "not create, change or delete a link, only edit regular files");
                }
                if (mode.equals("160000")) {
                    throw new PatchException("submodules are not supported: `" + line.strip() + "`; a patch may "
                            + "only edit regular files");
                }
            }
        }
    }

    /** A path named outside any diff header: {@code Index: x}, {@code *** x}, {@code File: x}, a lone {@code ---}/{@code +++}. */
    private static Optional<String> hint(String line) {
        if (line.startsWith("Index: ") || line.startsWith("*** ")) {
            return PatchPaths.fromLabel(line.substring(line.indexOf(' ') + 1));
        }
        if (line.startsWith("--- ") || line.startsWith("+++ ")) {
            String path = PatchPaths.fromHeader(line.substring(4), line.startsWith("-") ? "a/" : "b/");
            return path.isEmpty() || path.chars().anyMatch(Character::isWhitespace) ? Optional.empty() : Optional.of(path);
        }
        return PatchPaths.isLabel(line) ? PatchPaths.fromLabel(line) : Optional.empty();
    }

    private FileSection hintedSection(int i) {
        return section == null || section.hasHunks() ? newSection(i) : section;
    }

    private FileSection newSection(int i) {
        endSection();
        section = new FileSection(i + 1);
        return section;
    }

    private void startHunk(int i, String line) {
        if (section == null || !section.hasPath()) {
            throw new PatchException("the hunk at line " + (i + 1) + " (`" + line.strip() + "`) names no file: put "
                    + "`--- a/path` and `+++ b/path` (or `diff --git a/path b/path`) before it");
        }
        Matcher m = OLD_START.matcher(line);
        int oldStart = m.find() ? parseStart(m.group(1)) : 0;
        hunk = new HunkReader(oldStart, i + 1);
    }

    private static int parseStart(String digits) {
        try {
            return Integer.parseInt(digits);
        } catch (NumberFormatException e) {
            return 0; // more digits than any file has lines: as good as no number
        }
    }

    private void endHunk() {
        if (hunk != null) {
            section.add(hunk.build(section.path()), hunk.finalNewline());
            hunk = null;
        }
    }

    private void endSection() {
        if (section != null) {
            section.build().ifPresent(files::add);
            section = null;
        }
    }
}
