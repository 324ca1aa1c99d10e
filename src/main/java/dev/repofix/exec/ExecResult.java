package dev.repofix.exec;

import java.time.Duration;
import java.util.Objects;

/**
 * How a command ended, its (capped) output, stdout and stderr interleaved, and how long it took.
 *
 * @param outcome exited with a code, or killed at the timeout
 * @param output  combined output; when longer than the cap, head and tail with a marker between
 * @param elapsed wall-clock time
 */
public record ExecResult(Outcome outcome, String output, Duration elapsed) {
    public ExecResult {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(output, "output");
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /** True when the process exited with code 0. */
    public boolean succeeded() {
        return outcome instanceof Outcome.Exited e && e.code() == 0;
    }

    /** The closed set of ways a command can end. */
    public sealed interface Outcome {
        /** The process exited by itself with {@code code}. */
        record Exited(int code) implements Outcome {}

        /** The process tree was killed after {@code limit}. */
        record TimedOut(Duration limit) implements Outcome {}
    }
}
