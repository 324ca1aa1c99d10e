package dev.repofix.coverage;

import java.lang.reflect.Method;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * repofix: dumps JaCoCo's execution data after each test, as a session named by the
 * test's outcome and unique id, and resets it; what runs between tests goes to a session
 * named "-". Registered through META-INF/services; compiled by repofix at run time
 * against the JUnit Platform's API, which the tests' class path provides. JaCoCo is
 * reached by reflection: without its agent this listener does nothing.
 */
public final class RepofixCoverageListener implements TestExecutionListener {
    private final Object agent;
    private final Method setSessionId;
    private final Method dump;

    public RepofixCoverageListener() {
        Object a = null;
        Method s = null;
        Method d = null;
        try {
            Class<?> api = Class.forName("org.jacoco.agent.rt.IAgent");
            a = Class.forName("org.jacoco.agent.rt.RT").getMethod("getAgent").invoke(null);
            s = api.getMethod("setSessionId", String.class);
            d = api.getMethod("dump", boolean.class);
        } catch (Throwable e) {
            a = null;
        }
        agent = a;
        setSessionId = s;
        dump = d;
    }

    @Override
    public void executionStarted(TestIdentifier test) {
        if (test.isTest()) {
            dumpAs("-");
        }
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (test.isTest()) {
            dumpAs(result.getStatus().name() + " " + test.getUniqueId());
        }
    }

    private synchronized void dumpAs(String session) {
        if (agent == null) {
            return;
        }
        try {
            setSessionId.invoke(agent, session);
            dump.invoke(agent, true);
        } catch (Throwable e) {
            // a failed dump loses one test's spectrum; it must not fail the test run
        }
    }
}
