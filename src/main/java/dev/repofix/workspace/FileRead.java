package dev.repofix.workspace;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link ConfinedReader#read} found at a path: the file's bytes, or why it was not
 * read. Never null.
 */
public sealed interface FileRead permits FileRead.Content, FileRead.Refused {

    /** The path as the caller named it (repository-relative where it lies under the root). */
    String path();

    /**
     * A regular file inside the copy, read whole.
     *
     * @param path  as the caller named it
     * @param bytes the file's bytes; not copied, callers must not change them
     */
    record Content(String path, byte[] bytes) implements FileRead {
        public Content {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(bytes, "bytes");
        }

        /** The text when the file is well-formed UTF-8; empty when it is not. */
        public Optional<String> utf8() {
            try {
                return Optional.of(StandardCharsets.UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(bytes)).toString());
            } catch (CharacterCodingException e) {
                return Optional.empty();
            }
        }

        /** The text as UTF-8, or as ISO-8859-1 when it is not UTF-8 (every byte is a character then). */
        public String text() {
            return utf8().orElseGet(() -> new String(bytes, StandardCharsets.ISO_8859_1));
        }
    }

    /**
     * A path that was not read, and why.
     *
     * @param path   as the caller named it
     * @param reason why it was not read
     */
    record Refused(String path, Reason reason) implements FileRead, FileOpen {
        public Refused {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(reason, "reason");
        }

        /** For the run's notes and messages: {@code inventory/env.py: a link that leads outside the repository}. */
        public String describe() {
            return path + ": " + reason.describe();
        }
    }

    /** Why a path was not read. */
    enum Reason {
        /** Nothing is there (a dangling link inside the copy too). */
        MISSING("missing", false),
        /** Its real path, links followed, lies outside the copy: another file of the host, {@code /proc}, a device. */
        OUTSIDE("a link that leads outside the repository", true),
        /** The path as written ({@code ../..}, absolute) is not under the copy at all. */
        NOT_UNDER_ROOT("a path outside the repository", true),
        /** A directory, not a file. */
        DIRECTORY("a directory", false),
        /** A fifo, a socket or a device: reading it may block or never end. */
        SPECIAL("not a regular file (a fifo, socket or device)", true),
        /** Larger than the caller reads. */
        TOO_LARGE("larger than repofix reads", false),
        /** The file system refused it (permissions, a loop of links). */
        UNREADABLE("unreadable", false);

        private final String description;
        private final boolean noted;

        Reason(String description, boolean noted) {
            this.description = description;
            this.noted = noted;
        }

        public String describe() {
            return description;
        }

        /**
         * Whether the run's notes name a file refused for this reason: something in the
         * repository tried to make repofix read what is not one of its files. A missing,
         * large or unreadable file is an ordinary thing that each caller handles.
         */
        public boolean noted() {
            return noted;
        }
    }
}
