package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.LocalProcessExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real JUnit 5 project resolved from Maven Central into an empty repository that repofix owns. It
 * is kept in the build's {@link SharedEnvironmentCache}: a fresh build resolves it here, a later test
 * (or run) with the same {@code pom.xml} reuses it, and either way the test run below is offline.
 */
@Tag("slow")
class MavenEnvironmentSetupTest {
    @TempDir
    Path dir;

    private final LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());
    private final HostEnvironment host = HostEnvironment.fromSystem();

    private Path project() throws Exception {
        Path root = Files.createDirectories(dir.resolve("project"));
        Files.writeString(root.resolve("pom.xml"), """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>demo</groupId><artifactId>demo</artifactId><version>1</version>
                  <properties>
                    <maven.compiler.source>17</maven.compiler.source>
                    <maven.compiler.target>17</maven.compiler.target>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <dependencies>
                    <dependency>
                      <groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId>
                      <version>5.10.2</version><scope>test</scope>
                    </dependency>
                  </dependencies>
                  <build><plugins><plugin>
                    <artifactId>maven-surefire-plugin</artifactId><version>3.2.5</version>
                  </plugin></plugins></build>
                </project>
                """);
        Path test = Files.createDirectories(root.resolve("src/test/java/demo"));
        Files.writeString(test.resolve("AdditionTest.java"), """
                package demo;
                class AdditionTest {
                    @org.junit.jupiter.api.Test
                    void adds() { org.junit.jupiter.api.Assertions.assertEquals(2, 1 + 1); }
                }
                """);
        return root;
    }

    @Test
    void resolvesJunitAndTheSurefireProviderSoThatTestsRunOffline() throws Exception {
        Path root = project();
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        PreparedEnvironment env = EnvironmentSetup.of(RunSettings.defaults(), executor, host,
                SharedEnvironmentCache.dir(), Clock.systemUTC()).prepare(root, build);

        Path repository = env.folders().get(0).resolve("repository");
        assertThat(repository.resolve("org/junit/jupiter/junit-jupiter-api/5.10.2")).isDirectory();
        assertThat(repository.resolve("org/apache/maven/surefire/surefire-junit-platform/3.2.5")).isDirectory();
        assertThat(env.variables().get("MAVEN_OPTS")).contains(repository.toString());
        assertThat(root.resolve("target")).as("the checkout is left as it was").doesNotExist();
        try (Stream<Path> files = Files.list(repository)) {
            assertThat(files).isNotEmpty();
        }

        Command offline = env.applyTo(Command.shell(build.testCommand(root, null).shell() + " -o", root,
                CleanEnvironment.of(host, build.environmentNames(), Map.of()), Duration.ofMinutes(10)));
        ExecResult run = executor.run(offline);

        assertThat(run.succeeded()).as(run.output()).isTrue();
        assertThat(run.output()).contains("Tests run: 1, Failures: 0");
    }

    @Test
    void resolvesEveryPhasesPluginsWhenTheCodeDoesNotCompileSoTheTestsShowTheCompilersError() throws Exception {
        Path root = project();
        Files.writeString(root.resolve("pom.xml"), Files.readString(root.resolve("pom.xml"))
                .replace("<artifactId>demo</artifactId>", "<artifactId>demo-uncompiled</artifactId>"));
        Path main = Files.createDirectories(root.resolve("src/main/java/demo"));
        Files.writeString(main.resolve("Calc.java"), """
                package demo;
                class Calc {
                    int twice(int n) { return "2" * n; }
                }
                """);
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        EnvironmentSetup setup = EnvironmentSetup.of(RunSettings.defaults(), executor, host, dir.resolve("cache"),
                Clock.systemUTC());

        PreparedEnvironment env = setup.prepare(root, build);

        assertThat(env.description()).contains("but the code did not compile");
        Path repository = env.folders().get(0).resolve("repository");
        assertThat(repository.resolve("org/apache/maven/plugins/maven-surefire-plugin/3.2.5")).isDirectory();
        Command offline = env.applyTo(Command.shell(build.testCommand(root, null).shell() + " -o", root,
                CleanEnvironment.of(host, build.environmentNames(), Map.of()), Duration.ofMinutes(10)));
        ExecResult run = executor.run(offline);
        assertThat(run.succeeded()).isFalse();
        assertThat(run.output()).as("the compiler's error, not a plugin missing offline")
                .contains("COMPILATION ERROR").doesNotContain("could not be resolved");
        assertThat(setup.prepare(root, build).reused()).as("set up again: it lacks the test provider").isFalse();
    }
}
