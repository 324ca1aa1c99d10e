package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Maven with Surefire (and Failsafe) reports under each module's {@code target/}. */
public final class MavenBuild implements BuildSystem {
    private static final Pattern REPORT = Pattern.compile("(.*/)?target/(surefire|failsafe)-reports/TEST-.*\\.xml");
    private static final TestPathRules TEST_PATHS = TestPathRules.of("java");

    /**
     * Full stack traces (old Surefire trims them to the test class), all modules even
     * after one fails, and no style or release checks: they judge formatting, not
     * behaviour, and would reject a correct patch.
     */
    static final String FLAGS = "-B -fae -DtrimStackTrace=false -Dcheckstyle.skip -Dspotless.check.skip=true "
            + "-Dspotless.apply.skip=true -Drat.skip -Dlicense.skip -Dmaven.javadoc.skip=true -Dpmd.skip "
            + "-Dcpd.skip -Dspotbugs.skip -Denforcer.skip -Djacoco.skip -Dgpg.skip";

    @Override
    public String name() {
        return "maven";
    }

    static boolean detects(Path root) {
        return Files.isRegularFile(root.resolve("pom.xml"));
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        if (override != null) {
            return new TestCommand(override, Map.of());
        }
        String mvn = Files.isExecutable(root.resolve("mvnw")) ? "./mvnw" : "mvn";
        return new TestCommand(mvn + " " + FLAGS + " test", Map.of());
    }

    /**
     * Surefire's {@code -Dtest=pkg.Class#m1+m2}; a parameterized name such as
     * {@code add(int)[2]} selects its method. Modules without those tests must not fail.
     */
    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        Map<String, Set<String>> byClass = new LinkedHashMap<>();
        for (String id : testIds) {
            int hash = id.indexOf('#');
            String cls = hash < 0 ? id : id.substring(0, hash);
            String method = hash < 0 ? "" : id.substring(hash + 1).replaceAll("[(\\[].*", "");
            Set<String> methods = byClass.computeIfAbsent(cls, k -> new LinkedHashSet<>());
            if (!method.isEmpty() && method.matches("[\\w$]+")) {
                methods.add(method);
            } else {
                methods.add("*"); // a class-level failure or an odd name: run the whole class
            }
        }
        StringJoiner selection = new StringJoiner(",");
        byClass.forEach((cls, methods) -> selection.add(methods.contains("*") ? cls : cls + "#" + String.join("+", methods)));
        String base = testCommand(root, null).shell().replaceFirst(" test$", "");
        return Optional.of(new TestCommand(base + " -Dtest='" + selection + "'"
                + " -Dsurefire.failIfNoSpecifiedTests=false -DfailIfNoTests=false test", Map.of()));
    }

    @Override
    public List<Path> reports(Path root) {
        return ReportFiles.find(root, rel -> REPORT.matcher(rel).matches());
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of("MAVEN_OPTS", "MAVEN_ARGS", "MAVEN_HOME", "M2_HOME", "MAVEN_CONFIG", "JAVA_TOOL_OPTIONS");
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
