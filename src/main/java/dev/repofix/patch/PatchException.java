package dev.repofix.patch;

import dev.repofix.config.RepofixException;

/**
 * A patch that cannot be read (kind INPUT) or written (kind RUNTIME), with the reason.
 * Messages quote the patch, which is untrusted and may hold a line of megabytes; they are
 * kept to {@value #MAX_MESSAGE} characters, head and tail (see {@link #bounded}).
 */
public final class PatchException extends RepofixException {
    private static final long serialVersionUID = 1L;
    static final int MAX_MESSAGE = 2_000;

    public PatchException(String message) {
        super(ErrorKind.INPUT, bounded(message));
    }

    public PatchException(String message, Throwable cause) {
        super(ErrorKind.INPUT, bounded(message), cause);
    }

    /** The workspace failed us (disk full, permissions): not the patch's fault. */
    static PatchException writeFailed(String message, Throwable cause) {
        return new PatchException(ErrorKind.RUNTIME, message, cause);
    }

    private PatchException(ErrorKind kind, String message, Throwable cause) {
        super(kind, bounded(message), cause);
    }

    /**
     * {@code message} when short; else its start, which says what failed, and its end,
     * which says what to do, around a note of what was left out. A reason ends up in a
     * pull-request comment and in the next prompt, both of bounded size.
     */
    static String bounded(String message) {
        if (message == null || message.length() <= MAX_MESSAGE) {
            return message;
        }
        int head = MAX_MESSAGE * 2 / 3;
        int tail = MAX_MESSAGE / 4;
        return message.substring(0, head) + " [... " + (message.length() - head - tail) + " characters left out ...] "
                + message.substring(message.length() - tail);
    }
}
