package dev.repofix.exec;

/**
 * What confines a command an {@link Executor} runs: what validation decides by when a patch
 * edits a build file that runs code (see {@code patch.ProtectedPaths}).
 */
public enum SandboxKind {
    /** A local process: the clean environment only; it runs as the user on this machine. */
    LOCAL,
    /** A Docker container: no network, only the workspace copy mounted, capped resources. */
    DOCKER
}
