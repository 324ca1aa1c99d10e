package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MavenBuildTest {
    private final MavenBuild maven = new MavenBuild();

    @TempDir
    Path root;

    @Test
    void findsSurefireAndFailsafeReportsOfEveryModuleSorted() throws IOException {
        touch("target/surefire-reports/TEST-com.acme.RootTest.xml");
        touch("core/target/surefire-reports/TEST-com.acme.core.AccountTest.xml");
        touch("core/target/failsafe-reports/TEST-com.acme.core.AccountIT.xml");
        touch("services/api/target/surefire-reports/TEST-com.acme.api.ApiTest.xml");

        assertThat(maven.reports(root)).containsExactly(
                root.resolve("core/target/failsafe-reports/TEST-com.acme.core.AccountIT.xml"),
                root.resolve("core/target/surefire-reports/TEST-com.acme.core.AccountTest.xml"),
                root.resolve("services/api/target/surefire-reports/TEST-com.acme.api.ApiTest.xml"),
                root.resolve("target/surefire-reports/TEST-com.acme.RootTest.xml"));
    }

    @Test
    void ignoresOtherFilesInTheReportFolders() throws IOException {
        touch("core/target/surefire-reports/com.acme.core.AccountTest.txt");
        touch("core/target/surefire-reports/testng-results.xml");
        touch("core/target/site/TEST-com.acme.Old.xml");
        touch("core/TEST-stray.xml");
        touch("node_modules/x/target/surefire-reports/TEST-x.xml");

        assertThat(maven.reports(root)).isEmpty();
    }

    @Test
    void findsNoReportsInAMissingDirectory() {
        assertThat(maven.reports(root.resolve("absent"))).isEmpty();
    }

    @Test
    void runsMvnWithFullTracesAndNoStyleChecks() {
        TestCommand command = maven.testCommand(root, null);

        assertThat(command.shell()).startsWith("mvn -B -fae -DtrimStackTrace=false").endsWith(" test")
                .contains("-Dcheckstyle.skip", "-Denforcer.skip");
        assertThat(command.extraEnv()).isEmpty();
    }

    @Test
    void prefersAnExecutableWrapper() throws IOException {
        Path mvnw = root.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertThat(maven.testCommand(root, null).shell()).startsWith("./mvnw -B ");
    }

    @Test
    void usesTheUsersCommandAsGiven() {
        assertThat(maven.testCommand(root, "mvn -pl core test").shell()).isEqualTo("mvn -pl core test");
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', textBlock = """
            src/test/java/com/acme/AccountTest.java         | true
            core/src/test/java/com/acme/AccountTest.java    | true
            core/src/test/resources/fixture.json            | true
            src/it/java/com/acme/AccountIT.java             | true
            src/integration-test/java/com/acme/DbIT.java    | true
            lib/src/testFixtures/java/com/acme/Fakes.java   | true
            src/main/java/com/acme/Account.java             | false
            src/main/java/com/acme/TestUtils.java           | false
            src/main/java/com/acme/test/Fixture.java        | false
            src/testing/java/Foo.java                       | false
            pom.xml                                         | false
            test/Foo.java                                   | false
            """)
    void tellsTestPathsFromSource(String path, boolean test) {
        assertThat(maven.isTestPath(path)).isEqualTo(test);
    }

    @Test
    void asksForMavensOwnVariables() {
        assertThat(maven.environmentNames()).contains("MAVEN_OPTS", "JAVA_TOOL_OPTIONS");
        assertThat(maven.name()).isEqualTo("maven");
    }

    private void touch(String relative) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "<testsuite/>");
    }

    @org.junit.jupiter.api.Test
    void selectsTestsByClassAndMethodForSurefire(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root) {
        var cmd = maven.selectedTestCommand(root, null, java.util.List.of(
                "com.acme.AccountTest#withdraw", "com.acme.AccountTest#deposit", "com.acme.CalcTest#add(int, int)[2]",
                "com.acme.BrokenTest", "com.acme.WeirdTest#has space"));
        org.assertj.core.api.Assertions.assertThat(cmd).isPresent();
        org.assertj.core.api.Assertions.assertThat(cmd.get().shell())
                .contains("-Dtest='com.acme.AccountTest#withdraw+deposit,com.acme.CalcTest#add,com.acme.BrokenTest,"
                        + "com.acme.WeirdTest'")
                .contains("-Dsurefire.failIfNoSpecifiedTests=false")
                .endsWith(" test");
    }

    @org.junit.jupiter.api.Test
    void cannotSelectTestsOfACustomCommand(@org.junit.jupiter.api.io.TempDir java.nio.file.Path root) {
        org.assertj.core.api.Assertions.assertThat(
                maven.selectedTestCommand(root, "make test", java.util.List.of("a.B#c"))).isEmpty();
    }
}
