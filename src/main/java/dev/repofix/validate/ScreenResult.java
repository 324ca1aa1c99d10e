package dev.repofix.validate;

import dev.repofix.testrun.TestStatus;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/** What screening one candidate found. */
public sealed interface ScreenResult {
    /**
     * The tests ran.
     *
     * @param statuses each test run, as {@code class#method} (a class that failed as a
     *                 whole as its name alone), with its status
     * @param messages the failures' messages and traces, by the same names
     * @param build    compiling the patched files
     * @param elapsed  the whole screening, the build included
     */
    record Ran(Map<String, TestStatus> statuses, Map<String, String> messages, Duration build, Duration elapsed)
            implements ScreenResult {
        public Ran {
            statuses = Map.copyOf(statuses);
            messages = Map.copyOf(messages);
            Objects.requireNonNull(build, "build");
            Objects.requireNonNull(elapsed, "elapsed");
        }
    }

    /** The compiler rejected the patched files: {@code errors}, one per line. */
    record CompileFailed(String errors, Duration build) implements ScreenResult {
        public CompileFailed {
            Objects.requireNonNull(errors, "errors");
            Objects.requireNonNull(build, "build");
        }
    }

    /** The tests did not finish within {@code limit}; the screening JVM was killed. */
    record TimedOut(Duration limit, Duration elapsed) implements ScreenResult {
        public TimedOut {
            Objects.requireNonNull(limit, "limit");
            Objects.requireNonNull(elapsed, "elapsed");
        }
    }

    /** Screening cannot judge this candidate ({@code why}): the full run decides. */
    record Inconclusive(String why, Duration elapsed) implements ScreenResult {
        public Inconclusive {
            Objects.requireNonNull(why, "why");
            Objects.requireNonNull(elapsed, "elapsed");
        }
    }
}
