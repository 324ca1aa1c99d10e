package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import dev.repofix.workspace.Language;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * pytest, made to write JUnit XML through {@code PYTEST_ADDOPTS} so that the command a
 * user sees (and a custom {@code --test-cmd} that calls pytest) stays unchanged.
 */
public final class PytestBuild implements BuildSystem {
    /** Where the report goes, relative to the repository root. */
    static final String REPORT = ".repofix-reports/pytest-junit.xml";
    static final TestPathRules TEST_PATHS = TestPathRules.ofGlobs(
            List.of("**/tests/**", "**/test/**", "**/test_*.py", "**/*_test.py", "**/conftest.py"));
    /** Failing tests past which a reproduction selects their files, and files past which all tests. */
    static final int MAX_REPRODUCED = 10;
    /** {@code --junitxml=PATH}, {@code --junitxml PATH}, {@code --junit-xml...}; PATH maybe quoted. */
    private static final Pattern JUNIT_XML_OPTION = Pattern.compile(
            "(?:^|[\\s\"'])--junit-?xml(?:=|\\s+)(\"[^\"]+\"|'[^']+'|[^\\s\"']+)");
    /** {@code addopts = ...} up to the next line that does not start with white space (a new key or section). */
    private static final Pattern ADDOPTS = Pattern.compile("(?m)^addopts\\s*=(.*(?:\\n[ \\t].*)*+)");
    /** {@code cd DIR &&} or {@code cd DIR;} at the start of a command (repeatable). */
    private static final Pattern LEADING_CD = Pattern.compile(
            "\\s*cd\\s+(\"[^\"]+\"|'[^']+'|[^\\s;&|]+)\\s*(?:&&|;)\\s*");
    static final List<String> MARKERS = List.of("pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "conftest.py");

    @Override
    public String name() {
        return "pytest";
    }

    /** A settings file of pytest or of a Python project in the folder, else test modules anywhere below it. */
    static Ecosystem.Detection detect(Path folder) {
        if (MARKERS.stream().anyMatch(m -> Files.isRegularFile(folder.resolve(m)))) {
            return Ecosystem.Detection.BUILD_FILE;
        }
        return ReportFiles.find(folder, rel -> rel.matches("(.*/)?(test_[^/]*|[^/]*_test)\\.py")).isEmpty()
                ? Ecosystem.Detection.NONE : Ecosystem.Detection.TEST_SOURCES;
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        String shell = override != null ? override : "python3 -m pytest";
        // Relative, so the same command writes into whichever copy it runs in; xunit1
        // adds file and line attributes, which give stable test ids. A report path the
        // team names itself wins in pytest anyway (the command line's --junitxml comes
        // after PYTEST_ADDOPTS), so none is added then and theirs is read.
        Path runsIn = root.resolve(commandDir(shell));
        String junitxml = ownReport(runsIn, shell).isPresent() ? "" : "--junitxml=" + REPORT + " ";
        Map<String, String> env = Map.of(
                "PYTEST_ADDOPTS", junitxml + "-o junit_family=xunit1 -p no:cacheprovider",
                "PYTHONDONTWRITEBYTECODE", "1",
                "PYTHONPATH", importRoots(runsIn));
        return new TestCommand(shell, env);
    }

    /**
     * The folder, relative to the repository root, that a command starting with
     * {@code cd DIR &&} (or {@code cd DIR;}) runs pytest in: relative paths (the report,
     * the import roots) are taken from there. "" when the command does not change folder,
     * or changes it to somewhere outside the repository.
     */
    static String commandDir(String shell) {
        Path dir = Path.of("");
        Matcher m = LEADING_CD.matcher(shell);
        int at = 0;
        while (m.find(at) && m.start() == at) {
            String target = m.group(1).replaceAll("^[\"']|[\"']$", "");
            if (target.startsWith("/") || target.startsWith("~") || target.contains("$")) {
                return "";
            }
            dir = dir.resolve(target).normalize();
            at = m.end();
        }
        String rel = dir.toString().replace('\\', '/');
        return rel.startsWith("..") ? "" : rel;
    }

    /**
     * Where the code under test is imported from, relative to the copy the tests run in
     * (Python makes the entries absolute at start-up): {@code src} for a src-layout project,
     * then the root. They go before the user's own {@code PYTHONPATH} and before what an
     * editable install ({@code pip install -e .}) put into site-packages, which names the
     * user's tree: without them the tests would import the user's code, not the patched copy.
     */
    static String importRoots(Path root) {
        return hasPythonCode(root.resolve("src")) ? "src:." : ".";
    }

    private static boolean hasPythonCode(Path src) {
        if (!Files.isDirectory(src)) {
            return false;
        }
        try (var walk = Files.walk(src, 2)) {
            return walk.anyMatch(p -> p.getFileName().toString().endsWith(".py") && Files.isRegularFile(p));
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
    }

    /**
     * The JUnit XML path that the command or the repository's pytest settings
     * ({@code addopts} in pytest.ini, pyproject.toml, setup.cfg, tox.ini) name with
     * {@code --junitxml} or {@code --junit-xml}, relative to the repository root.
     */
    static Optional<String> ownReport(Path root, String shell) {
        Optional<String> inCommand = junitXmlOption(shell);
        if (inCommand.isPresent()) {
            return inCommand;
        }
        for (String settings : List.of("pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")) {
            Optional<String> inSettings = addopts(root, settings).flatMap(PytestBuild::junitXmlOption);
            if (inSettings.isPresent()) {
                return inSettings;
            }
        }
        return Optional.empty();
    }

    private static Optional<String> junitXmlOption(String words) {
        Matcher m = JUNIT_XML_OPTION.matcher(words);
        return m.find() ? Optional.of(m.group(1).replaceAll("^[\"']|[\"']$", "")) : Optional.empty();
    }

    /** The text of the {@code addopts} setting, continuation lines and TOML arrays included. */
    private static Optional<String> addopts(Path root, String settings) {
        // Unread settings (absent, a link out, not UTF-8): pytest's own report path is the one used.
        return BuildFile.text(root, settings).map(ADDOPTS::matcher).filter(Matcher::find)
                .map(m -> m.group(1).replaceAll("[\\[\\],]", " "));
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
     * The Python files as pytest's arguments: {@code python3 -m pytest tests/test_a.py tests/test_b.py};
     * other files left out (pytest would run nothing: "not found"), and none left, the whole suite.
     */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        return TestFiles.withFiles(testCommand(root, null), "", testFiles, Language.PYTHON);
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
        return reportAt(root, REPORT);
    }

    /** The report where the command's own {@code --junitxml} puts it, else where repofix does. */
    @Override
    public List<Path> reports(Path root, TestCommand command) {
        Path runsIn = root.resolve(commandDir(command.shell()));
        return reportAt(runsIn, ownReport(runsIn, command.shell()).orElse(REPORT));
    }

    private static List<Path> reportAt(Path root, String relative) {
        Path report = root.resolve(relative);
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
