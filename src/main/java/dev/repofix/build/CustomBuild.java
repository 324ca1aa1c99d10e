package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import dev.repofix.workspace.Language;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * A user-given test command in a repository whose build repofix does not know: any
 * JUnit-style XML under the usual report folders is read.
 */
public final class CustomBuild implements BuildSystem {
    private static final Pattern REPORT = Pattern.compile(
            "(.*/)?(TEST-[^/]*\\.xml|[^/]*junit[^/]*\\.xml|(test-results|test-reports|surefire-reports)/.*\\.xml)");
    private static final TestPathRules TEST_PATHS = TestPathRules.of(Stream.concat(
            Language.withEcosystem().stream().map(Language::key), Stream.of("generic")).toArray(String[]::new));

    /** Build files that give a repository's toolchain away, in the order they are looked for. */
    private static final Map<String, SandboxImage> TOOLCHAIN_FILES = new LinkedHashMap<>();

    static {
        for (String f : List.of("pom.xml", "build.gradle", "build.gradle.kts", "settings.gradle", "mvnw", "gradlew")) {
            TOOLCHAIN_FILES.put(f, SandboxImage.JVM);
        }
        TOOLCHAIN_FILES.put("package.json", SandboxImage.NODE);
        TOOLCHAIN_FILES.put("Cargo.toml", SandboxImage.RUST);
        TOOLCHAIN_FILES.put("go.mod", SandboxImage.GO);
        for (String f : List.of("pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", "tox.ini")) {
            TOOLCHAIN_FILES.put(f, SandboxImage.PYTHON);
        }
    }

    private final String command;
    private final Optional<SandboxImage> image;

    /** A command whose toolchain is unknown (the configured sandbox image runs it). */
    public CustomBuild(String command) {
        this(command, Optional.empty());
    }

    public CustomBuild(String command, Optional<SandboxImage> image) {
        this.command = Objects.requireNonNull(command, "command");
        this.image = Objects.requireNonNull(image, "image");
    }

    /** The toolchain the build files at {@code root} point to, e.g. {@code go.mod}: Go. */
    public static Optional<SandboxImage> toolchainOf(Path root) {
        return TOOLCHAIN_FILES.entrySet().stream().filter(e -> Files.exists(root.resolve(e.getKey())))
                .map(Map.Entry::getValue).findFirst();
    }

    @Override
    public String name() {
        return "custom";
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        return new TestCommand(override != null ? override : command, Map.of());
    }

    /** The command with the files appended ({@link TestFiles#appended}), as for any user's own command. */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        return Optional.of(new TestCommand(TestFiles.appended(command, testFiles), Map.of()));
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

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return image;
    }
}
