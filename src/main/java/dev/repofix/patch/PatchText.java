package dev.repofix.patch;

import java.util.Objects;

/**
 * Patch text as it entered repofix (a model's answer, a given patch file, a benchmark case, a
 * saved run record), read once by {@link PatchParser} where it entered: either the patch it
 * describes or why it describes none. It crosses package boundaries in this form, so no later
 * step parses it again and each says what it does with text that is no patch. {@link #text()}
 * is kept exactly as it came, for reports. Nothing here is null.
 */
public sealed interface PatchText permits PatchText.Parsed, PatchText.Unreadable {
    /** The text exactly as it came. */
    String text();

    /** Reads {@code text}; the one place where patch text from outside becomes a {@link Patch}. */
    static PatchText read(String text) {
        Objects.requireNonNull(text, "text");
        try {
            return new Parsed(text, PatchParser.parse(text));
        } catch (PatchException e) {
            return new Unreadable(text, e.getMessage());
        }
    }

    /**
     * Text that reads as a patch.
     *
     * @param patch what {@link PatchParser#parse} made of {@code text}
     */
    record Parsed(String text, Patch patch) implements PatchText {
        public Parsed {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(patch, "patch");
        }
    }

    /**
     * Text that is no patch {@link PatchParser} reads (prose, an empty answer, a binary diff).
     *
     * @param reason what {@link PatchParser} said is wrong with it
     */
    record Unreadable(String text, String reason) implements PatchText {
        public Unreadable {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
