package dev.repofix.env;

import dev.repofix.build.BuildSystem;
import java.nio.file.Path;

/**
 * Prepares, once per run and with network, the environment a repository's tests need:
 * the detected steps of its build (or the {@code setup} commands it names), cached across
 * runs by the files that define it.
 */
@FunctionalInterface
public interface EnvironmentPreparer {
    /** Nothing is prepared: tests run with what the machine has. */
    EnvironmentPreparer NONE = (root, build) -> PreparedEnvironment.none();

    /**
     * The environment of the repository checked out at {@code root}, whose tests {@code build} runs.
     *
     * @throws EnvironmentException when the set-up fails or no interpreter satisfies the project
     */
    PreparedEnvironment prepare(Path root, BuildSystem build);
}
