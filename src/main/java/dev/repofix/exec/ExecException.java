package dev.repofix.exec;

import dev.repofix.config.RepofixException;

/** A command that could not be started or waited for. */
public final class ExecException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public ExecException(String message, Throwable cause) {
        super(ErrorKind.RUNTIME, message, cause);
    }
}
