package dev.repofix.exec;

/**
 * Runs commands: as local processes or in Docker containers. An executor may hold
 * resources (an engine connection, containers); {@link #close()} releases them and is
 * idempotent.
 */
public interface Executor extends AutoCloseable {
    /**
     * Runs {@code command} to completion or its timeout; never returns null.
     *
     * @throws ExecException when the command cannot be started at all
     */
    ExecResult run(Command command);

    /**
     * Where commands of {@code family} run, for the run record: {@code local}, or
     * {@code docker <image>}.
     */
    default String where(java.util.Optional<SandboxImage> family) {
        return "local";
    }

    /** Releases what this executor holds; nothing by default. */
    @Override
    default void close() {}
}
