package dev.repofix.testrun;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Puts a run of the whole suite (the baseline) under per-test coverage where the build
 * allows it, so that the one run gives both the test results and the coverage that
 * localization reads: the same shell command, with variables added that load the
 * coverage tool. The results the run reports are read as from a plain run.
 */
public interface TestInstrumentation {
    /**
     * How {@code command} runs instrumented in {@code dir} (a copy of {@code files}' tree),
     * or why it runs plain. Never throws for what the repository does.
     *
     * @param project     the repository as the run names it (its URL or path): what earlier
     *                    runs of the same project measured is looked up by it
     * @param environment what the run's set-up prepared, in which the tool's own commands run
     */
    Instrumented instrument(String project, Path dir, BuildSystem build, TestCommand command, FileIndex files,
            PreparedEnvironment environment);

    /**
     * What the instrumentation cost, once a plain run of the same suite has been timed (the
     * fix's full run), for the run's notes; later runs of {@code project} read it back to
     * choose. Empty when there is nothing to say.
     *
     * @param instrumented the instrumented baseline's time
     * @param plain        a plain run of the same suite
     */
    default Optional<String> measured(String project, BuildSystem build, Duration instrumented, Duration plain) {
        return Optional.empty();
    }

    /** Whether a run is instrumented, and how or why not. */
    sealed interface Instrumented {
        /**
         * @param command the command to run: the given shell, with variables added
         * @param how     the tool, for people
         */
        record On(TestCommand command, String how) implements Instrumented {
            public On {
                Objects.requireNonNull(command, "command");
                Objects.requireNonNull(how, "how");
            }
        }

        /** @param why why the run is plain, for the run's notes; blank when there is nothing to say */
        record Off(String why) implements Instrumented {
            public Off {
                Objects.requireNonNull(why, "why");
            }
        }
    }

    /** No instrumentation, nothing to say (an engine that reads no coverage). */
    static TestInstrumentation none() {
        return (project, dir, build, command, files, environment) -> new Instrumented.Off("");
    }
}
