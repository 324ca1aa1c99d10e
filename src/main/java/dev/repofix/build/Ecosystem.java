package dev.repofix.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * One row of the {@link Ecosystems} registry: an ecosystem repofix recognises, how a
 * folder gives it away and the build that runs its tests there. Adding an ecosystem is
 * one class per concern (its {@link BuildSystem}, its report parser and frame dialect
 * in testrun when its reports or traces are new) and one row.
 *
 * @param name      for people, e.g. "Maven", "pytest"; names the ecosystem in errors
 * @param language  the language of its code, a {@link dev.repofix.workspace.Language#key()} and a key of
 *                  {@link TestPathRules#of(String...)}: "java", "python", ...;
 *                  a folder runs one ecosystem per language (the first row that detects it)
 * @param lookedFor what {@code detector} looks for, for the error when nothing is found, e.g. "pom.xml"
 * @param detector  whether a folder holds a project of this ecosystem; looks at files only
 * @param testPaths which repository paths are its test code (what its build's {@link BuildSystem#isTestPath} answers)
 * @param build     makes the build that runs the tests of the project in the given folder (one the
 *                  detector accepted); the build's methods take that folder again as their root
 */
public record Ecosystem(String name, String language, String lookedFor, Detector detector, TestPathRules testPaths,
        Function<Path, BuildSystem> build) {
    public Ecosystem {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(lookedFor, "lookedFor");
        Objects.requireNonNull(detector, "detector");
        Objects.requireNonNull(testPaths, "testPaths");
        Objects.requireNonNull(build, "build");
    }

    /** How sure a detector is that a folder is a project of its ecosystem. */
    public enum Detection {
        /** Not a project of this ecosystem. */
        NONE,
        /** Only test sources give it away (pytest's {@code test_*.py} somewhere below): counted when nothing else is found. */
        TEST_SOURCES,
        /** A build or settings file of the ecosystem sits in the folder itself ({@code pom.xml}, {@code pytest.ini}). */
        BUILD_FILE
    }

    /** Tells whether a folder holds a project of one ecosystem. Reads files only; never null. */
    @FunctionalInterface
    public interface Detector {
        Detection detect(Path folder);

        /** Detects by any of {@code files} in the folder itself. */
        static Detector buildFiles(List<String> files) {
            List<String> names = List.copyOf(files);
            return folder -> names.stream().anyMatch(f -> Files.isRegularFile(folder.resolve(f)))
                    ? Detection.BUILD_FILE : Detection.NONE;
        }
    }

    /**
     * An ecosystem recognised by its build files but not run yet: detecting it makes
     * {@link #build} fail with a {@link BuildException} that names the file and asks for
     * {@code --test-cmd}.
     */
    public static Ecosystem notYet(String name, String language, TestPathRules testPaths, List<String> buildFiles) {
        List<String> files = List.copyOf(buildFiles);
        return new Ecosystem(name, language, String.join(", ", files), Detector.buildFiles(files), testPaths, folder -> {
            String found = files.stream().filter(f -> Files.isRegularFile(folder.resolve(f))).findFirst()
                    .orElse(files.get(0));
            throw new BuildException(name + " projects (" + found + ") are not supported yet; pass --test-cmd with a "
                    + "command that runs the tests and writes JUnit XML reports");
        });
    }

    /** What this ecosystem makes of {@code folder}. */
    public Detection detect(Path folder) {
        return detector.detect(folder);
    }
}
