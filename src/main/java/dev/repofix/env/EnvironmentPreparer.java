package dev.repofix.env;

import dev.repofix.build.BuildSystem;
import java.nio.file.Path;
import java.util.Optional;

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

    /**
     * The same, where {@code gitFolder} (when present) is a Git folder of the checkout's commit
     * that the set-up's copy of the project gets as its {@code .git}: build tools that read the
     * project's version from Git (setuptools-scm and the like) fail without one, or install a
     * placeholder version the tests then see.
     */
    default PreparedEnvironment prepare(Path root, BuildSystem build, Optional<Path> gitFolder) {
        return prepare(root, build);
    }
}
