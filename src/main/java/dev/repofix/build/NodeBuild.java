package dev.repofix.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.exec.SandboxImage;
import dev.repofix.workspace.Language;
import java.io.IOException;
import dev.repofix.workspace.FileRead;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Node.js with its built-in test runner: {@code npm test} when package.json has a test
 * script that runs {@code node --test}, else {@code node --test}. Node writes a TAP report
 * to {@link #REPORT} and its readable spec output to the log: two reporters, passed on the
 * command line or, through {@code npm test}, in {@code NODE_OPTIONS} (which node accepts
 * {@code --test-reporter} and {@code --test-reporter-destination} from, checked on Node 20).
 * A test script that runs another runner (jest, mocha, vitest, ...) is refused when the
 * build is made, with what to pass instead.
 */
public final class NodeBuild implements BuildSystem {
    /** Where the TAP report goes, relative to the folder of package.json. */
    static final String REPORT = RecordedOutput.FOLDER + "/node-test.tap";
    static final TestPathRules TEST_PATHS = TestPathRules.ofGlobs(List.of(
            "**/*.{test,spec}.{js,jsx,ts,tsx,mjs,cjs,mts,cts}", "**/__tests__/**", "**/test/**", "**/tests/**"));
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REPORTERS = "--test-reporter=spec --test-reporter-destination=stdout "
            + "--test-reporter=tap --test-reporter-destination=" + REPORT;
    /** What {@code npm init} writes when a project has no tests. */
    private static final Pattern NPM_PLACEHOLDER = Pattern.compile("echo \\\"?Error: no test specified.*");
    /** Runners whose own output repofix cannot read. */
    private static final List<String> OTHER_RUNNERS = List.of("jest", "mocha", "vitest", "ava", "jasmine", "karma",
            "tape", "uvu", "playwright", "cypress", "tap", "lab", "qunit");

    /** A command that runs node's test runner, directly or through npm's test script. */
    private static final Pattern RUNS_NODE_TEST = Pattern.compile(
            "(?:^|[\\s;&|(])(?:node\\s(?:[^;&|]*\\s)?--test(?:$|[\\s=])|npm\\s+(?:run\\s+)?test(?:$|[\\s;&|)]))");

    private static final Pattern JS_REGEX_META = Pattern.compile("([\\\\^$.*+?()\\[\\]{}|/])");
    private static final int MAX_REPRODUCED = 10;

    private final boolean npmTest;

    private NodeBuild(boolean npmTest) {
        this.npmTest = npmTest;
    }

    /**
     * The build for the project in {@code folder}.
     *
     * @throws BuildException when package.json cannot be read, or its test script runs a
     *                        runner whose output repofix cannot read
     */
    public static NodeBuild forFolder(Path folder) {
        Optional<String> script = testScript(folder);
        if (script.isEmpty()) {
            return new NodeBuild(false);
        }
        String lower = script.get().toLowerCase(Locale.ROOT);
        if (!lower.contains("node --test") && !lower.contains("node:test")) {
            List<String> words = List.of(lower.split("[\\s;&|()]+"));
            Optional<String> runner = OTHER_RUNNERS.stream().filter(words::contains).findFirst();
            if (runner.isPresent()) {
                throw new BuildException("package.json's test script runs " + runner.get() + " (\"" + script.get()
                        + "\"), whose output repofix cannot read; pass --test-cmd with a command that runs the tests and "
                        + "writes JUnit XML reports (e.g. with a JUnit reporter such as jest-junit or mocha-junit-reporter)");
            }
        }
        return new NodeBuild(true);
    }

    /** The test script of package.json, unless absent or npm's placeholder. */
    static Optional<String> testScript(Path folder) {
        Path packageJson = folder.resolve("package.json");
        JsonNode root;
        try {
            root = switch (BuildFile.read(folder, "package.json")) {
                case FileRead.Content c -> JSON.readTree(c.bytes());
                case FileRead.Refused r when r.reason() == FileRead.Reason.MISSING -> null;
                case FileRead.Refused r -> throw new BuildException("not read: " + packageJson + ": "
                        + r.reason().describe() + "; pass --test-cmd");
            };
        } catch (IOException e) {
            throw new BuildException("cannot read " + packageJson + ": " + e.getMessage()
                    + "; fix package.json or pass --test-cmd");
        }
        String script = root == null ? "" : root.path("scripts").path("test").asText("").strip();
        return script.isEmpty() || NPM_PLACEHOLDER.matcher(script).matches() ? Optional.empty() : Optional.of(script);
    }

    @Override
    public String name() {
        return npmTest ? "npm" : "node";
    }

    /** The build for a user's command that runs {@code node --test} itself, whatever package.json's script runs. */
    static NodeBuild forNodeTest() {
        return new NodeBuild(false);
    }

    /**
     * A user's command that runs {@code node --test} or {@code npm test} gets the reporters
     * in {@code NODE_OPTIONS}, as npm's script does, so its TAP report is read; any other
     * command runs as given and its JUnit XML is read.
     */
    @Override
    public TestCommand testCommand(Path root, String override) {
        String mkdir = "mkdir -p " + RecordedOutput.FOLDER + " && ";
        if (override != null) {
            return RUNS_NODE_TEST.matcher(override).find()
                    ? new TestCommand(mkdir + override, Map.of("NODE_OPTIONS", REPORTERS))
                    : new TestCommand(override, Map.of());
        }
        return npmTest ? new TestCommand(mkdir + "npm test", Map.of("NODE_OPTIONS", REPORTERS))
                : new TestCommand(mkdir + "node --test " + REPORTERS, Map.of());
    }

    /**
     * {@code node --test REPORTERS test/a.test.js test/b.test.js}, the files last (node takes no
     * option after a file); through npm's script, {@code npm test -- FILES}, which appends them
     * to the script's command: a script that names its own folder runs it too (a superset). Files
     * that are no JavaScript or TypeScript are left out; none left, the whole suite.
     */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        return TestFiles.withFiles(testCommand(root, null), npmTest ? " --" : "", testFiles, Language.JAVASCRIPT);
    }

    /**
     * {@code node --test --test-name-pattern='^group$' --test-name-pattern='^throws$'} for
     * {@code group > throws}: node runs a top-level test whose name matches a pattern and
     * skips the rest, so a top-level test runs alone; a subtest runs with its siblings (node
     * runs all the subtests of a test it runs) and a test of the same name elsewhere runs
     * too: a superset, never fewer. Past {@value #MAX_REPRODUCED} failing tests, all.
     */
    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        if (override != null) {
            return override;
        }
        // npm's script cannot be given the patterns: node takes no option after a file
        // ('node --test test/ --test-name-pattern=x' looks for a file of that name) and
        // refuses --test-name-pattern in NODE_OPTIONS.
        if (npmTest || failingTestIds.isEmpty() || failingTestIds.size() > MAX_REPRODUCED) {
            return npmTest ? "npm test" : "node --test";
        }
        Set<String> names = new LinkedHashSet<>();
        failingTestIds.forEach(id -> names.addAll(List.of(id.split(" > "))));
        StringBuilder cmd = new StringBuilder("node --test");
        names.forEach(n -> cmd.append(' ').append(ShellWords.quote("--test-name-pattern=^"
                + JS_REGEX_META.matcher(n).replaceAll("\\\\$1") + "$")));
        return cmd.toString();
    }

    @Override
    public List<Path> reports(Path root) {
        return RecordedOutput.existing(root, REPORT);
    }

    /** The TAP report for the build's own command; the JUnit XML a user's {@code --test-cmd} writes otherwise. */
    @Override
    public List<Path> reports(Path root, TestCommand command) {
        return command.shell().contains(REPORT) || command.extraEnv().getOrDefault("NODE_OPTIONS", "").contains(REPORT)
                ? RecordedOutput.existing(root, REPORT) : RecordedOutput.reportsOf(root, command, REPORT);
    }

    @Override
    public ReportFormat reportFormat(Path report) {
        return RecordedOutput.formatOf(report, REPORT, ReportFormat.TAP);
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of("NVM_DIR", "NODE_PATH", "npm_config_cache", "npm_config_offline", "NODE_EXTRA_CA_CERTS");
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return TEST_PATHS.isTestPath(relativePath);
    }

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return Optional.of(SandboxImage.NODE);
    }
}
