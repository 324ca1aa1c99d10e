package dev.repofix.testrun;

import java.util.Objects;

/**
 * One frame of a stack trace that names a file of the repository.
 *
 * @param file     path relative to the repository root, with {@code /} separators; never null
 * @param line     1-based line number
 * @param function   the method or function name as the trace gives it (may be empty)
 * @param causeDepth which exception of a chain the frame belongs to: 0 for the one that surfaced (the
 *                   effect the test saw), 1 for its cause ({@code Caused by:}, Python's "direct cause" or
 *                   "during handling"), and so on down to the root cause
 */
public record StackFrame(String file, int line, String function, int causeDepth) {
    public StackFrame {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(function, "function");
        if (line < 1) {
            throw new IllegalArgumentException("line must be >= 1: " + line);
        }
        if (causeDepth < 0) {
            throw new IllegalArgumentException("causeDepth must be >= 0: " + causeDepth);
        }
    }

    /** A frame of the exception that surfaced (cause depth 0). */
    public StackFrame(String file, int line, String function) {
        this(file, line, function, 0);
    }

    /** This frame of a project in {@code folder}, its file relative to the repository root. */
    public StackFrame inFolder(String folder) {
        return new StackFrame(folder + "/" + file, line, function, causeDepth);
    }

    @Override
    public String toString() {
        return file + ":" + line + (function.isEmpty() ? "" : " (" + function + ")");
    }
}
