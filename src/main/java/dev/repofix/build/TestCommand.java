package dev.repofix.build;

import java.util.Map;
import java.util.Objects;

/**
 * A shell command that runs a project's tests, plus the variables it needs.
 *
 * @param shell    run with {@code sh -c} at the repository root; shown to users as the reproduction command
 * @param extraEnv variables added to the clean environment (e.g. report options)
 */
public record TestCommand(String shell, Map<String, String> extraEnv) {
    public TestCommand {
        Objects.requireNonNull(shell, "shell");
        extraEnv = Map.copyOf(extraEnv);
    }
}
