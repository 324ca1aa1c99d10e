package dev.repofix.config;

/**
 * Base of every error repofix raises on purpose. The message says what failed, on
 * what input, and what to try next; only {@code cli} maps these to exit codes.
 * Lives in {@code config} because that is the bottom layer every package may use.
 */
public class RepofixException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ErrorKind kind;

    public RepofixException(ErrorKind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public RepofixException(ErrorKind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** Whether the user's input was at fault (usage) or the run itself failed. */
    public ErrorKind kind() {
        return kind;
    }

    /** Who has to act: the caller fixes the input, or the environment/run failed. */
    public enum ErrorKind {
        /** Bad flags, a path that is no repository, no tests found: the user must change the input. */
        INPUT,
        /** Something failed while running (I/O, a tool crashed); retrying may help. */
        RUNTIME
    }
}
