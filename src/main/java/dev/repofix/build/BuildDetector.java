package dev.repofix.build;

import dev.repofix.build.Ecosystem.Detection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Picks the build system of a repository from its files, asking the {@link Ecosystems}
 * rows in order. Projects are looked for at the root and in each first-level folder
 * (a Java backend in {@code backend/pom.xml} beside a Python tool in
 * {@code tools/pyproject.toml}); several give a {@link MultiBuild}.
 */
public final class BuildDetector {
    private static final Logger LOG = LoggerFactory.getLogger(BuildDetector.class);
    /** First-level folders that hold no project of the repository's own: tools', outputs, samples, test data. */
    private static final Set<String> NOT_PROJECTS = Set.of("node_modules", "target", "build", "dist", "out", "vendor",
            "venv", "env", "examples", "example", "samples", "docs", "doc", "test", "tests", "testdata", "fixtures");

    private final Ecosystems ecosystems;

    public BuildDetector(Ecosystems ecosystems) {
        this.ecosystems = Objects.requireNonNull(ecosystems, "ecosystems");
    }

    /** Detects every ecosystem repofix recognises. */
    public BuildDetector() {
        this(Ecosystems.standard());
    }

    /**
     * The build at {@code root}. Projects are those with a build file at the root (one per
     * language; beside the first, only one with test files of its own) and those with a build file in a first-level folder in a language the root
     * has none of (a root {@code pom.xml}'s module folders are its modules); failing
     * those, one found by its test sources alone (pytest's {@code test_*.py}). One project
     * at the root is returned as its build; several, or one in a folder, as a
     * {@link MultiBuild}. With a test command given, that command runs the tests from the
     * root, read by the root's build, or, for an unknown build (or one recognised but not
     * run yet), from JUnit XML in the usual places.
     *
     * @throws BuildException when nothing runnable is recognised and no command is given
     */
    public BuildSystem detect(Path root, Optional<String> testCommand) {
        if (testCommand.isPresent()) {
            return withCommand(root, testCommand.get());
        }
        List<Found> found = projects(root);
        List<MultiBuild.Part> parts = new ArrayList<>();
        BuildException notRunnable = null;
        List<String> notTested = new ArrayList<>();
        for (Found f : found) {
            try {
                parts.add(new MultiBuild.Part(f.folder(), f.row().build().apply(f.folder().isEmpty() ? root
                        : root.resolve(f.folder()))));
            } catch (BuildException e) {
                // Recognised, not run yet: the other projects still run.
                notRunnable = notRunnable == null ? e : notRunnable;
                notTested.add((f.folder().isEmpty() ? "the root" : f.folder() + "/") + ": " + e.getMessage());
            }
        }
        if (parts.size() == 1 && parts.get(0).folder().isEmpty()) {
            return parts.get(0).build();
        }
        if (!parts.isEmpty()) {
            notTested.forEach(why -> LOG.warn("not testing {}", why));
            return new MultiBuild(parts);
        }
        if (notRunnable != null) {
            throw notRunnable;
        }
        throw new BuildException("no build found: looked for " + ecosystems.lookedFor() + ", at the root and in each "
                + "first-level folder; pass --test-cmd with a command that runs the tests and writes JUnit XML reports");
    }

    /**
     * What gives the build at {@code root} away, for people: each ecosystem detected at the root
     * with the build files of it found there ({@code Maven, pom.xml}), or with its test files when
     * only those give it away; for projects in first-level folders only, those folders.
     */
    public String evidence(Path root) {
        List<String> out = new ArrayList<>();
        for (Ecosystem row : ecosystems.detectedIn(root, Detection.TEST_SOURCES)) {
            List<String> files = java.util.Arrays.stream(row.lookedFor().split(",\\s*"))
                    .filter(f -> f.matches("[\\w.-]+") && Files.isRegularFile(root.resolve(f))).toList();
            out.add(row.name() + ", " + (files.isEmpty() ? "its test files" : String.join(", ", files)));
        }
        if (out.isEmpty()) {
            for (Found f : projects(root)) {
                out.add(f.row().name() + " in " + f.folder() + "/");
            }
        }
        return String.join("; ", out);
    }

    /**
     * The user's own command runs the tests, from the root, wherever it changes folder to
     * ({@code cd backend && pytest}). The build that reads its reports is the build of the
     * test tool the command runs ({@code python3 -m pytest}: pytest, even where the files
     * gave unittest away; the detected build when it is that tool's); for a command whose
     * tool is not told from its words, the first runnable build the root gives away, even
     * by test sources below it; else a custom build.
     */
    private BuildSystem withCommand(Path root, String command) {
        Optional<CommandTool> tool = CommandTool.of(command);
        for (Ecosystem row : ecosystems.detectedIn(root, Detection.TEST_SOURCES)) {
            try {
                BuildSystem detected = row.build().apply(root);
                if (tool.isEmpty() || tool.get().isBuiltBy(detected)) {
                    return detected;
                }
            } catch (BuildException e) {
                // recognised, not run yet: the command runs it as a custom build
            }
        }
        return tool.map(t -> t.build(root)).orElseGet(() -> new CustomBuild(command, CustomBuild.toolchainOf(root)));
    }

    private record Found(String folder, Ecosystem row) {
    }

    private List<Found> projects(Path root) {
        List<Found> found = new ArrayList<>();
        List<Ecosystem> atRoot = ecosystems.detectedIn(root, Detection.BUILD_FILE).stream().filter(row -> ownTests(root,
                row, ecosystems.detectedIn(root, Detection.BUILD_FILE))).toList();
        atRoot.forEach(row -> found.add(new Found("", row)));
        for (Path folder : firstLevelFolders(root)) {
            for (Ecosystem row : ecosystems.detectedIn(folder, Detection.BUILD_FILE)) {
                if (atRoot.stream().noneMatch(r -> r.language().equals(row.language()))) {
                    found.add(new Found(folder.getFileName().toString(), row));
                }
            }
        }
        if (found.isEmpty()) {
            ecosystems.detectedIn(root, Detection.TEST_SOURCES).forEach(row -> found.add(new Found("", row)));
        }
        return found;
    }

    /**
     * Whether {@code row}, at the root beside {@code others}, is a project of its own: the
     * first is; a later one only when it has test files the earlier ones' rules do not
     * claim (a {@code pyproject.toml} that configures tools in a Maven repository is not
     * a Python project; {@code scripts/test_release.py} beside it is).
     */
    private static boolean ownTests(Path root, Ecosystem row, List<Ecosystem> others) {
        List<Ecosystem> before = others.subList(0, others.indexOf(row));
        return before.isEmpty() || !ReportFiles.find(root, rel -> row.testPaths().isTestPath(rel)
                && before.stream().noneMatch(o -> o.testPaths().isTestPath(rel))).isEmpty();
    }

    private static List<Path> firstLevelFolders(Path root) {
        try (Stream<Path> list = Files.list(root)) {
            return list.filter(Files::isDirectory).filter(p -> !Files.isSymbolicLink(p)).filter(p -> {
                String name = p.getFileName().toString();
                return !name.startsWith(".") && !name.startsWith("_") && !NOT_PROJECTS.contains(name);
            }).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the folders of " + root, e);
        }
    }
}
