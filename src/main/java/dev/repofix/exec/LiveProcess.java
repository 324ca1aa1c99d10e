package dev.repofix.exec;

import java.io.BufferedReader;
import java.io.Writer;

/**
 * A command started by an {@link Executor} that keeps running and talks over its
 * standard input and output lines (stderr is discarded). {@link #close()} kills it and
 * everything it started, and is idempotent.
 */
public interface LiveProcess extends AutoCloseable {
    /** Its standard input. */
    Writer input();

    /** Its standard output, line by line. */
    BufferedReader output();

    /** Whether it is still running. */
    boolean isAlive();

    @Override
    void close();
}
