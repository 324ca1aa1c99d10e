package dev.repofix.cli;

/** The process exit codes, a contract with CI scripts. */
public final class ExitCodes {
    /** The tests pass, or a VALID patch was found. */
    public static final int OK = 0;
    /** Tests fail (or the build is broken) and no valid patch was found; also unexpected errors. */
    public static final int NOT_FIXED = 1;
    /** Bad flags or input: a path that is no repository, no build, no tests. */
    public static final int USAGE = 2;

    private ExitCodes() {}
}
