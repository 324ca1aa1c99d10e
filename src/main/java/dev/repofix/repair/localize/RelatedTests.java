package dev.repofix.repair.localize;

import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The test files worth running under coverage: those of the failing tests, then the test
 * files that mention a source unit (a Java class, a Python module) that a failing test's
 * file mentions. The passing tests among them are what tells a line the failing tests
 * share with working code from one only they run; the rest of the suite is left out.
 * When the suite is long (the baseline's run of it took over {@link #LONG_SUITE}), at most
 * {@value #MAX_FILES_LONG_SUITE} files run, so that the coverage run stays within its share
 * of the budget.
 */
final class RelatedTests {
    /** Test files run under coverage at most; the failing tests' files always are. */
    static final int MAX_FILES = 40;
    /** A suite whose baseline run took longer than this is long. */
    static final java.time.Duration LONG_SUITE = java.time.Duration.ofSeconds(60);
    /** Test files run under coverage at most when the suite is long; the failing tests' files always are. */
    static final int MAX_FILES_LONG_SUITE = 10;
    private static final Pattern JAVA_PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    private static final Set<String> IGNORED_UNITS = Set.of("__init__", "conftest", "setup", "__main__", "package-info");

    private RelatedTests() {}

    /** Repository-relative test files, the failing tests' first; {@code extension} is {@code .java} or {@code .py}. */
    static List<String> files(FailureReport report, SourceCache sources, String extension) {
        Set<String> failing = new LinkedHashSet<>();
        for (TestResult t : report.failing()) {
            fileOf(t.id(), report, extension).ifPresent(failing::add);
        }
        Set<String> units = new LinkedHashSet<>();
        List<String> tests = new ArrayList<>();
        for (String f : report.files().files()) {
            if (!f.endsWith(extension)) {
                continue;
            }
            if (report.build().isTestPath(f)) {
                tests.add(f);
            } else {
                String unit = stem(f);
                if (!IGNORED_UNITS.contains(unit) && failing.stream().anyMatch(t -> mentions(sources, t, unit))) {
                    units.add(unit);
                }
            }
        }
        Set<String> out = new LinkedHashSet<>(failing);
        int max = report.budget().filter(b -> b.suiteTime().compareTo(LONG_SUITE) > 0).isPresent()
                ? MAX_FILES_LONG_SUITE : MAX_FILES;
        for (String t : tests) {
            if (out.size() >= max) {
                break;
            }
            if (looksLikeTests(t) && units.stream().anyMatch(u -> mentions(sources, t, u))) {
                out.add(t);
            }
        }
        return List.copyOf(out);
    }

    /** {@code pkg.FooTest#bar} or {@code tests/test_x.py::test_y} to the file that holds the test. */
    static Optional<String> fileOf(String testId, FailureReport report, String extension) {
        if (extension.equals(".py")) {
            String file = testId.split("::", 2)[0];
            return report.files().contains(file) ? Optional.of(file) : Optional.empty();
        }
        String cls = testId.split("#", 2)[0].replaceAll("\\$.*", "");
        return report.files().endingWith(cls.replace('.', '/') + extension).stream()
                .filter(report.build()::isTestPath).findFirst();
    }

    /** A Java test file's class name with its package, from its {@code package} line. */
    static String javaClassName(String file, SourceCache sources) {
        String pkg = sources.text(file).map(JAVA_PACKAGE::matcher).filter(m -> m.find()).map(m -> m.group(1))
                .orElse("");
        return pkg.isEmpty() ? stem(file) : pkg + "." + stem(file);
    }

    private static boolean looksLikeTests(String file) {
        String name = stem(file);
        return file.endsWith(".py") ? name.startsWith("test_") || name.endsWith("_test")
                : name.endsWith("Test") || name.endsWith("Tests") || name.startsWith("Test") || name.endsWith("IT");
    }

    private static boolean mentions(SourceCache sources, String file, String unit) {
        return sources.text(file).map(text -> Pattern.compile("\\b" + Pattern.quote(unit) + "\\b").matcher(text).find())
                .orElse(false);
    }

    static String stem(String file) {
        String name = file.substring(file.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        return dot < 0 ? name : name.substring(0, dot);
    }
}
