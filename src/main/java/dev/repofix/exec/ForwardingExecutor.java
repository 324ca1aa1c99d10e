package dev.repofix.exec;

import java.util.List;
import java.util.Optional;

/**
 * The base of every executor that hands commands to other executors (a decorator, or a
 * choice among several): each method of {@link Executor} goes to {@link #delegate} for the
 * command's image, and {@link #close()} closes every delegate, so a decorator cannot drop
 * a behaviour by forgetting a method that has a default (as {@code --sandbox auto} once
 * forgot {@link #start}, and with it screening in the warm JVM). A subclass says only whom
 * it forwards to; it overrides a method only to add to it.
 */
public abstract class ForwardingExecutor implements Executor {
    private final List<Executor> delegates;

    /** @param delegates every executor this one may forward to; {@link #close()} closes each */
    protected ForwardingExecutor(List<? extends Executor> delegates) {
        this.delegates = List.copyOf(delegates);
    }

    /** The executor that runs commands of {@code family}: one of those given to the constructor. */
    protected abstract Executor delegate(Optional<SandboxImage> family);

    @Override
    public ExecResult run(Command command) {
        return delegate(command.image()).run(command);
    }

    @Override
    public Optional<LiveProcess> start(Command command) {
        return delegate(command.image()).start(command);
    }

    @Override
    public String where(Optional<SandboxImage> family) {
        return delegate(family).where(family);
    }

    @Override
    public SandboxKind sandboxKind(Optional<SandboxImage> family) {
        return delegate(family).sandboxKind(family);
    }

    /** Closes every delegate, in order, each even when one before it failed (the first failure is thrown). */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (Executor e : delegates) {
            try {
                e.close();
            } catch (RuntimeException closeFailed) {
                if (failure == null) {
                    failure = closeFailed;
                } else {
                    failure.addSuppressed(closeFailed);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
