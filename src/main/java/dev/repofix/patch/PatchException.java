package dev.repofix.patch;

import dev.repofix.config.RepofixException;

/** A patch that cannot be read or applied, with the reason. */
public final class PatchException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public PatchException(String message) {
        super(ErrorKind.INPUT, message);
    }

    public PatchException(String message, Throwable cause) {
        super(ErrorKind.INPUT, message, cause);
    }
}
