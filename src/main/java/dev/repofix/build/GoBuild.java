package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Go modules: {@code go test -json ./...}, its events kept in a report file while the log
 * gets their plain text, so a person reading a failed build sees what {@code go test}
 * said. {@code -count=1}: a cached result would hide a flaky test from the rerun.
 */
public final class GoBuild implements BuildSystem {
    /** Where the events go, relative to the repository root. */
    static final String REPORT = RecordedOutput.FOLDER + "/go-test.json";
    static final TestPathRules TEST_PATHS = TestPathRules.ofGlobs(List.of("**/*_test.go", "**/testdata/**"));
    /** {@code go test} and its arguments, one command: no shell operator, substitution or redirection. */
    private static final Pattern PLAIN_GO_TEST = Pattern.compile("\\s*go\\s+test((?:\\s[^;&|<>`$()]*)?)");
    private static final Pattern MODULE = Pattern.compile("(?m)^module\\s+\"?([^\\s\"]+)\"?\\s*$");
    /** RE2 metacharacters, escaped in a {@code -run} pattern. */
    private static final Pattern RE2_META = Pattern.compile("([\\\\.+*?()|\\[\\]{}^$])");

    @Override
    public String name() {
        return "go";
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        if (override != null) {
            // A plain 'go test ...' of the user's is run with -json and recorded, so its events are read.
            Matcher plain = PLAIN_GO_TEST.matcher(override);
            return plain.matches() && !override.contains("-json")
                    ? new TestCommand(recording("go test -json" + plain.group(1)), Map.of())
                    : new TestCommand(override, Map.of());
        }
        return new TestCommand(recording("go test -json -count=1 ./..."), Map.of());
    }

    /**
     * {@code goTest} with its stdout (the JSON events) written to {@link #REPORT} and, as
     * text, to the log: the {@code Output} of each event, unescaped. The exit status of
     * {@code go test} is kept through the pipe in a file, since {@code sh} has no pipefail.
     */
    static String recording(String goTest) {
        return RecordedOutput.shell(goTest, REPORT, "sed -n -e '/\"Output\":\"/!d' -e 's/^.*\"Output\":\"\\(.*\\)\"}$/\\1/' -e 's/\\\\n$//' -e 's/\\\\t/\t/g'"
                + " -e 's/\\\\\"/\"/g' -e 's/\\\\\\\\/\\\\/g' -e '/^=== /d' -e p");
    }

    /**
     * {@code go test -run '^TestX$/^sub$' ./pkg}: one package's one test exactly; else the
     * packages of the tests with their top-level tests, which runs those tests' other
     * subtests too (a superset, never fewer).
     */
    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TestCommand(recording(selected(root, testIds, true)), Map.of()));
    }

    /**
     * {@code go test -json -count=1 ./calc ./ledger}: the packages of the Go files, others (testdata) left
     * out; none left, the whole suite.
     */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        List<String> packages = testFiles.stream().map(TestFiles::goPackage).flatMap(Optional::stream).distinct()
                .toList();
        if (packages.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder cmd = new StringBuilder("go test -json -count=1");
        packages.forEach(p -> cmd.append(' ').append(ShellWords.quote(p)));
        return Optional.of(new TestCommand(recording(cmd.toString()), Map.of()));
    }

    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        if (override != null || failingTestIds.isEmpty()) {
            return override != null ? override : "go test ./...";
        }
        return selected(root, failingTestIds, false);
    }

    private static String selected(Path root, List<String> testIds, boolean forRepofix) {
        String module = modulePath(root).orElse("");
        Set<String> packages = new LinkedHashSet<>();
        Set<String> topLevel = new LinkedHashSet<>();
        for (String id : testIds) {
            GoTestIds parsed = GoTestIds.parse(id);
            packages.add(packageDir(module, parsed.importPath()));
            if (!parsed.test().isEmpty()) {
                topLevel.add(parsed.topLevel());
            }
        }
        String run;
        if (testIds.size() == 1 && !topLevel.isEmpty()) {
            List<String> levels = List.of(GoTestIds.parse(testIds.get(0)).test().split("/"));
            run = String.join("/", levels.stream().map(l -> "^" + RE2_META.matcher(l).replaceAll("\\\\$1") + "$")
                    .toList());
        } else {
            run = topLevel.isEmpty() ? "" : "^(" + String.join("|", topLevel.stream()
                    .map(t -> RE2_META.matcher(t).replaceAll("\\\\$1")).toList()) + ")$";
        }
        StringBuilder cmd = new StringBuilder(forRepofix ? "go test -json -count=1" : "go test");
        if (!run.isEmpty()) {
            cmd.append(" -run ").append(ShellWords.quote(run));
        }
        packages.forEach(p -> cmd.append(' ').append(ShellWords.quote(p)));
        return cmd.toString();
    }

    /** {@code ./calc} for {@code example.com/m/calc} in module {@code example.com/m}; {@code ./...} when unknown. */
    static String packageDir(String module, String importPath) {
        if (importPath.equals(module)) {
            return ".";
        }
        if (!module.isEmpty() && importPath.startsWith(module + "/")) {
            return "./" + importPath.substring(module.length() + 1);
        }
        return "./...";
    }

    /** The {@code module} line of go.mod at {@code root}. */
    static Optional<String> modulePath(Path root) {
        return BuildFile.text(root, "go.mod").map(MODULE::matcher).filter(Matcher::find).map(m -> m.group(1));
    }

    @Override
    public List<Path> reports(Path root) {
        return RecordedOutput.existing(root, REPORT);
    }

    /** The events file for the build's own command; the JUnit XML a user's {@code --test-cmd} writes otherwise. */
    @Override
    public List<Path> reports(Path root, TestCommand command) {
        return RecordedOutput.reportsOf(root, command, REPORT);
    }

    @Override
    public ReportFormat reportFormat(Path report) {
        return RecordedOutput.formatOf(report, REPORT, ReportFormat.GO_TEST_JSON);
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of("GOPATH", "GOROOT", "GOMODCACHE", "GOCACHE", "GOFLAGS", "GOPROXY", "GONOSUMDB", "GOPRIVATE",
                "GOTOOLCHAIN");
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return TEST_PATHS.isTestPath(relativePath);
    }

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return Optional.of(SandboxImage.GO);
    }
}
