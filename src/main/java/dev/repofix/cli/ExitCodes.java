package dev.repofix.cli;

/** The process exit codes, a contract with CI scripts. */
public final class ExitCodes {
    /** The tests pass, or a VALID patch was found. */
    public static final int OK = 0;
    /** Tests fail (or the build is broken, or a stage could not answer) and no valid patch was found. */
    public static final int NOT_FIXED = 1;
    /** Bad flags or input: a path that is no repository, no build, no tests. */
    public static final int USAGE = 2;
    /**
     * The run could not finish: repofix or its environment failed (status ERROR), or it was
     * interrupted (CANCELLED). The report says where and keeps what was reached.
     */
    public static final int ERROR = 3;

    private ExitCodes() {}
}
