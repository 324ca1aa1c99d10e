package dev.repofix.build;

import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileRead;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a build file of the repository (pytest settings, go.mod, package.json, a POM)
 * through the {@link ConfinedReader} of the folder it configures: one that is a link out
 * of that folder, a device or a fifo is never read, and reads as absent.
 */
final class BuildFile {
    /** Build files are small; a larger one is not a build file worth reading. */
    static final long MAX_BYTES = 4L * 1024 * 1024;

    private BuildFile() {}

    /** {@code name} in {@code folder}, or why it was not read. */
    static FileRead read(Path folder, String name) {
        return new ConfinedReader(folder).read(name, MAX_BYTES);
    }

    /** The UTF-8 text of {@code name} in {@code folder}; empty when absent, refused or not UTF-8. */
    static Optional<String> text(Path folder, String name) {
        return read(folder, name) instanceof FileRead.Content c ? c.utf8() : Optional.empty();
    }
}
