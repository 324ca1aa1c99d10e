package dev.repofix.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** Maven with Surefire (and Failsafe) reports under each module's {@code target/}. */
public final class MavenBuild implements BuildSystem {
    private static final Pattern REPORT = Pattern.compile("(.*/)?target/(surefire|failsafe)-reports/TEST-.*\\.xml");
    private static final Pattern TEST_PATH = Pattern.compile("(.*/)?src/(test|it|integration-test|testFixtures)/.*");

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
        return TEST_PATH.matcher(relativePath).matches();
    }
}
