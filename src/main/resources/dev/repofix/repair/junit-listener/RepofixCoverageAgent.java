package dev.repofix.coverage;

/**
 * repofix: the listener jar is given to the JVM as an agent only so that the JVM puts it on
 * the system class path, where the JUnit Platform finds the listener; it instruments nothing.
 * A class of its own, so that a JVM without JUnit (Maven's own) never loads the listener.
 */
public final class RepofixCoverageAgent {
    private RepofixCoverageAgent() {}

    public static void premain(String args) {
        // nothing to do: being on the class path is the point
    }
}
