package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.MultiBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A Java backend and a Python tool in one repository, run with real {@code mvn} and {@code pytest}. */
@Tag("slow")
class MultiProjectRunTest {
    private static final String POM = """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>com.acme</groupId><artifactId>backend</artifactId><version>1.0</version>
              <properties><maven.compiler.release>17</maven.compiler.release>
              <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding></properties>
              <dependencies><dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId>
              <version>5.11.4</version><scope>test</scope></dependency></dependencies>
              <build><plugins>
                <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
                <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
                <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-surefire-plugin</artifactId><version>3.5.2</version></plugin>
              </plugins></build>
            </project>
            """;

    @TempDir
    Path root;

    @Test
    void runsEachProjectInItsFolderAndMapsItsFailuresToTheRepository() throws IOException {
        write("backend/pom.xml", POM);
        write("backend/src/main/java/com/acme/Prices.java", """
                package com.acme;

                public final class Prices {
                    public static int total(int a, int b) {
                        if (a < 0) {
                            throw new IllegalArgumentException("negative");
                        }
                        return a - b;
                    }
                }
                """);
        write("backend/src/test/java/com/acme/PricesTest.java", """
                package com.acme;

                import static org.junit.jupiter.api.Assertions.assertEquals;
                import static org.junit.jupiter.api.Assertions.assertThrows;
                import org.junit.jupiter.api.Test;

                class PricesTest {
                    @Test
                    void adds() {
                        assertEquals(5, Prices.total(2, 3));
                    }

                    @Test
                    void refusesNegatives() {
                        assertThrows(IllegalArgumentException.class, () -> Prices.total(-1, 0));
                    }
                }
                """);
        write("tools/pyproject.toml", "[project]\nname = \"tools\"\nversion = \"1\"\n");
        write("tools/calc.py", "def half(x):\n    return x // 3\n");
        write("tools/tests/test_calc.py", "from calc import half\n\n\ndef test_half():\n    assert half(4) == 2\n\n\n"
                + "def test_half_of_zero():\n    assert half(0) == 0\n");

        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        TestOutcome outcome = new TestRunner(new LocalProcessExecutor(Clock.systemUTC()),
                new HostEnvironment(Map.of("PATH", System.getenv("PATH"), "HOME", System.getProperty("user.home"))),
                ReportParsers.standard(), new StackFrameExtractor())
                .run(root, build, build.testCommand(root, null), new FileIndex(root, files()), Duration.ofMinutes(5));

        assertThat(build).isInstanceOf(MultiBuild.class);
        assertThat(build.name()).isEqualTo("maven+pytest");
        assertThat(outcome).isInstanceOf(TestOutcome.Completed.class);
        TestRun run = ((TestOutcome.Completed) outcome).run();
        assertThat(run.passing()).extracting(TestResult::id)
                .containsExactlyInAnyOrder("backend/com.acme.PricesTest#refusesNegatives", "tools/tests/test_calc.py::test_half_of_zero");
        assertThat(run.failing()).extracting(TestResult::id)
                .containsExactlyInAnyOrder("backend/com.acme.PricesTest#adds", "tools/tests/test_calc.py::test_half");
        assertThat(run.find("backend/com.acme.PricesTest#adds").orElseThrow().frames())
                .extracting(StackFrame::toString).contains("backend/src/test/java/com/acme/PricesTest.java:10 (adds)");
        assertThat(run.find("tools/tests/test_calc.py::test_half").orElseThrow().frames())
                .extracting(StackFrame::toString).contains("tools/tests/test_calc.py:5 (test_half)");
        assertThat(build.reproduceCommand(root, null, run.failing().stream().map(TestResult::id).toList()))
                .isEqualTo("(cd backend && mvn test -Dtest=PricesTest#adds); (cd tools && python3 -m pytest "
                        + "tests/test_calc.py::test_half)");
    }

    private List<String> files() throws IOException {
        return ProjectFiles.list(root);
    }

    private void write(String relative, String text) throws IOException {
        ProjectFiles.write(root, relative, text);
    }
}
