package dev.repofix.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** The files a CI runner reads after the step (GITHUB_OUTPUT, GITHUB_STEP_SUMMARY). Pure static functions. */
final class RunnerFiles {
    private RunnerFiles() {}

    /** Appends to a runner file; a failed write is a warning, never a lost run. */
    static Publication append(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return Publication.none();
        } catch (IOException e) {
            return Publication.warning("cannot write " + file + ": " + e.getMessage());
        }
    }
}
