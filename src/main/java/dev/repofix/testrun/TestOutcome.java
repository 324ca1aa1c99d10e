package dev.repofix.testrun;

import dev.repofix.exec.ExecResult;

/** How one run of a test command ended. Closed: switch over it exhaustively. */
public sealed interface TestOutcome {
    /** The command's result: exit code or timeout, output, time. */
    ExecResult exec();

    /** Tests ran and reported; some may have failed. */
    record Completed(TestRun run, ExecResult exec) implements TestOutcome {}

    /** The command failed before any test reported (compilation, dependency resolution, collection). */
    record BuildFailed(ExecResult exec) implements TestOutcome {}

    /** The command succeeded but no test ran. */
    record NoTests(ExecResult exec) implements TestOutcome {}

    /** The command was killed at its time limit. */
    record TimedOut(ExecResult exec) implements TestOutcome {}
}
