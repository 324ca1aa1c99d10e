package dev.repofix.testrun;

import dev.repofix.config.RepofixException;

/** A test report that is missing, unreadable or malformed. */
public final class ReportException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public ReportException(String message, Throwable cause) {
        super(ErrorKind.RUNTIME, message, cause);
    }

    public ReportException(String message) {
        super(ErrorKind.RUNTIME, message);
    }
}
