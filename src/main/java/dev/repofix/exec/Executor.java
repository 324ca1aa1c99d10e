package dev.repofix.exec;

/** Runs commands: a local process now, a Docker container later. */
public interface Executor {
    /**
     * Runs {@code command} to completion or its timeout; never returns null.
     *
     * @throws ExecException when the command cannot be started at all
     */
    ExecResult run(Command command);
}
