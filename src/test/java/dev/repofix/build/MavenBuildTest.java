package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.IntStream;
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

    @Test
    void reproducesAFailingTestAsADeveloperTypesIt() throws IOException {
        touch("pom.xml");
        touch("src/test/java/com/acme/RangesTest.java");

        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.RangesTest#countsHalfOpenRange")))
                .isEqualTo("mvn test -Dtest=RangesTest#countsHalfOpenRange");
    }

    @Test
    void reproducesSeveralMethodsAndClassesInOneSelection() throws IOException {
        touch("src/test/java/com/acme/AccountTest.java");
        touch("src/test/java/com/acme/CalcTest.java");
        touch("src/test/java/com/acme/LedgerTest.java");

        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.AccountTest#withdraw",
                "com.acme.CalcTest#add(int, int)[2]", "com.acme.AccountTest#deposit", "com.acme.CalcTest#add(int, int)[3]",
                "com.acme.LedgerTest", "com.acme.LedgerTest#has space")))
                .isEqualTo("mvn test -Dtest=AccountTest#withdraw+deposit,CalcTest#add,LedgerTest");
    }

    @Test
    void quotesANestedClassForTheShell() throws IOException {
        touch("src/test/java/com/acme/OuterTest.java");

        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.OuterTest$Inner#fails", "com.acme.OuterTest#outer")))
                .isEqualTo("mvn test -Dtest='OuterTest$Inner#fails,OuterTest#outer'");
    }

    @Test
    void namesAClassFullyWhenItsSimpleNameIsAmbiguousOrItsSourceUnknown() throws IOException {
        touch("src/test/java/com/acme/AccountTest.java");
        touch("src/test/java/com/other/AccountTest.java");

        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.AccountTest#withdraw", "com.acme.GeneratedTest#x")))
                .isEqualTo("mvn test -Dtest=com.acme.AccountTest#withdraw,com.acme.GeneratedTest#x");
    }

    @Test
    void reproducesWithTheWrapperWhenThereIsOne() throws IOException {
        Path mvnw = root.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.AccountTest#withdraw")))
                .isEqualTo("./mvnw test -Dtest=com.acme.AccountTest#withdraw");
    }

    @Test
    void reproducesInTheModulesThatHoldTheFailingTests() throws IOException {
        Files.writeString(root.resolve("pom.xml"), "<project><modules><module>core</module></modules></project>");
        touch("core/pom.xml");
        touch("core/src/test/java/com/acme/AccountTest.java");
        touch("services/api/pom.xml");
        touch("services/api/src/test/java/com/acme/api/ApiTest.java");

        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.AccountTest#withdraw")))
                .isEqualTo("mvn test -pl core -am -Dtest=AccountTest#withdraw -Dsurefire.failIfNoSpecifiedTests=false");
        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.api.ApiTest#get", "com.acme.AccountTest#withdraw")))
                .isEqualTo("mvn test -pl services/api,core -am -Dtest=ApiTest#get,AccountTest#withdraw"
                        + " -Dsurefire.failIfNoSpecifiedTests=false");
        assertThat(maven.reproduceCommand(root, null, List.of("com.acme.AccountTest#withdraw", "com.acme.GoneTest#x")))
                .as("a module unknown: every module runs, none may fail for lack of the tests")
                .isEqualTo("mvn test -Dtest=AccountTest#withdraw,com.acme.GoneTest#x -Dsurefire.failIfNoSpecifiedTests=false");
    }

    @Test
    void reproducesManyFailuresByClassAndVeryManyWithTheWholeSuite() {
        List<String> elevenInTwoClasses = IntStream.range(0, 11).mapToObj(i -> (i % 2 == 0 ? "a.ATest#t" : "b.BTest#t") + i)
                .toList();
        List<String> elevenClasses = IntStream.range(0, 11).mapToObj(i -> "a.T" + i + "Test#t").toList();

        assertThat(maven.reproduceCommand(root, null, elevenInTwoClasses)).isEqualTo("mvn test -Dtest=a.ATest,b.BTest");
        assertThat(maven.reproduceCommand(root, null, elevenClasses)).isEqualTo("mvn test");
        assertThat(maven.reproduceCommand(root, null, List.of())).isEqualTo("mvn test");
    }

    @Test
    void reproducesWithTheUsersCommandAsGiven() {
        assertThat(maven.reproduceCommand(root, "mvn -pl core verify", List.of("com.acme.AccountTest#withdraw")))
                .isEqualTo("mvn -pl core verify");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            ${project.build.directory}/test-reports      | core/target/test-reports/TEST-com.acme.AccountTest.xml
            ${project.basedir}/build/junit               | core/build/junit/TEST-com.acme.AccountTest.xml
            ${basedir}/build/junit                       | core/build/junit/TEST-com.acme.AccountTest.xml
            reports/unit                                 | core/reports/unit/TEST-com.acme.AccountTest.xml
            ${custom.reports}/unit                       | core/target/custom/unit/TEST-com.acme.AccountTest.xml
            """)
    void findsReportsWhereAModulesPomMovesThem(String reportsDirectory, String report) throws IOException {
        Files.writeString(root.resolve("pom.xml"), "<project><modules><module>core</module></modules></project>");
        touch("core/pom.xml");
        Files.writeString(root.resolve("core/pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0"><build><pluginManagement><plugins><plugin>
                  <groupId>org.apache.maven.plugins</groupId>
                  <artifactId>maven-surefire-plugin</artifactId>
                  <configuration><reportsDirectory>%s</reportsDirectory></configuration>
                </plugin></plugins></pluginManagement></build></project>
                """.formatted(reportsDirectory));
        touch(report);

        assertThat(maven.reports(root)).containsExactly(root.resolve(report));
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

    @Test
    void tellsAFailedCompileOfTheMainCodeFromOneOfTheTests() {
        String main = "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.12.1:compile "
                + "(default-compile) on project calc: Compilation failure";

        assertThat(maven.mainCodeDidNotCompile(main)).isTrue();
        assertThat(maven.mainCodeDidNotCompile(main.replace(":compile (default-compile)",
                ":testCompile (default-testCompile)"))).isFalse();
        assertThat(maven.mainCodeDidNotCompile("[ERROR] There are test failures.")).isFalse();
    }
}
