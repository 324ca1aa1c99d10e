package dev.repofix.history;

import dev.repofix.config.RepofixException;

/** The dashboard could not be written where it was asked to go: the folder is the caller's to fix. */
public final class DashboardException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public DashboardException(String message, Throwable cause) {
        super(ErrorKind.INPUT, message, cause);
    }
}
