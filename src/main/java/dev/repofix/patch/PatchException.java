package dev.repofix.patch;

import dev.repofix.config.RepofixException;

/** A patch that cannot be read (kind INPUT) or written (kind RUNTIME), with the reason. */
public final class PatchException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public PatchException(String message) {
        super(ErrorKind.INPUT, message);
    }

    public PatchException(String message, Throwable cause) {
        super(ErrorKind.INPUT, message, cause);
    }

    /** The workspace failed us (disk full, permissions): not the patch's fault. */
    static PatchException writeFailed(String message, Throwable cause) {
        return new PatchException(ErrorKind.RUNTIME, message, cause);
    }

    private PatchException(ErrorKind kind, String message, Throwable cause) {
        super(kind, message, cause);
    }
}
