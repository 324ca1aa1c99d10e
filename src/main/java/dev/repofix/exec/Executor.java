package dev.repofix.exec;

/**
 * Runs commands: as local processes or in Docker containers. An executor may hold
 * resources (an engine connection, containers); {@link #close()} releases them and is
 * idempotent.
 *
 * <p>An executor that hands commands to other executors (a decorator, or a choice among
 * several) extends {@link ForwardingExecutor}, so that no method with a default here is
 * dropped on the way; {@code ExecutorForwardingTest} checks that every method is forwarded.
 */
public interface Executor extends AutoCloseable {
    /**
     * Runs {@code command} to completion or its timeout; never returns null.
     *
     * @throws ExecException when the command cannot be started at all
     */
    ExecResult run(Command command);

    /**
     * Starts {@code command} and leaves it running, for a long-lived helper such as a warm
     * test JVM; its timeout is not applied (the caller bounds each exchange and closes it).
     * Empty where this executor cannot keep a process to talk to (the default).
     *
     * @throws ExecException when the command cannot be started at all
     */
    default java.util.Optional<LiveProcess> start(Command command) {
        return java.util.Optional.empty();
    }

    /**
     * Where commands of {@code family} run, for the run record: {@code local}, or
     * {@code docker <image>}.
     */
    default String where(java.util.Optional<SandboxImage> family) {
        return "local";
    }

    /**
     * What confines the commands of {@code family} this executor runs: the executor that
     * actually runs them decides (with {@code --sandbox auto}, the one chosen for that image).
     * {@link SandboxKind#LOCAL} by default, so an executor that does not say is never taken
     * for a sandbox.
     */
    default SandboxKind sandboxKind(java.util.Optional<SandboxImage> family) {
        return SandboxKind.LOCAL;
    }

    /** Releases what this executor holds; nothing by default. */
    @Override
    default void close() {}
}
