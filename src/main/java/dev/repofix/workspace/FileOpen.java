package dev.repofix.workspace;

import java.io.InputStream;
import java.util.Objects;

/**
 * What {@link ConfinedReader#open} found at a path: a stream over a regular file inside
 * the copy, which the caller closes, or why it was not opened. Never null. For files
 * read piece by piece (coverage data, class files) rather than whole.
 */
public sealed interface FileOpen permits FileOpen.Stream, FileRead.Refused {

    /** The path as the caller named it. */
    String path();

    /**
     * An open regular file.
     *
     * @param path as the caller named it
     * @param in   the file's bytes from the start; the caller closes it
     * @param size the file's size when it was opened
     */
    record Stream(String path, InputStream in, long size) implements FileOpen {
        public Stream {
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(in, "in");
        }
    }
}
