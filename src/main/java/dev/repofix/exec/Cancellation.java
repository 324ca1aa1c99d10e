package dev.repofix.exec;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Whether the person or the CI system has asked the run to stop (Ctrl-C, a cancelled
 * job). Set once, from any thread; read by the pipeline between steps and by executors
 * before they start a command, so that what a killed command left behind is reported as
 * a cancellation, not as a broken build.
 */
public final class Cancellation {
    private final AtomicReference<String> reason = new AtomicReference<>();

    /** Asks the run to stop; the first reason given is kept. */
    public void cancel(String why) {
        reason.compareAndSet(null, why);
    }

    public boolean isCancelled() {
        return reason.get() != null;
    }

    /** Why the run was cancelled; empty while it was not. */
    public Optional<String> reason() {
        return Optional.ofNullable(reason.get());
    }
}
