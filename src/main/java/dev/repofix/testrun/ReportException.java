package dev.repofix.testrun;

import dev.repofix.config.RepofixException;

/** A test report that is missing, unreadable or malformed: the test setup needs a look, so it counts as input. */
public class ReportException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public ReportException(String message, Throwable cause) {
        super(ErrorKind.INPUT, message, cause);
    }

    public ReportException(String message) {
        super(ErrorKind.INPUT, message);
    }
}
