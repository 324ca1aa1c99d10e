package dev.repofix.patch;

import java.util.ArrayList;
import java.util.List;

/**
 * The body of one unified-diff hunk, read until a line that cannot belong to it; the
 * header's counts are not trusted, so this is what decides where a hunk ends.
 */
final class HunkReader {
    private final int oldStart;
    private final int line;
    private final List<HunkLine> body = new ArrayList<>();
    /** Empty lines seen but not yet known to be inside the hunk: trailing ones are dropped. */
    private int blanks;
    private boolean oldEndsWithoutNewline;
    private boolean newEndsWithoutNewline;

    /** @param line the 1-based line of the {@code @@} header, for messages */
    HunkReader(int oldStart, int line) {
        this.oldStart = oldStart;
        this.line = line;
    }

    /**
     * Whether {@code text} continues the hunk. An empty line does: editors and models
     * strip the single space of an empty context line. A {@code ---} line followed by
     * {@code +++} does not: it starts the next file, though it could be a removed line.
     */
    boolean accepts(String text, String next) {
        if (text.isEmpty()) {
            return true;
        }
        char c = text.charAt(0);
        if (c == '-' && text.startsWith("--- ") && next.startsWith("+++ ")) {
            return false;
        }
        return c == ' ' || c == '+' || c == '-' || c == '\\';
    }

    void add(String text) {
        if (text.isEmpty()) {
            blanks++;
            return;
        }
        flushBlanks();
        char c = text.charAt(0);
        if (c == '\\') {
            marker();
            return;
        }
        String rest = text.substring(1);
        body.add(switch (c) {
            case '+' -> HunkLine.add(rest);
            case '-' -> HunkLine.remove(rest);
            default -> HunkLine.context(rest);
        });
    }

    Hunk build(String path) {
        if (body.isEmpty()) {
            throw new PatchException("the hunk at line " + line + " of the diff for " + path + " has no lines");
        }
        return new Hunk(oldStart, body);
    }

    /** What a {@code \ No newline at end of file} marker in this hunk says about the new file. */
    FilePatch.FinalNewline finalNewline() {
        if (newEndsWithoutNewline) {
            return FilePatch.FinalNewline.REMOVE;
        }
        return oldEndsWithoutNewline ? FilePatch.FinalNewline.ADD : FilePatch.FinalNewline.KEEP;
    }

    /** A marker speaks of the line before it: removed -> the old file; added -> the new; context -> both. */
    private void marker() {
        if (body.isEmpty()) {
            return;
        }
        switch (body.get(body.size() - 1).kind()) {
            case REMOVE -> oldEndsWithoutNewline = true;
            case ADD -> newEndsWithoutNewline = true;
            case CONTEXT -> {
                oldEndsWithoutNewline = true;
                newEndsWithoutNewline = true;
            }
        }
    }

    private void flushBlanks() {
        for (; blanks > 0; blanks--) {
            body.add(HunkLine.context(""));
        }
    }
}
