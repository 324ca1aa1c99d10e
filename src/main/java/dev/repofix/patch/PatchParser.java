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
    /**
     * More hunks than any reviewer reads, and applying costs a scan of the file per hunk:
     * 100,000 one-line hunks on a 100,000-line file would run for hours. A file patch
     * without hunks (a bare deletion) counts as one.
     */
    static final int MAX_HUNKS = 1_000;
    static final String NOT_A_PATCH = "not a patch: expected a unified diff (--- a/file, +++ b/file, @@ hunks) "
            + "or SEARCH/REPLACE edit blocks";

    private PatchParser() {}

    /**
     * The patch {@code text} describes; never null, never empty. Text over the size limit
     * is refused without reading it past the limit, so a caller may pass a lazily made
     * sequence of any length.
     *
     * @throws PatchException (kind INPUT) saying why {@code text} is no patch this reads:
     *     too large, too many hunks, binary, a rename, a link, a hunk without a file, or
     *     neither format
     */
    public static Patch parse(CharSequence text) {
        Objects.requireNonNull(text, "text");
        refuseLarge(text);
        List<String> lines = Arrays.asList(text.toString().replace("\r", "").split("\n", -1));
        List<FilePatch> files = EditBlockParser.present(lines) ? EditBlockParser.parse(lines) : UnifiedDiffParser.parse(lines);
        if (files.isEmpty()) {
            throw new PatchException(NOT_A_PATCH);
        }
        Patch patch = new Patch(files);
        refuseManyHunks(patch);
        return patch;
    }

    /**
     * Refuses a patch of more than {@value #MAX_HUNKS} hunks, which would take too long to
     * place; the applier checks patches built in code too.
     *
     * @throws PatchException (kind INPUT) naming the count and the limit
     */
    static void refuseManyHunks(Patch patch) {
        long hunks = patch.files().stream().mapToLong(f -> Math.max(1, f.hunks().size())).sum();
        if (hunks > MAX_HUNKS) {
            throw new PatchException(String.format(Locale.ROOT, "patch has too many hunks: %,d in %,d file patch(es), "
                    + "the limit is %,d; send a smaller change", hunks, patch.files().size(), MAX_HUNKS));
        }
    }

    /** Every character is at least one UTF-8 byte: a longer text is refused without a look at it. */
    private static void refuseLarge(CharSequence text) {
        if (text.length() > MAX_BYTES) {
            throw new PatchException(String.format(Locale.ROOT, "patch is too large: %,d characters, the limit is %,d "
                    + "bytes (5 MiB); send a smaller change", (long) text.length(), MAX_BYTES));
        }
        long bytes = utf8Length(text);
        if (bytes > MAX_BYTES) {
            throw new PatchException(String.format(Locale.ROOT,
                    "patch is too large: %,d bytes, the limit is %,d bytes (5 MiB); send a smaller change", bytes, MAX_BYTES));
        }
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
