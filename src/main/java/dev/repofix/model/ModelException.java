package dev.repofix.model;

import dev.repofix.config.RepofixException;

/** A model call that failed for good. The message never contains a secret. */
public final class ModelException extends RepofixException {
    private static final long serialVersionUID = 1L;

    private final boolean timedOut;
    private final boolean refused;

    public ModelException(ErrorKind kind, String message) {
        this(kind, message, null, false, false);
    }

    public ModelException(ErrorKind kind, String message, Throwable cause) {
        this(kind, message, cause, false, false);
    }

    private ModelException(ErrorKind kind, String message, Throwable cause, boolean timedOut, boolean refused) {
        super(kind, message, cause);
        this.timedOut = timedOut;
        this.refused = refused;
    }

    /** The server answered the request with a refusal of its own: an HTTP error status or a redirect. */
    static ModelException refused(ErrorKind kind, String message) {
        return new ModelException(kind, message, null, false, true);
    }

    /**
     * No answer came within the request's limit. Such a request is not sent again unchanged:
     * a server that serves one request at a time would still be computing it.
     */
    static ModelException timedOut(String message, Throwable cause) {
        return new ModelException(ErrorKind.RUNTIME, message, cause, true, false);
    }

    /** Whether the request got no answer within its time limit (the server may still be computing it). */
    public boolean timedOut() {
        return timedOut;
    }

    /** Whether the server answered with a refusal (an error status, a redirect) rather than no answer at all. */
    public boolean refused() {
        return refused;
    }
}
