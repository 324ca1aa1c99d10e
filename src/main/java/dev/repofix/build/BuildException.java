package dev.repofix.build;

import dev.repofix.config.RepofixException;

/** No usable build or test command for a repository. */
public final class BuildException extends RepofixException {
    private static final long serialVersionUID = 1L;

    public BuildException(String message) {
        super(ErrorKind.INPUT, message);
    }
}
