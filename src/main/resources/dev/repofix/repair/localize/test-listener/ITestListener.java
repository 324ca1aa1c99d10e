package org.testng;

/** Compile-time stand-in for the test framework's type; never packaged. */
public interface ITestListener extends ITestNGListener {
    void onTestStart(ITestResult result);

    void onTestSuccess(ITestResult result);

    void onTestFailure(ITestResult result);

    void onTestSkipped(ITestResult result);

    void onTestFailedButWithinSuccessPercentage(ITestResult result);

    void onStart(ITestContext context);

    void onFinish(ITestContext context);
}
