package dev.repofix.coverage;

import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * repofix: the JUnit Platform's hook (Jupiter, and JUnit 4 or TestNG run through their
 * Platform engines); registered through META-INF/services and compiled by repofix at run
 * time against the JUnit Platform's API, which the tests' class path provides.
 */
public final class RepofixCoverageListener implements TestExecutionListener {
    private static final String FRAMEWORK = "platform";

    @Override
    public void executionStarted(TestIdentifier test) {
        if (test.isTest()) {
            RepofixJacocoDump.started(FRAMEWORK);
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (test.isTest()) {
            RepofixJacocoDump.finished(FRAMEWORK, result.getStatus().name(), test.getUniqueId());
        }
    }
}
