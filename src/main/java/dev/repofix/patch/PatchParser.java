package dev.repofix.patch;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads a patch from untrusted text, usually model output: a unified diff (with or
 * without {@code diff --git}, {@code ---}/{@code +++} headers, {@code a/} {@code b/}
 * prefixes, right hunk counts, CR characters, prose and code fences around it) or
 * SEARCH/REPLACE edit blocks. Pure: touches no file.
 */
public final class PatchParser {
    /** Larger text is no patch a reviewer could read; refusing it early also bounds memory. */
    static final long MAX_BYTES = 5L * 1024 * 1024;
    static final String NOT_A_PATCH = "not a patch: expected a unified diff (--- a/file, +++ b/file, @@ hunks) "
            + "or SEARCH/REPLACE edit blocks";

    private PatchParser() {}

    /**
     * The patch {@code text} describes; never null, never empty.
     *
     * @throws PatchException (kind INPUT) saying why {@code text} is no patch this reads:
     *     too large, binary, a rename, a hunk without a file, or neither format
     */
    public static Patch parse(String text) {
        Objects.requireNonNull(text, "text");
        long bytes = utf8Length(text);
        if (bytes > MAX_BYTES) {
            throw new PatchException(String.format(Locale.ROOT,
                    "patch is too large: %,d bytes, the limit is %,d bytes (5 MiB); send a smaller change", bytes, MAX_BYTES));
        }
        List<String> lines = Arrays.asList(text.replace("\r", "").split("\n", -1));
        List<FilePatch> files = EditBlockParser.present(lines) ? EditBlockParser.parse(lines) : UnifiedDiffParser.parse(lines);
        if (files.isEmpty()) {
            throw new PatchException(NOT_A_PATCH);
        }
        return new Patch(files);
    }

    /** The UTF-8 size of {@code text}, counted without encoding it. */
    static long utf8Length(CharSequence text) {
        long bytes = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
