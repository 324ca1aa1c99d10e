package org.junit.runner;

/** Compile-time stand-in for the test framework's type; never packaged. */
public class Description {
    public String getClassName() {
        throw new UnsupportedOperationException();
    }

    public String getMethodName() {
        throw new UnsupportedOperationException();
    }
}
