package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import dev.repofix.workspace.Language;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Python's own unittest, for a project whose tests are {@code unittest.TestCase} classes
 * that do not import pytest and where nothing points at pytest: no pytest configuration,
 * no pytest among its requirements, no tox, nox, Makefile or CI command that runs it. The tests run through a
 * small runner repofix ships ({@code unittest_junit.py}), handed to {@code python3 -c}
 * in a variable: it discovers as {@code python -m unittest} does and writes JUnit XML.
 * Nothing is written into the repository but the report, and the runner needs no file
 * on the host that a sandbox would not see. Test ids are unittest's own
 * ({@code tests.test_calc.CalcTest#test_half}).
 */
public final class UnittestBuild implements BuildSystem {
    /** Where the report goes, relative to the repository root. */
    static final String REPORT = ".repofix-reports/unittest-junit.xml";
    static final String RUNNER_VARIABLE = "UNITTEST_JUNIT_RUNNER";
    private static final String RUNNER = runner();
    private static final Pattern TEST_MODULE = Pattern.compile("(.*/)?(test_[^/]*|[^/]*_test)\\.py");
    private static final Pattern USES_PYTEST = Pattern.compile("(?m)^\\s*(import pytest|from pytest|from _pytest)");
    private static final Pattern USES_UNITTEST = Pattern.compile("(?m)(^\\s*(import unittest|from unittest)|TestCase\\b)");
    private static final int MAX_REPRODUCED = 10;
    /**
     * Runs the tests, discovered as {@code python -m unittest} discovers them, whose ids are
     * the arguments, and exits 1 when one fails: the one way to rerun a doctest alone.
     */
    static final String RUN_BY_ID = "import sys, unittest as u; "
            + "w = lambda s: [t for x in s for t in (w(x) if isinstance(x, u.TestSuite) else [x])]; "
            + "r = u.TextTestRunner(verbosity=2).run(u.TestSuite(t for t in w(u.defaultTestLoader.discover(\".\")) "
            + "if t.id() in sys.argv[1:])); sys.exit(not r.wasSuccessful())";

    /**
     * A Python project (a settings file in the folder, else test modules below it) with
     * no pytest configuration and nothing else that points at pytest ({@link PytestEvidence}:
     * requirements, tox, nox, a Makefile, CI), whose test modules all use unittest and none pytest.
     */
    static Ecosystem.Detection detect(Path folder) {
        Ecosystem.Detection python = PytestBuild.detect(folder);
        if (python == Ecosystem.Detection.NONE || hasPytestConfiguration(folder)
                || PytestEvidence.in(folder).isPresent()) {
            return Ecosystem.Detection.NONE;
        }
        List<Path> modules = ReportFiles.find(folder, rel -> TEST_MODULE.matcher(rel).matches());
        if (modules.isEmpty()) {
            return Ecosystem.Detection.NONE;
        }
        for (Path module : modules) {
            String text = read(folder, folder.relativize(module).toString());
            if (USES_PYTEST.matcher(text).find() || !USES_UNITTEST.matcher(text).find()) {
                return Ecosystem.Detection.NONE;
            }
        }
        return python;
    }

    /** pytest.ini, [tool.pytest.ini_options], [tool:pytest], [pytest] in tox.ini, or a conftest.py. */
    static boolean hasPytestConfiguration(Path folder) {
        return Files.isRegularFile(folder.resolve("pytest.ini"))
                || read(folder, "pyproject.toml").contains("[tool.pytest.ini_options]")
                || read(folder, "setup.cfg").contains("[tool:pytest]")
                || read(folder, "tox.ini").contains("[pytest]")
                || !ReportFiles.find(folder, rel -> rel.equals("conftest.py") || rel.endsWith("/conftest.py")).isEmpty();
    }

    private static String read(Path folder, String name) {
        return BuildFile.text(folder, name).orElse(""); // unread or not UTF-8: says nothing about the test tool
    }

    @Override
    public String name() {
        return "unittest";
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        return new TestCommand(override != null ? override : runWith(List.of()), env(root));
    }

    private static String runWith(List<String> testIds) {
        StringBuilder cmd = new StringBuilder("python3 -c \"$" + RUNNER_VARIABLE + "\"");
        testIds.forEach(id -> cmd.append(' ').append(ShellWords.quote(isDoctest(id) ? "--id=" + id : dotted(id))));
        return cmd.toString();
    }

    /**
     * Whether {@code testId} names a doctest that a test module's {@code load_tests} added
     * ({@code pkg.mod.func}): the runner names those without a class, as doctest does.
     * {@code python3 -m unittest pkg.mod.func} would call the function, not run its doctest.
     */
    static boolean isDoctest(String testId) {
        return !testId.contains("#") && !testId.contains(" ");
    }

    private static Map<String, String> env(Path root) {
        return Map.of(RUNNER_VARIABLE, RUNNER, "UNITTEST_JUNIT_REPORT", REPORT, "PYTHONDONTWRITEBYTECODE", "1",
                "PYTHONPATH", PytestBuild.importRoots(root));
    }

    /** unittest's name of a test: {@code tests.test_calc.CalcTest.test_half}. */
    private static String dotted(String testId) {
        return testId.replace('#', '.');
    }

    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TestCommand(runWith(testIds), env(root)));
    }

    /**
     * The files' modules, which unittest loads whole: {@code tests.test_calc} for
     * {@code tests/test_calc.py}; other files left out, and none left, the whole suite.
     */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        List<String> modules = TestFiles.inLanguage(testFiles, Language.PYTHON).stream().map(TestFiles::pythonModule)
                .flatMap(Optional::stream).toList();
        if (modules.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder cmd = new StringBuilder(runWith(List.of()));
        modules.forEach(m -> cmd.append(' ').append(ShellWords.quote(m)));
        return Optional.of(new TestCommand(cmd.toString(), env(root)));
    }

    /**
     * {@code python3 -m unittest tests.test_calc.CalcTest.test_half}; past ten failing tests,
     * all. A doctest cannot be named to {@code python -m unittest}, so failing tests among
     * which is one are run by id from the discovered suite ({@link #RUN_BY_ID}).
     */
    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        if (override != null) {
            return override;
        }
        if (failingTestIds.size() > MAX_REPRODUCED) {
            return "python3 -m unittest";
        }
        boolean byId = failingTestIds.stream().anyMatch(UnittestBuild::isDoctest);
        StringBuilder cmd = new StringBuilder(byId ? "python3 -c " + ShellWords.quote(RUN_BY_ID) : "python3 -m unittest");
        failingTestIds.forEach(id -> cmd.append(' ').append(ShellWords.quote(dotted(id))));
        return cmd.toString();
    }

    @Override
    public List<Path> reports(Path root) {
        Path report = root.resolve(REPORT);
        return Files.isRegularFile(report) ? List.of(report) : List.of();
    }

    @Override
    public Set<String> environmentNames() {
        return new PytestBuild().environmentNames();
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return PytestBuild.TEST_PATHS.isTestPath(relativePath);
    }

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return Optional.of(SandboxImage.PYTHON);
    }

    private static String runner() {
        try (InputStream in = UnittestBuild.class.getResourceAsStream("unittest_junit.py")) {
            if (in == null) {
                throw new IllegalStateException("repofix's unittest runner (unittest_junit.py) is missing from its jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read repofix's unittest runner", e);
        }
    }
}
