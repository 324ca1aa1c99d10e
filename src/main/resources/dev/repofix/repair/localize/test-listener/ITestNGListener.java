package org.testng;

/** Compile-time stand-in for the test framework's type; never packaged. */
public interface ITestNGListener {}
