package dev.repofix.validate;

import dev.repofix.build.BuildSystem;
import dev.repofix.patch.ChangeKind;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.Patch;
import dev.repofix.testrun.TestReach;
import dev.repofix.workspace.FileIndex;
import dev.repofix.workspace.FileRead;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Regression test selection for the deciding run, at class level as Ekstazi and STARTS do it:
 * a test class runs when its per-test coverage of the unpatched code ran a file the patch
 * changes, or its source names such a file's class (a constant the compiler inlined, an
 * annotation or an interface runs no code of its own), and the baseline's failing tests' classes
 * always run. Anything the coverage cannot see forces the whole suite: no coverage, coverage
 * that misses a test class or was cut short, a patch that edits tests, adds, deletes or renames
 * a file, or changes a build input or any file that is not a source file of the coverage's
 * language. Pure: the decision reads the patch, the baseline and the workspace's file list.
 */
public final class TestSelector {
    /** Files that define how the project builds and tests, in any folder. */
    private static final Set<String> BUILD_INPUTS = Set.of("pom.xml", "build.gradle", "build.gradle.kts",
            "settings.gradle", "settings.gradle.kts", "gradle.properties", "build.xml", "package.json",
            "package-lock.json", "yarn.lock", "pnpm-lock.yaml", "setup.py", "setup.cfg", "pyproject.toml", "tox.ini",
            "pytest.ini", "conftest.py", "requirements.txt", "pipfile", "pipfile.lock", "poetry.lock", "cargo.toml",
            "cargo.lock", "go.mod", "go.sum", "makefile", "mvnw", "gradlew", ".repofix.yml", "module-info.java",
            "package-info.java");
    /** Folders whose files configure the build or its tools. */
    private static final List<String> BUILD_FOLDERS = List.of(".mvn/", "gradle/", ".github/", "META-INF/");
    private static final long MAX_TEST_SOURCE = 4L << 20;

    private TestSelector() {}

    /**
     * What the deciding run of {@code patch} (its source and test parts) runs against
     * {@code baseline}, whose {@link Baseline#reach()} is the per-test coverage.
     *
     * @param files the workspace's files (test sources are read from it)
     */
    public static TestSelection select(Patch patch, Baseline baseline, BuildSystem build, FileIndex files) {
        if (baseline.reach().isEmpty()) {
            return new TestSelection.WholeSuite("no per-test coverage of the whole suite for this run");
        }
        TestReach reach = baseline.reach().get();
        if (reach.incomplete().isPresent()) {
            return new TestSelection.WholeSuite("the per-test coverage is incomplete: " + reach.incomplete().get());
        }
        Optional<String> forced = forced(patch, build, reach.sourceSuffix())
                .or(() -> reach.testOnlyLines().flatMap(lines -> beyondTests(patch, lines, files)));
        if (forced.isPresent()) {
            return new TestSelection.WholeSuite(forced.get());
        }
        Set<String> classes = new TreeSet<>();
        baseline.passing().forEach(t -> classes.add(TestReach.testClass(t)));
        baseline.failing().forEach(t -> classes.add(TestReach.testClass(t)));
        List<String> uncovered = classes.stream().filter(c -> !reach.files().containsKey(c)).toList();
        if (!uncovered.isEmpty()) {
            return new TestSelection.WholeSuite("the per-test coverage is incomplete: " + uncovered.size()
                    + " test class(es) of the baseline have no coverage record (" + head(uncovered) + ")");
        }
        Set<String> changed = new TreeSet<>(patch.paths());
        Set<String> run = new LinkedHashSet<>();
        baseline.failing().forEach(t -> run.add(TestReach.testClass(t)));
        List<String> skipped = new ArrayList<>();
        List<Pattern> names = changed.stream().map(TestSelector::unit)
                .map(u -> Pattern.compile("\\b" + Pattern.quote(u) + "\\b")).toList();
        List<String> testFiles = new ArrayList<>();
        for (String cls : classes) {
            Optional<String> file = fileOf(cls, build, files, reach.sourceSuffix());
            if (file.isEmpty()) {
                return new TestSelection.WholeSuite("the source file of test class " + cls + " was not found");
            }
            boolean reaches = run.contains(cls) || reach.files().get(cls).stream().anyMatch(changed::contains)
                    || mentions(files, file.get(), names);
            if (reaches) {
                run.add(cls);
                testFiles.add(file.get());
            } else {
                skipped.add(cls);
            }
        }
        if (skipped.isEmpty()) {
            return new TestSelection.WholeSuite("every test class reaches a changed file ("
                    + String.join(", ", changed) + ")");
        }
        return new TestSelection.Selected(testFiles, List.copyOf(run), skipped, skipped.size() + " of "
                + classes.size() + " test class(es) skipped: their " + reach.tool() + " coverage reaches none of "
                + String.join(", ", changed) + " and their source names none of its classes");
    }

    /** Why the change forces the whole suite whatever the coverage says, or empty. */
    static Optional<String> forced(Patch patch, BuildSystem build, String sourceSuffix) {
        for (FilePatch f : patch.files()) {
            String path = f.path();
            if (build.isTestPath(path)) {
                return Optional.of("the patch edits tests (" + path + ")");
            }
            if (f.kind() == ChangeKind.CREATE) {
                return Optional.of("the patch adds a file (" + path + ")");
            }
            if (f.kind() == ChangeKind.DELETE) {
                return Optional.of("the patch deletes a file (" + path + ")");
            }
            String name = path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
            if (BUILD_INPUTS.contains(name) || name.startsWith("requirements")
                    || BUILD_FOLDERS.stream().anyMatch(d -> path.startsWith(d) || path.contains("/" + d))) {
                return Optional.of("the patch changes a build input (" + path + ")");
            }
            if (!path.endsWith(sourceSuffix) || path.contains("/resources/")) {
                return Optional.of("the patch changes a file that is not " + sourceSuffix + " source (" + path
                        + "), which coverage does not see");
            }
        }
        return Optional.empty();
    }

    /**
     * Why the patch may reach tests that did not run its file, or empty: where the coverage counts
     * code run outside any test by line ({@link TestReach#testOnlyLines()}), every line it removes or
     * replaces, and the nearest code lines either side of what it inserts, must be lines that only
     * tests ran. A module or class body runs at import, so a change there (a constant, a default
     * argument, a decorator, a new top-level statement) may reach every test.
     */
    static Optional<String> beyondTests(Patch patch, java.util.Map<String, Set<Integer>> testOnly, FileIndex files) {
        for (FilePatch f : patch.files()) {
            Set<Integer> allowed = testOnly.get(f.path());
            if (allowed == null) {
                return Optional.of("no test ran " + f.path() + " under coverage");
            }
            if (!(files.read(f.path(), MAX_TEST_SOURCE) instanceof FileRead.Content c)) {
                return Optional.of(f.path() + " could not be read to place the patch's lines");
            }
            List<String> text = c.text().lines().toList();
            for (Hunk h : f.hunks()) {
                Optional<Set<Integer>> touched = touchedLines(h, text);
                if (touched.isEmpty()) {
                    return Optional.of("a hunk of the patch does not match " + f.path() + " at the line it names");
                }
                for (int line : touched.get()) {
                    if (!allowed.contains(line)) {
                        return Optional.of("the patch changes " + f.path() + " at line " + line + ", which code "
                                + "outside any test ran (at import) or no test ran");
                    }
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The 1-based lines of {@code text} that {@code hunk} removes, and around each insertion the
     * nearest line above and below that is neither blank nor a comment (0 for the file's edge,
     * which no test ran alone); empty when the hunk's old lines are not at the line it names.
     */
    static Optional<Set<Integer>> touchedLines(Hunk hunk, List<String> text) {
        List<String> old = hunk.oldLines();
        if (hunk.oldStart() == 0 || (old.isEmpty() ? hunk.oldStart() > text.size()
                : hunk.oldStart() - 1 + old.size() > text.size()
                        || !text.subList(hunk.oldStart() - 1, hunk.oldStart() - 1 + old.size()).equals(old))) {
            return Optional.empty();
        }
        Set<Integer> touched = new TreeSet<>();
        int line = old.isEmpty() ? hunk.oldStart() + 1 : hunk.oldStart();
        for (HunkLine l : hunk.lines()) {
            switch (l.kind()) {
                case CONTEXT -> line++;
                case REMOVE -> touched.add(line++);
                case ADD -> {
                    touched.add(codeLine(text, line - 1, -1));
                    touched.add(codeLine(text, line, 1));
                }
            }
        }
        return Optional.of(touched);
    }

    /** From {@code line} in steps of {@code step}, the first line that holds code; 0 past the file's edge. */
    private static int codeLine(List<String> text, int line, int step) {
        for (int n = line; n >= 1 && n <= text.size(); n += step) {
            String t = text.get(n - 1).strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                return n;
            }
        }
        return 0;
    }

    /** A test class's source file: the test path ending with its package path, inner classes aside. */
    private static Optional<String> fileOf(String cls, BuildSystem build, FileIndex files, String suffix) {
        if (cls.endsWith(suffix) && files.files().contains(cls) && build.isTestPath(cls)) {
            return Optional.of(cls); // a pytest node id's class is its file
        }
        String outer = cls.replaceAll("\\$.*", "");
        String suffixPath = "/" + outer.replace('.', '/') + suffix;
        return files.endingWith(suffixPath).stream().filter(build::isTestPath).findFirst()
                .or(() -> files.files().stream().filter(f -> f.equals(suffixPath.substring(1)))
                        .filter(build::isTestPath).findFirst());
    }

    /** Whether the test source names one of the changed units (a word match, comments included). */
    private static boolean mentions(FileIndex files, String testFile, List<Pattern> names) {
        FileRead read = files.read(testFile, MAX_TEST_SOURCE);
        if (!(read instanceof FileRead.Content c)) {
            return true; // unreadable: counted as reaching, never skipped
        }
        String text = c.text();
        return names.stream().anyMatch(p -> p.matcher(text).find());
    }

    /** {@code src/main/java/com/acme/Calc.java} to {@code Calc}. */
    private static String unit(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }

    private static String head(List<String> items) {
        return items.size() <= 3 ? String.join(", ", items) : String.join(", ", items.subList(0, 3)) + ", ...";
    }
}
