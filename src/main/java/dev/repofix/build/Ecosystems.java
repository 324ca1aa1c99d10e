package dev.repofix.build;

import dev.repofix.build.Ecosystem.Detection;
import dev.repofix.workspace.Language;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * The ecosystems repofix recognises, one {@link Ecosystem} row each, in the order they
 * are asked: the first row of a language that detects a folder runs that folder's tests
 * in that language (Maven before Gradle, unittest before pytest). The standard rows are
 * the one place that lists them.
 */
public final class Ecosystems {

    private static final Ecosystems STANDARD = new Ecosystems(List.of(
            new Ecosystem("Maven", Language.JAVA.key(), "pom.xml", MavenBuild::detect, MavenBuild.TEST_PATHS, folder -> new MavenBuild()),
            new Ecosystem("unittest", Language.PYTHON.key(), "test_*.py of unittest.TestCase classes with nothing pointing "
                    + "at pytest (configuration, requirements, tox, nox, Makefile, CI)", UnittestBuild::detect, PytestBuild.TEST_PATHS, folder -> new UnittestBuild()),
            new Ecosystem("pytest", Language.PYTHON.key(), String.join(", ", PytestBuild.MARKERS) + ", test_*.py, *_test.py",
                    PytestBuild::detect, PytestBuild.TEST_PATHS, folder -> new PytestBuild()),
            new Ecosystem("Gradle", Language.JAVA.key(), String.join(", ", GradleBuild.BUILD_FILES), GradleBuild::detect,
                    GradleBuild.TEST_PATHS, folder -> new GradleBuild()),
            new Ecosystem("npm", Language.JAVASCRIPT.key(), "package.json", Ecosystem.Detector.buildFiles(List.of("package.json")),
                    NodeBuild.TEST_PATHS, NodeBuild::forFolder),
            new Ecosystem("Cargo", Language.RUST.key(), "Cargo.toml", Ecosystem.Detector.buildFiles(List.of("Cargo.toml")),
                    CargoBuild.TEST_PATHS, folder -> new CargoBuild()),
            new Ecosystem("Go", Language.GO.key(), "go.mod", Ecosystem.Detector.buildFiles(List.of("go.mod")), GoBuild.TEST_PATHS,
                    folder -> new GoBuild())));

    private final List<Ecosystem> rows;

    public Ecosystems(List<Ecosystem> rows) {
        this.rows = List.copyOf(Objects.requireNonNull(rows, "rows"));
    }

    /** Every ecosystem repofix recognises. */
    public static Ecosystems standard() {
        return STANDARD;
    }

    public List<Ecosystem> rows() {
        return rows;
    }

    /**
     * The rows that detect {@code folder} at least as surely as {@code atLeast}, the
     * first of each language only, in row order.
     */
    public List<Ecosystem> detectedIn(Path folder, Detection atLeast) {
        List<Ecosystem> found = new ArrayList<>();
        for (Ecosystem row : rows) {
            boolean languageTaken = found.stream().anyMatch(f -> f.language().equals(row.language()));
            if (!languageTaken && row.detect(folder).compareTo(atLeast) >= 0) {
                found.add(row);
            }
        }
        return found;
    }

    /** The test-path rules of every row of {@code language}; empty (nothing is a test) when no row has it. */
    public Predicate<String> testPathsOf(String language) {
        List<TestPathRules> rules = rows.stream().filter(r -> r.language().equals(language)).map(Ecosystem::testPaths)
                .distinct().toList();
        return path -> rules.stream().anyMatch(r -> r.isTestPath(path));
    }

    /** Whether some row is of {@code language}. */
    public boolean knows(String language) {
        return rows.stream().anyMatch(r -> r.language().equals(language));
    }

    /** What the rows look for, for people: {@code pom.xml (Maven), pytest.ini, ... (pytest), ...}. */
    public String lookedFor() {
        return String.join("; ", rows.stream().map(r -> r.lookedFor() + " (" + r.name() + ")").toList());
    }
}
