package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.testrun.JUnitXmlReportParser;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reproduction command, typed into a real shell with real {@code mvn} and
 * {@code pytest} in copies of the bundled examples: it runs exactly the tests that
 * failed in the full run, no fewer (it reproduces) and no more (it selects).
 */
@Tag("slow")
class ReproduceCommandTest {
    private static final String PINNED_PLUGINS = """
              <build>
                <plugins>
                  <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
                  <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
                  <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version></plugin>
                </plugins>
              </build>
            """;

    private final MavenBuild maven = new MavenBuild();
    private final PytestBuild pytest = new PytestBuild();

    @TempDir
    Path root;

    @Test
    void rerunsExactlyTheFailingTestOfTheMavenExample() throws Exception {
        copyExample("maven-bank");

        List<String> failing = failingIds(maven);
        String reproduce = maven.reproduceCommand(root, null, failing);

        assertThat(failing).containsExactly("com.example.bank.AccountTest#withdrawEntireBalanceLeavesZero");
        assertThat(reproduce).isEqualTo("mvn test -Dtest=AccountTest#withdrawEntireBalanceLeavesZero");
        assertThat(executedIds(maven, reproduce, Map.of())).containsExactlyInAnyOrderElementsOf(failing);
    }

    @Test
    void rerunsNestedAndParameterizedFailuresThroughTheShell() throws Exception {
        copyExample("maven-bank");
        write("src/test/java/com/example/bank/NestingTest.java", """
                package com.example.bank;

                import static org.junit.jupiter.api.Assertions.assertEquals;

                import org.junit.jupiter.api.Nested;
                import org.junit.jupiter.api.Test;
                import org.junit.jupiter.params.ParameterizedTest;
                import org.junit.jupiter.params.provider.ValueSource;

                class NestingTest {
                    @Test
                    void outerPasses() {}

                    @ParameterizedTest(name = "withdraws {0}")
                    @ValueSource(ints = {100, 200})
                    void withdrawsAll(int amount) {
                        Account a = new Account("ada", amount);
                        a.withdraw(amount);
                        assertEquals(0, a.balance());
                    }

                    @Nested
                    class Inner {
                        @Test
                        void innerFails() { assertEquals(1, 2); }

                        @Test
                        void innerPasses() {}
                    }
                }
                """);

        List<String> failing = failingIds(maven);
        String reproduce = maven.reproduceCommand(root, null, failing);

        assertThat(failing).hasSize(4).contains("com.example.bank.NestingTest$Inner#innerFails",
                "com.example.bank.NestingTest#withdrawsAll(int)[2]");
        assertThat(reproduce).startsWith("mvn test -Dtest='").contains("NestingTest$Inner#innerFails", "NestingTest#withdrawsAll");
        assertThat(executedIds(maven, reproduce, Map.of())).containsExactlyInAnyOrderElementsOf(failing);
    }

    @Test
    void rerunsTheFailingTestInItsModuleOfAMultiModuleBuild() throws Exception {
        write("pom.xml", pom("parent", "<packaging>pom</packaging>\n<modules><module>core</module><module>app</module></modules>",
                "", PINNED_PLUGINS));
        write("core/pom.xml", pom("core", "", "", ""));
        write("core/src/main/java/c/Core.java", "package c; public class Core { public static int one() { return 1; } }");
        write("core/src/test/java/c/CoreTest.java", "package c; class CoreTest { @org.junit.jupiter.api.Test void ok() {} }");
        write("app/pom.xml", pom("app", "", "<dependency><groupId>com.example</groupId><artifactId>core</artifactId>"
                + "<version>1.0</version></dependency>", ""));
        write("app/src/main/java/a/App.java", "package a; public class App { public static int two() { return c.Core.one(); } }");
        write("app/src/test/java/a/AppTest.java", """
                package a;
                class AppTest {
                    @org.junit.jupiter.api.Test void two() { org.junit.jupiter.api.Assertions.assertEquals(2, App.two()); }
                    @org.junit.jupiter.api.Test void ok() {}
                }
                """);

        List<String> failing = failingIds(maven);
        String reproduce = maven.reproduceCommand(root, null, failing);

        assertThat(failing).containsExactly("a.AppTest#two");
        assertThat(reproduce).isEqualTo("mvn test -pl app -am -Dtest=AppTest#two -Dsurefire.failIfNoSpecifiedTests=false");
        assertThat(executedIds(maven, reproduce, Map.of())).containsExactly("a.AppTest#two");
    }

    @Test
    void rerunsExactlyTheFailingPytestTestsWithSpacesAndQuotesInTheirIds() throws Exception {
        copyExample("python-inventory");
        write("tests/test_labels.py", """
                import pytest

                from inventory.stock import Item, needs_restock


                @pytest.mark.parametrize("label", ["two words", "it's", "plain"])
                def test_at_level_with_label(label):
                    assert needs_restock(Item(label, 10, 10))


                def test_above_level():
                    assert not needs_restock(Item("x", 11, 10))
                """);
        Map<String, String> reportOnly = pytest.testCommand(root, null).extraEnv();

        List<String> failing = failingIds(pytest);
        String reproduce = pytest.reproduceCommand(root, null, failing);

        assertThat(failing).hasSize(4).contains("tests/test_labels.py::test_at_level_with_label[two words]",
                "tests/test_labels.py::test_at_level_with_label[it's]");
        assertThat(reproduce).startsWith("python3 -m pytest ").doesNotContain("junitxml");
        assertThat(executedIds(pytest, reproduce, reportOnly)).containsExactlyInAnyOrderElementsOf(failing);
    }

    /** The failing tests of a full run through the build's own test command, as the pipeline sees them. */
    private List<String> failingIds(BuildSystem build) throws Exception {
        TestCommand command = build.testCommand(root, null);
        run(command.shell(), command.extraEnv());
        return results(build).stream().filter(t -> t.status() == TestStatus.FAILED || t.status() == TestStatus.ERRORED)
                .map(TestResult::id).toList();
    }

    /** The tests a command ran, from the reports it wrote (earlier reports removed first). */
    private List<String> executedIds(BuildSystem build, String command, Map<String, String> env) throws Exception {
        for (Path report : build.reports(root)) {
            Files.delete(report);
        }
        run(command, env);
        List<TestResult> results = results(build);
        assertThat(results).allSatisfy(t -> assertThat(t.status()).isIn(TestStatus.FAILED, TestStatus.ERRORED));
        return results.stream().map(TestResult::id).toList();
    }

    private List<TestResult> results(BuildSystem build) {
        JUnitXmlReportParser parser = new JUnitXmlReportParser();
        return build.reports(root).stream().flatMap(r -> parser.parse(r).stream()).toList();
    }

    private void run(String command, Map<String, String> env) throws Exception {
        Path log = Files.createTempFile("repofix-reproduce", ".log");
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", command).directory(root.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("'" + command + "' did not finish in 5 minutes; output in " + log);
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        Files.delete(log);
        // The failing tests fail the command; a build error must not pass for that.
        assertThat(output).as(command).doesNotContain("COMPILATION ERROR", "No tests matching pattern",
                "Could not resolve dependencies", "ERROR: file or directory not found", "ERROR: not found");
    }

    private static String pom(String artifact, String extra, String dependencies, String build) {
        String parent = artifact.equals("parent") ? ""
                : "<parent><groupId>com.example</groupId><artifactId>parent</artifactId><version>1.0</version></parent>";
        String deps = artifact.equals("parent") ? """
                <dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId>
                <version>5.11.4</version><scope>test</scope></dependency></dependencies>
                <properties><maven.compiler.release>17</maven.compiler.release>
                <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
                """ : "<dependencies>" + dependencies + "</dependencies>";
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  %s
                  <groupId>com.example</groupId><artifactId>%s</artifactId><version>1.0</version>
                  %s
                  %s
                  %s
                </project>
                """.formatted(parent, artifact, extra, deps, build);
    }

    private void write(String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private void copyExample(String example) throws IOException {
        Path from = Path.of("examples", example);
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.filter(Files::isRegularFile).sorted(Comparator.naturalOrder()).toList()) {
                String rel = from.relativize(p).toString();
                if (!rel.startsWith("target") && !rel.contains("__pycache__")) {
                    Files.createDirectories(root.resolve(rel).getParent());
                    Files.copy(p, root.resolve(rel));
                }
            }
        }
    }
}
