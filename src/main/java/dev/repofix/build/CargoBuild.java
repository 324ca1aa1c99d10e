package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import dev.repofix.workspace.Language;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Cargo: {@code cargo test --no-fail-fast} at the root (a workspace root tests its default
 * members; paths in their panics are relative to the workspace root), its
 * output (cargo's and libtest's) both in the log and kept in a report file, which is
 * libtest's text ({@link ReportFormat#CARGO_LIBTEST}). {@code RUST_BACKTRACE=1}, so a panic
 * deep in the code names the functions it went through. Test code is {@code tests/**} and
 * {@code benches/**}; unit tests live in {@code #[cfg(test)]} modules inside {@code src}
 * files, so a src file counts as source: a fix may edit it, and one that also edits a test
 * module in it is not told apart from a source fix.
 */
public final class CargoBuild implements BuildSystem {
    /** Where the output goes, relative to the repository root. */
    static final String REPORT = RecordedOutput.FOLDER + "/cargo-test.txt";
    static final TestPathRules TEST_PATHS = TestPathRules.ofGlobs(List.of("**/tests/**", "**/benches/**"));
    /** {@code cargo test} and its arguments, one command: no shell operator, substitution or redirection. */
    private static final Pattern PLAIN_CARGO_TEST = Pattern.compile("\\s*cargo\\s+(?:\\+\\S+\\s+)?test(?:\\s[^;&|<>`$()]*)?");
    private static final Map<String, String> ENV = Map.of("RUST_BACKTRACE", "1", "CARGO_TERM_COLOR", "never");

    @Override
    public String name() {
        return "cargo";
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        if (override != null) {
            // A plain 'cargo test ...' of the user's is recorded, so libtest's output is read.
            return new TestCommand(PLAIN_CARGO_TEST.matcher(override).matches() ? recording(override) : override, ENV);
        }
        return new TestCommand(recording("cargo test --no-fail-fast"), ENV);
    }

    /** {@code cargoTest} with stdout and stderr in the log and in {@link #REPORT}; its exit status kept through the pipe. */
    static String recording(String cargoTest) {
        return RecordedOutput.shell(cargoTest + " 2>&1", REPORT, "");
    }

    /**
     * libtest's exact filters, which it takes several of: {@code cargo test --no-fail-fast --
     * --exact tests::adds divides_by_zero}. Every test binary applies them, so a test of the
     * same name in another binary runs too (a superset, never fewer).
     */
    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TestCommand(recording("cargo test --no-fail-fast" + filters(testIds)), ENV));
    }

    /**
     * {@code cargo test --no-fail-fast --test calc --lib}: the targets of the Rust files, others (data)
     * left out; empty (the whole suite) when none is left or one's target cannot be told
     * ({@link TestFiles#cargoTarget}): a helper module may serve any target.
     */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        List<Optional<String>> targets = TestFiles.inLanguage(testFiles, Language.RUST).stream()
                .map(TestFiles::cargoTarget).toList();
        if (targets.isEmpty() || targets.stream().anyMatch(Optional::isEmpty)) {
            return Optional.empty();
        }
        StringBuilder cmd = new StringBuilder("cargo test --no-fail-fast");
        targets.stream().map(Optional::get).distinct().forEach(t -> cmd.append(' ').append(t));
        return Optional.of(new TestCommand(recording(cmd.toString()), ENV));
    }

    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        if (override != null) {
            return override;
        }
        return failingTestIds.isEmpty() ? "cargo test" : "cargo test" + filters(failingTestIds);
    }

    private static String filters(List<String> testIds) {
        Set<String> names = new LinkedHashSet<>();
        testIds.forEach(id -> names.add(testName(id)));
        StringBuilder out = new StringBuilder(" -- --exact");
        names.forEach(n -> out.append(' ').append(ShellWords.quote(n)));
        return out.toString();
    }

    /**
     * The test's name within its binary: {@code tests::adds} of {@code calc::tests::adds}.
     * Ids are {@code binary::name}; a binary is a crate name, which holds no {@code ::}.
     */
    static String testName(String id) {
        int sep = id.indexOf("::");
        return sep < 0 ? id : id.substring(sep + 2);
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
        return RecordedOutput.formatOf(report, REPORT, ReportFormat.CARGO_LIBTEST);
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of("CARGO_HOME", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN", "CARGO_TARGET_DIR", "RUSTFLAGS",
                "CARGO_NET_OFFLINE");
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return TEST_PATHS.isTestPath(relativePath);
    }

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return Optional.of(SandboxImage.RUST);
    }
}
