package dev.repofix.env;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * What one project of the repository needs set up.
 *
 * @param kind          {@code python}, {@code maven}, {@code node}, {@code go}, {@code cargo}
 * @param folder        the project's folder, relative to the root ({@code ""} for the root)
 * @param identity      what besides its files makes the environment differ: the interpreter's path and version
 * @param definingFiles the files, relative to {@code folder}, whose contents define the environment
 * @param base          what the environment is when a {@code setup} replaces the detected steps ("python 3.9 venv")
 * @param description   one line for people: what is installed, and how
 * @param plan          the steps and exports, given the environment's folder
 */
record Recipe(String kind, String folder, String identity, List<String> definingFiles, String base,
        String description, Function<Path, Plan> plan) {
    Recipe {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(identity, "identity");
        definingFiles = List.copyOf(definingFiles);
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(plan, "plan");
    }

    /**
     * The set-up of one project in a given environment folder.
     *
     * @param prepare        commands that always run first (making the venv): a {@code setup} does not replace them
     * @param install        the detected commands that install what the project declares; a {@code setup} replaces them
     * @param setupVariables variables of every set-up command (where the tool puts what it downloads)
     * @param setupPath      folders before {@code PATH} for the set-up commands
     * @param testVariables  variables every test command gets, given the output of the {@code prepare} commands
     * @param testPath       folders before {@code PATH} for the test commands
     * @param sourceRoots    folders of the copy, relative to the root, first on {@code PYTHONPATH}
     * @param runner         commands that run last, after the install or a {@code setup}: the test runner the
     *                       build needs, installed only when neither brought it (a {@code setup} does not replace them)
     * @param fallback       what to run instead of an install command that failed in a known way, if anything
     */
    record Plan(List<String> prepare, List<String> install, Map<String, String> setupVariables, List<Path> setupPath,
            Function<String, Map<String, String>> testVariables, List<Path> testPath, List<String> sourceRoots,
            List<String> runner, Optional<Fallback> fallback) {
        Plan {
            Objects.requireNonNull(fallback, "fallback");
            prepare = List.copyOf(prepare);
            install = List.copyOf(install);
            runner = List.copyOf(runner);
            setupVariables = Map.copyOf(setupVariables);
            setupPath = List.copyOf(setupPath);
            Objects.requireNonNull(testVariables, "testVariables");
            testPath = List.copyOf(testPath);
            sourceRoots = List.copyOf(sourceRoots);
        }

        /** A plan with no fallback. */
        Plan(List<String> prepare, List<String> install, Map<String, String> setupVariables, List<Path> setupPath,
                Function<String, Map<String, String>> testVariables, List<Path> testPath, List<String> sourceRoots,
                List<String> runner) {
            this(prepare, install, setupVariables, setupPath, testVariables, testPath, sourceRoots, runner,
                    Optional.empty());
        }

        /** A plan whose build needs no test runner installed. */
        Plan(List<String> prepare, List<String> install, Map<String, String> setupVariables, List<Path> setupPath,
                Function<String, Map<String, String>> testVariables, List<Path> testPath, List<String> sourceRoots) {
            this(prepare, install, setupVariables, setupPath, testVariables, testPath, sourceRoots, List.of());
        }
    }

    /**
     * An install step for a failure that is the code's, not the environment's: a project that
     * does not compile stops Maven's resolution run before it resolves the plugins of later
     * phases, and the tests (without network in a sandbox) would then say a plugin is missing
     * instead of what does not compile. The environment {@code command} makes is used by this
     * run only, and set up again by the next: it lacks what only a compiled build resolves.
     *
     * @param when    what the failed command's output says when this applies
     * @param command what to run instead (with {@code {}} for the failed command)
     * @param said    what the environment then lacks, for people
     */
    record Fallback(Pattern when, String command, String said) {
        Fallback {
            Objects.requireNonNull(when, "when");
            Objects.requireNonNull(command, "command");
            Objects.requireNonNull(said, "said");
        }
    }
}
