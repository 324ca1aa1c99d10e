package dev.repofix.model;

import dev.repofix.config.RepofixException;

/** A model call that failed for good. The message never contains a secret. */
public final class ModelException extends RepofixException {
    private static final long serialVersionUID = 1L;

    private final boolean timedOut;

    public ModelException(ErrorKind kind, String message) {
        this(kind, message, null, false);
    }

    public ModelException(ErrorKind kind, String message, Throwable cause) {
        this(kind, message, cause, false);
    }

    private ModelException(ErrorKind kind, String message, Throwable cause, boolean timedOut) {
        super(kind, message, cause);
        this.timedOut = timedOut;
    }

    /**
     * No answer came within the request's limit. Such a request is not sent again unchanged:
     * a server that serves one request at a time would still be computing it.
     */
    static ModelException timedOut(String message, Throwable cause) {
        return new ModelException(ErrorKind.RUNTIME, message, cause, true);
    }

    /** Whether the request got no answer within its time limit (the server may still be computing it). */
    public boolean timedOut() {
        return timedOut;
    }
}
