package dev.repofix.pipeline;

import dev.repofix.config.Durations;
import dev.repofix.config.RepofixException;
import dev.repofix.exec.Cancellation;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Runs a step that has no time limit of its own in total (a clone whose server trickles
 * data, a model retried for minutes) within what is left of the run's budget. At the
 * limit the step's thread is interrupted (the JDK's HTTP client gives up on that) and the
 * run goes on without waiting for it; what the step still returns after that is handed
 * to {@code late} to be closed. A cancellation (Ctrl-C) ends the wait as well.
 */
final class BudgetedCall {
    private static final long POLL_MILLIS = 200;

    private final Cancellation cancellation;

    BudgetedCall(Cancellation cancellation) {
        this.cancellation = Objects.requireNonNull(cancellation, "cancellation");
    }

    /**
     * @param what   the step, named in the error
     * @param hint   what to check besides the budget, for the error message
     * @param limit  what is left of {@code --timeout}
     * @param late   receives a result that arrives after the wait ended
     * @throws RepofixException (runtime) when the limit is reached; the step's own exception as it was thrown
     */
    <T> T call(String what, String hint, Duration limit, Supplier<T> body, Consumer<T> late) {
        return call(what, what, hint, limit, body, late);
    }

    /** As {@link #call(String, String, Duration, Supplier, Consumer)}, the step named {@code label} in the error. */
    <T> T call(String what, String label, String hint, Duration limit, Supplier<T> body, Consumer<T> late) {
        CompletableFuture<T> future = new CompletableFuture<>();
        Thread worker = Thread.ofPlatform().daemon().name("repofix-" + what).unstarted(() -> {
            try {
                future.complete(body.get());
            } catch (Throwable t) {
                future.completeExceptionally(t);
            }
        });
        worker.start();
        long deadline = System.nanoTime() + limit.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                try {
                    return future.get(Math.min(TimeUnit.NANOSECONDS.toMillis(left) + 1, POLL_MILLIS),
                            TimeUnit.MILLISECONDS);
                } catch (TimeoutException e) {
                    if (cancellation.isCancelled()) {
                        break; // the pipeline reports the cancellation
                    }
                }
            }
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        worker.interrupt();
        future.thenAccept(late);
        if (cancellation.isCancelled() || Thread.currentThread().isInterrupted()) {
            throw new RepofixException(RepofixException.ErrorKind.RUNTIME, label + " was stopped: "
                    + cancellation.reason().orElse("interrupted"));
        }
        throw new OutOfTime(label + " did not finish within what was left of the run's time budget ("
                + Durations.format(limit) + "); raise --timeout, or " + hint);
    }

    /** The step was still running when what was left of the run's budget ran out. */
    static final class OutOfTime extends RepofixException {
        private static final long serialVersionUID = 1L;

        OutOfTime(String message) {
            super(ErrorKind.RUNTIME, message);
        }
    }

    private static RuntimeException rethrown(Throwable cause) {
        if (cause instanceof RuntimeException r) {
            return r;
        }
        if (cause instanceof Error e) {
            throw e;
        }
        return new IllegalStateException(cause);
    }
}
