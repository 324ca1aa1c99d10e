package dev.repofix.model;

import dev.repofix.config.RepofixException;

/** A model call that failed for good. The message never contains a secret. */
public final class ModelException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public ModelException(ErrorKind kind, String message) {
        super(kind, message);
    }

    public ModelException(ErrorKind kind, String message, Throwable cause) {
        super(kind, message, cause);
    }
}
