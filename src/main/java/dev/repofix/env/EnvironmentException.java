package dev.repofix.env;

import dev.repofix.config.RepofixException;

/**
 * The environment could not be prepared: a set-up command failed (a {@code RUNTIME} error, with
 * the command and the end of its output), or the project asks for what this machine lacks (an
 * {@code INPUT} error that names it, e.g. an interpreter satisfying {@code requires-python}).
 */
public final class EnvironmentException extends RepofixException {
    public EnvironmentException(ErrorKind kind, String message) {
        super(kind, message);
    }

    public EnvironmentException(ErrorKind kind, String message, Throwable cause) {
        super(kind, message, cause);
    }
}
