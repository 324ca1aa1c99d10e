package dev.repofix.testrun;

import java.util.Objects;

/**
 * One frame of a stack trace that names a file of the repository.
 *
 * @param file     path relative to the repository root, with {@code /} separators; never null
 * @param line     1-based line number
 * @param function the method or function name as the trace gives it (may be empty)
 */
public record StackFrame(String file, int line, String function) {
    public StackFrame {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(function, "function");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + line);
        }
    }

    /** This frame of a project in {@code folder}, its file relative to the repository root. */
    public StackFrame inFolder(String folder) {
        return new StackFrame(folder + "/" + file, line, function);
    }

    @Override
    public String toString() {
        return file + ":" + line + (function.isEmpty() ? "" : " (" + function + ")");
    }
}
