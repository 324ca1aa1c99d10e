package dev.repofix.coverage;

import org.testng.ITestContext;
import org.testng.ITestListener;
import org.testng.ITestResult;

/**
 * repofix: TestNG's hook, which TestNG finds through META-INF/services
 * (org.testng.ITestNGListener) by itself. Compiled at run time against TestNG's API,
 * which the tests' class path provides; every method is implemented, as TestNG 6's
 * interface has no default methods.
 */
public final class RepofixTestNgListener implements ITestListener {
    private static final String FRAMEWORK = "testng";

    @Override
    public void onTestStart(ITestResult result) {
        RepofixJacocoDump.started(FRAMEWORK);
    }

    @Override
    public void onTestSuccess(ITestResult result) {
        finished(result, "SUCCESSFUL");
    }

    @Override
    public void onTestFailure(ITestResult result) {
        finished(result, "FAILED");
    }

    @Override
    public void onTestSkipped(ITestResult result) {
        finished(result, "ABORTED");
    }

    @Override
    public void onTestFailedButWithinSuccessPercentage(ITestResult result) {
        finished(result, "SUCCESSFUL");
    }

    @Override
    public void onStart(ITestContext context) {
        // nothing before a suite
    }

    @Override
    public void onFinish(ITestContext context) {
        // nothing after a suite
    }

    private static void finished(ITestResult result, String outcome) {
        RepofixJacocoDump.finished(FRAMEWORK, outcome,
                result.getTestClass().getName() + "#" + result.getMethod().getMethodName());
    }
}
