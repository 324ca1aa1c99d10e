package dev.repofix.coverage;

/**
 * repofix: called first thing in JUnit 4's RunNotifier.fireTestStarted, fireTestFailure,
 * fireTestAssumptionFailed and fireTestFinished (the agent rewrites them so), with their
 * argument. A class that names no JUnit type, so that JUnit 4 from a class loader that
 * cannot see repofix's listener is left alone rather than broken. Hooking the notifier's
 * methods rather than adding a listener in its constructor: a subclass (Surefire's
 * Notifier) may override addListener and use fields it has not set yet.
 */
public final class RepofixJUnit4Hook {
    private RepofixJUnit4Hook() {}

    public static void started(Object description) {
        try {
            RepofixJUnit4Listener.started(description);
        } catch (Throwable e) {
            // no spectrum for this test; the test run goes on
        }
    }

    public static void failed(Object failure) {
        try {
            RepofixJUnit4Listener.failed(failure);
        } catch (Throwable e) {
            // no spectrum for this test; the test run goes on
        }
    }

    public static void assumptionFailed(Object failure) {
        try {
            RepofixJUnit4Listener.assumptionFailed(failure);
        } catch (Throwable e) {
            // no spectrum for this test; the test run goes on
        }
    }

    public static void finished(Object description) {
        try {
            RepofixJUnit4Listener.finished(description);
        } catch (Throwable e) {
            // no spectrum for this test; the test run goes on
        }
    }
}
