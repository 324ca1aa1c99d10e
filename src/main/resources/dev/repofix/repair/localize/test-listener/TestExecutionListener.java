package org.junit.platform.launcher;

/** Compile-time stand-in for the JUnit Platform's interface; never packaged. */
public interface TestExecutionListener {
    default void executionStarted(TestIdentifier testIdentifier) {}

    default void executionFinished(TestIdentifier testIdentifier,
            org.junit.platform.engine.TestExecutionResult testExecutionResult) {}
}
