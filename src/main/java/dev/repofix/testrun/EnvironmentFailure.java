package dev.repofix.testrun;

import java.util.Objects;

/**
 * A failure of the environment, not of the code: something outside the repository (a
 * module, a distribution, a dependency) is missing, so the test (or the build) failed
 * before the code under test could be judged. Never a target of a fix.
 *
 * @param test    the id of the test that failed; empty when the build itself failed (a
 *                dependency Maven could not resolve) and no test reported
 * @param kind    what kind of thing is missing
 * @param missing its name as the failure gave it: a module, a distribution, a class, an artifact's coordinates
 * @param said    the line of the failure that says it (untrusted text from the run)
 * @param setup   a set-up command that would install it, for the {@code setup} key of {@code .repofix.yml}
 */
public record EnvironmentFailure(String test, Kind kind, String missing, String said, String setup) {
    public EnvironmentFailure {
        Objects.requireNonNull(test, "test");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(missing, "missing");
        Objects.requireNonNull(said, "said");
        Objects.requireNonNull(setup, "setup");
    }

    /** What kind of thing is missing, named for people. */
    public enum Kind {
        PYTHON_MODULE("Python module"),
        PYTHON_DISTRIBUTION("Python distribution"),
        JAVA_CLASS("Java class of a dependency"),
        MAVEN_ARTIFACT("Maven artifact"),
        GRADLE_DEPENDENCY("Gradle dependency"),
        NODE_PACKAGE("npm package"),
        GO_MODULE("Go module"),
        RUST_CRATE("crate");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Whether the build failed, not a test. */
    public boolean ofBuild() {
        return test.isEmpty();
    }
}
