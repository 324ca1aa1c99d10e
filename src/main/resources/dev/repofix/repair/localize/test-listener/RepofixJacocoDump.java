package dev.repofix.coverage;

import java.lang.reflect.Method;

/**
 * repofix: dumps JaCoCo's execution data as a session named after a test, and resets it.
 * JaCoCo is reached by reflection: without its agent nothing is dumped. Only one test
 * framework's hook owns a test at a time: under the JUnit Platform, the vintage engine's
 * JUnit 4 notifier and the TestNG engine's listeners see the same test again, and a second
 * dump would split its data into an empty session.
 */
public final class RepofixJacocoDump {
    private static final Object AGENT;
    private static final Method SET_SESSION_ID;
    private static final Method DUMP;
    /** The framework whose test is running, or null between tests. */
    private static String owner;

    static {
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
        AGENT = a;
        SET_SESSION_ID = s;
        DUMP = d;
    }

    private RepofixJacocoDump() {}

    /** A test starts: what ran since the last test goes to the session "-". */
    public static synchronized void started(String framework) {
        if (owner == null) {
            owner = framework;
            dumpAs("-");
        }
    }

    /**
     * A test ended with {@code outcome} (SUCCESSFUL, FAILED or ABORTED): its data goes to
     * the session "outcome id".
     */
    public static synchronized void finished(String framework, String outcome, String id) {
        if (framework.equals(owner)) {
            owner = null;
            dumpAs(outcome + " " + id);
        }
    }

    private static void dumpAs(String session) {
        if (AGENT == null) {
            return;
        }
        try {
            SET_SESSION_ID.invoke(AGENT, session);
            DUMP.invoke(AGENT, true);
        } catch (Throwable e) {
            // a failed dump loses one test's spectrum; it must not fail the test run
        }
    }
}
