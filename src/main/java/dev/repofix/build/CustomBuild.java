package dev.repofix.build;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A user-given test command in a repository whose build repofix does not know: any
 * JUnit-style XML under the usual report folders is read.
 */
public final class CustomBuild implements BuildSystem {
    private static final Pattern REPORT = Pattern.compile(
            "(.*/)?(TEST-[^/]*\\.xml|[^/]*junit[^/]*\\.xml|(test-results|test-reports|surefire-reports)/.*\\.xml)");
    private static final TestPathRules TEST_PATHS = TestPathRules.of("java", "python", "go", "javascript", "rust", "generic");

    private final String command;

    public CustomBuild(String command) {
        this.command = Objects.requireNonNull(command, "command");
    }

    @Override
    public String name() {
        return "custom";
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        return new TestCommand(override != null ? override : command, Map.of());
    }

    @Override
    public List<Path> reports(Path root) {
        return ReportFiles.find(root, rel -> REPORT.matcher(rel).matches());
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of();
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return TEST_PATHS.isTestPath(relativePath);
    }
}
