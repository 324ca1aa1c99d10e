package dev.repofix.coverage;

import java.util.Collections;
import java.util.HashSet;
import java.util.Set;
import org.junit.runner.Description;
import org.junit.runner.notification.Failure;

/**
 * repofix: JUnit 4's hook, told of every test event that any RunNotifier fires (Surefire's
 * JUnit 4 providers, JUnitCore, the vintage engine) by {@link RepofixJUnit4Hook}. Compiled
 * at run time against JUnit 4's API, which the tests' class path provides.
 */
final class RepofixJUnit4Listener {
    private static final String FRAMEWORK = "junit4";
    private static final Set<Description> FAILED = Collections.synchronizedSet(new HashSet<Description>());
    private static final Set<Description> SKIPPED = Collections.synchronizedSet(new HashSet<Description>());

    private RepofixJUnit4Listener() {}

    static void started(Object description) {
        RepofixJacocoDump.started(FRAMEWORK);
    }

    static void failed(Object failure) {
        FAILED.add(((Failure) failure).getDescription());
    }

    static void assumptionFailed(Object failure) {
        SKIPPED.add(((Failure) failure).getDescription());
    }

    static void finished(Object description) {
        Description test = (Description) description;
        String outcome = FAILED.remove(test) ? "FAILED" : SKIPPED.remove(test) ? "ABORTED" : "SUCCESSFUL";
        RepofixJacocoDump.finished(FRAMEWORK, outcome, test.getClassName() + "#" + test.getMethodName());
    }
}
