package dev.repofix.history;

import dev.repofix.config.RepofixException;

/** The history store could not be opened, read or written; the message names the store (never its password). */
public final class HistoryException extends RepofixException {
    public HistoryException(ErrorKind kind, String message) {
        super(kind, message);
    }

    public HistoryException(ErrorKind kind, String message, Throwable cause) {
        super(kind, message, cause);
    }
}
