package dev.repofix.workspace;

import dev.repofix.config.RepofixException;

/** A repository that cannot be opened, cloned or copied. */
public final class WorkspaceException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public WorkspaceException(ErrorKind kind, String message) {
        super(kind, message);
    }

    public WorkspaceException(ErrorKind kind, String message, Throwable cause) {
        super(kind, message, cause);
    }
}
