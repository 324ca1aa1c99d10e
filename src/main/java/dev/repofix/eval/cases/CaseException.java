package dev.repofix.eval.cases;

import dev.repofix.config.RepofixException;

/** A case file or a task-instance file that cannot be read or written, with what to do about it. */
public final class CaseException extends RepofixException {
    private static final long serialVersionUID = 1L;

    /** The input is at fault: a missing file, a format that is not supported. */
    public CaseException(String message) {
        super(ErrorKind.INPUT, message);
    }

    public CaseException(ErrorKind kind, String message, Throwable cause) {
        super(kind, message, cause);
    }
}
