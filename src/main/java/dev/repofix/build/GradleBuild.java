package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Gradle, with the project's own wrapper when it has one; JUnit XML reports under each
 * (sub)project's {@code build/test-results/<task>/}. Gradle names a JUnit 5 test
 * {@code method()} or by its display name ({@code [1] a}, {@code repetition 1 of 5}).
 */
public final class GradleBuild implements BuildSystem {
    static final List<String> BUILD_FILES = List.of("build.gradle", "build.gradle.kts", "settings.gradle",
            "settings.gradle.kts");
    private static final Pattern REPORT = Pattern.compile("(.*/)?build/test-results/[^/]+/(.*/)?TEST-[^/]*\\.xml");
    /** JVM test sources, plus Gradle's custom test suites ({@code src/integrationTest}, {@code src/functionalTest}). */
    static final TestPathRules TEST_PATHS = TestPathRules.ofGlobs(List.of("**/src/test/**", "**/src/it/**",
            "**/src/integration-test/**", "**/src/testFixtures/**", "**/src/*Test/**"));
    /** A method's name as Gradle writes it for JUnit 5: {@code adds()}. */
    private static final Pattern METHOD = Pattern.compile("([\\w$]+)(?:\\(\\))?");

    static Ecosystem.Detection detect(Path folder) {
        return BUILD_FILES.stream().anyMatch(f -> Files.isRegularFile(folder.resolve(f)))
                ? Ecosystem.Detection.BUILD_FILE : Ecosystem.Detection.NONE;
    }

    @Override
    public String name() {
        return "gradle";
    }

    /** {@code ./gradlew test --continue}: every subproject's tests run even after one fails. */
    @Override
    public TestCommand testCommand(Path root, String override) {
        return new TestCommand(override != null ? override : gradle(root) + " test --continue", Map.of());
    }

    /** {@code --tests com.acme.FooTest.adds} per test; a display name selects its whole class. */
    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new TestCommand(gradle(root) + " test --continue" + filters(testIds), Map.of()));
    }

    /** {@code --tests com.acme.CalcTest} per class the JVM sources among the files declare; none, the whole suite. */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        return TestFiles.jvmClasses(testFiles).flatMap(classes -> selectedTestCommand(root, null, classes));
    }

    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        if (override != null) {
            return override;
        }
        return gradle(root) + " test" + filters(failingTestIds);
    }

    private static String filters(List<String> testIds) {
        Set<String> filters = new LinkedHashSet<>();
        for (String id : testIds) {
            int hash = id.indexOf('#');
            String cls = hash < 0 ? id : id.substring(0, hash);
            String name = hash < 0 ? "" : id.substring(hash + 1);
            var method = METHOD.matcher(name);
            // Gradle filters nested classes by their binary name with '$' as written.
            filters.add(method.matches() ? cls + "." + method.group(1) : cls);
        }
        StringBuilder out = new StringBuilder();
        filters.forEach(f -> out.append(" --tests ").append(ShellWords.quote(f)));
        return out.toString();
    }

    private static String gradle(Path root) {
        return Files.isExecutable(root.resolve("gradlew")) ? "./gradlew" : "gradle";
    }

    @Override
    public List<Path> reports(Path root) {
        return ReportFiles.find(root, rel -> REPORT.matcher(rel).matches());
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of("GRADLE_OPTS", "GRADLE_USER_HOME", "JAVA_TOOL_OPTIONS");
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return TEST_PATHS.isTestPath(relativePath);
    }

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return Optional.of(SandboxImage.JVM);
    }
}
