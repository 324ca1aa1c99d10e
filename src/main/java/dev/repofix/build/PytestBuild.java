package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * pytest, made to write JUnit XML through {@code PYTEST_ADDOPTS} so that the command a
 * user sees (and a custom {@code --test-cmd} that calls pytest) stays unchanged.
 */
public final class PytestBuild implements BuildSystem {
    /** Where the report goes, relative to the repository root. */
    static final String REPORT = ".repofix-reports/pytest-junit.xml";
    private static final TestPathRules TEST_PATHS = TestPathRules.of("python");
    /** Failing tests past which a reproduction selects their files, and files past which all tests. */
    static final int MAX_REPRODUCED = 10;
    private static final List<String> MARKERS = List.of("pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "conftest.py");

    @Override
    public String name() {
        return "pytest";
    }

    static boolean detects(Path root) {
        if (MARKERS.stream().anyMatch(m -> Files.isRegularFile(root.resolve(m)))) {
            return true;
        }
        return !ReportFiles.find(root, rel -> rel.matches("(.*/)?(test_[^/]*|[^/]*_test)\\.py")).isEmpty();
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        // Relative, so the same command writes into whichever copy it runs in; xunit1
        // adds file and line attributes, which give stable test ids.
        Map<String, String> env = Map.of(
                "PYTEST_ADDOPTS", "--junitxml=" + REPORT + " -o junit_family=xunit1 -p no:cacheprovider",
                "PYTHONDONTWRITEBYTECODE", "1");
        return new TestCommand(override != null ? override : "python3 -m pytest", env);
    }

    /** pytest node ids as arguments: {@code python3 -m pytest 'tests/test_a.py::test_b[x]'}. */
    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        TestCommand all = testCommand(root, null);
        return Optional.of(new TestCommand(withArguments(all.shell(), testIds), all.extraEnv()));
    }

    /**
     * {@code python3 -m pytest tests/test_a.py::test_b}, ids quoted only where the shell
     * needs it; past {@value #MAX_REPRODUCED} failing tests their files, past that many
     * files all tests. The report options stay out: a developer reads the terminal.
     */
    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        String plain = testCommand(root, override).shell();
        if (override != null || failingTestIds.isEmpty()) {
            return plain;
        }
        List<String> selected = failingTestIds.size() <= MAX_REPRODUCED ? failingTestIds
                : failingTestIds.stream().map(id -> id.split("::", 2)[0]).distinct().toList();
        return selected.size() <= MAX_REPRODUCED ? withArguments(plain, selected) : plain;
    }

    private static String withArguments(String command, List<String> testIds) {
        StringBuilder cmd = new StringBuilder(command);
        testIds.forEach(id -> cmd.append(' ').append(ShellWords.quote(id)));
        return cmd.toString();
    }

    @Override
    public List<Path> reports(Path root) {
        Path report = root.resolve(REPORT);
        return Files.isRegularFile(report) ? List.of(report) : List.of();
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of("VIRTUAL_ENV", "PYTHONPATH", "PYENV_ROOT", "PYENV_VERSION", "CONDA_PREFIX", "CONDA_DEFAULT_ENV");
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return TEST_PATHS.isTestPath(relativePath);
    }

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return Optional.of(SandboxImage.PYTHON);
    }
}
