package dev.repofix.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Applies the hunks of one file patch to a text, in order, each located in the text the
 * earlier ones left. Pure: the caller reads and writes the file.
 */
final class FileEditor {
    /** The edited text and where each hunk went. */
    record Edited(TextFile text, List<HunkPlacement> placements) {}

    /** Lines [start, end) of the current text that hunk {@code number} wrote. */
    private record Changed(int start, int end, int number) {}

    private final String path;
    private final List<String> text;
    private final List<Changed> changed = new ArrayList<>();
    private final List<HunkPlacement> placements = new ArrayList<>();
    /** Per earlier hunk with a known start: {oldStart, lines added minus lines removed}. */
    private final List<int[]> growth = new ArrayList<>();

    private FileEditor(String path, List<String> text) {
        this.path = path;
        this.text = new ArrayList<>(text);
    }

    /**
     * Applies {@code patch}'s hunks to {@code start}, numbering them from {@code firstNumber}
     * in messages and placements.
     *
     * @throws PatchRejected naming the hunk that cannot be placed and why
     */
    static Edited edit(TextFile start, FilePatch patch, int firstNumber) throws PatchRejected {
        FileEditor editor = new FileEditor(patch.path(), start.lines());
        for (int i = 0; i < patch.hunks().size(); i++) {
            editor.apply(patch.hunks().get(i), firstNumber + i);
        }
        boolean finalNewline = switch (patch.finalNewline()) {
            case KEEP -> start.lines().isEmpty() || start.finalNewline();
            case ADD -> true;
            case REMOVE -> false;
        };
        return new Edited(new TextFile(editor.text, start.separator(), finalNewline), editor.placements);
    }

    private void apply(Hunk hunk, int number) throws PatchRejected {
        // The header counts lines of the original file; hunks before this one moved them.
        int shift = growth.stream().filter(g -> g[0] < hunk.oldStart()).mapToInt(g -> g[1]).sum();
        if (hunk.oldLines().isEmpty()) {
            insert(hunk, number, shift);
        } else {
            int expected = hunk.oldStart() > 0 ? hunk.oldStart() - 1 + shift : -1;
            switch (new HunkLocator(text).locate(hunk.lines(), expected)) {
                case HunkLocator.Found f -> replace(hunk, number, f, expected);
                case HunkLocator.Ambiguous a -> throw rejected(number, (a.size() == 1 ? "its line matches" : "its "
                        + a.size() + " lines match") + " at lines " + lineList(a.indices()) + "; add context to make it unique");
                case HunkLocator.NotFound n -> throw rejected(number, "not found (first line: `"
                        + firstLine(hunk) + "`), not even ignoring whitespace and with up to "
                        + HunkLocator.MAX_FUZZ + " context lines dropped at each end");
            }
        }
        if (hunk.oldStart() > 0) {
            growth.add(new int[] {hunk.oldStart(), hunk.newLines().size() - hunk.oldLines().size()});
        }
    }

    /** A hunk with only added lines: git's header names the line it inserts after. */
    private void insert(Hunk hunk, int number, int shift) throws PatchRejected {
        if (hunk.oldStart() == 0 && !text.isEmpty()) {
            throw rejected(number, "it only adds lines and says neither where (no line number) nor next to what"
                    + " (no context lines); add context lines around the addition");
        }
        int at = hunk.oldStart() == 0 ? 0 : hunk.oldStart() + shift;
        if (at > text.size()) {
            throw rejected(number, "it inserts after line " + at + ", but the file has " + text.size() + " lines");
        }
        checkOverlap(at, at, number);
        write(at, 0, hunk.newLines(), 0, 0, number);
        placements.add(new HunkPlacement(path, number, Placement.EXACT, at + 1, 0));
    }

    private void replace(Hunk hunk, int number, HunkLocator.Found f, int expected) throws PatchRejected {
        List<HunkLine> lines = hunk.lines().subList(f.lead(), hunk.lines().size() - f.trail());
        List<String> old = HunkLocator.oldLines(lines);
        checkOverlap(f.index(), f.index() + old.size(), number);
        List<String> actual = List.copyOf(text.subList(f.index(), f.index() + old.size()));
        UnaryOperator<String> indent = f.placement() == Placement.WHITESPACE || f.placement() == Placement.FUZZY
                ? Indentation.between(old, actual) : UnaryOperator.identity();
        List<String> replacement = new ArrayList<>();
        int j = 0;
        for (HunkLine line : lines) {
            switch (line.kind()) {
                case CONTEXT -> replacement.add(actual.get(j++)); // the file's own text, whatever the patch wrote
                case REMOVE -> j++;
                case ADD -> replacement.add(indent.apply(line.text()));
            }
        }
        write(f.index(), old.size(), replacement, leadingContext(lines), trailingContext(lines), number);
        int offset = expected < 0 ? 0 : f.index() - (expected + f.lead());
        placements.add(new HunkPlacement(path, number, f.placement(), f.index() + 1, offset));
    }

    /** Replaces {@code oldSize} lines at {@code at}, remembering which lines changed. */
    private void write(int at, int oldSize, List<String> replacement, int lead, int trail, int number) {
        text.subList(at, at + oldSize).clear();
        text.addAll(at, replacement);
        int delta = replacement.size() - oldSize;
        changed.replaceAll(c -> c.start() >= at + oldSize ? new Changed(c.start() + delta, c.end() + delta, c.number()) : c);
        if (lead + trail < replacement.size() || oldSize > lead + trail) {
            changed.add(new Changed(at + lead, at + replacement.size() - trail, number));
        }
    }

    /** Refuses a placement on lines an earlier hunk wrote (or, for a deletion, across where it deleted). */
    private void checkOverlap(int start, int end, int number) throws PatchRejected {
        for (Changed c : changed) {
            boolean overlaps = Math.max(c.start(), start) < Math.min(c.end(), end)
                    || c.start() == c.end() && start < c.start() && c.start() < end
                    || start == end && c.start() < start && start < c.end();
            if (overlaps) {
                throw rejected(number, "overlapping hunks: it applies to lines " + (start + 1) + "-" + Math.max(start + 1, end)
                        + ", which hunk " + c.number() + " already changed; merge them into one hunk");
            }
        }
    }

    private PatchRejected rejected(int number, String why) {
        return new PatchRejected("hunk " + number + " of " + path + ": " + why);
    }

    private static int leadingContext(List<HunkLine> lines) {
        int n = 0;
        while (n < lines.size() && lines.get(n).kind() == HunkLine.Kind.CONTEXT) {
            n++;
        }
        return n;
    }

    private static int trailingContext(List<HunkLine> lines) {
        int n = 0;
        while (n < lines.size() && lines.get(lines.size() - 1 - n).kind() == HunkLine.Kind.CONTEXT) {
            n++;
        }
        return n;
    }

    private static String firstLine(Hunk hunk) {
        return hunk.oldLines().stream().filter(l -> !l.isBlank()).findFirst().orElse("").strip();
    }

    private static String lineList(List<Integer> indices) {
        List<String> shown = indices.stream().limit(5).map(i -> String.valueOf(i + 1)).toList();
        String head = String.join(", ", shown.subList(0, shown.size() - 1)) + " and " + shown.get(shown.size() - 1);
        return indices.size() > 5 ? String.join(", ", shown) + " and " + (indices.size() - 5) + " more" : head;
    }
}
