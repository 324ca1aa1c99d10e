package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reading the baseline's test class path from the properties Surefire writes into its reports. */
class MavenTestClasspathTest {
    @TempDir
    Path dir;

    @Test
    void aPlainProjectsOutputsAreKeptApartFromItsDependencies() throws IOException {
        Path report = report(join(dir.resolve("target/test-classes"), dir.resolve("target/classes"), jar("junit")), "");

        MavenTestClasspath cp = MavenTestClasspath.fromReports(dir, List.of(report));

        assertThat(cp.classes()).isEqualTo(dir.resolve("target/classes").toAbsolutePath());
        assertThat(cp.testClasses()).isEqualTo(dir.resolve("target/test-classes").toAbsolutePath());
        assertThat(cp.dependencies()).containsExactly(jar("junit"));
    }

    /**
     * Surefire tests a project whose main sources are a Java module with {@code target/classes}
     * (and the modules it requires) on the module path: the class path alone lacks them.
     */
    @Test
    void aJavaModulesClassesAreReadFromTheModulePath() throws IOException {
        Path report = report(join(dir.resolve("target/test-classes"), jar("junit")),
                join(dir.resolve("target/classes"), jar("required-module")));

        MavenTestClasspath cp = MavenTestClasspath.fromReports(dir, List.of(report));

        assertThat(cp.classes()).isEqualTo(dir.resolve("target/classes").toAbsolutePath());
        assertThat(cp.testClasses()).isEqualTo(dir.resolve("target/test-classes").toAbsolutePath());
        assertThat(cp.dependencies()).containsExactly(jar("junit"), jar("required-module"));
    }

    @Test
    void anotherOutputOfTheProjectOnTheModulePathIsRefusedAsOnTheClassPath() throws IOException {
        Path report = report(join(dir.resolve("target/test-classes"), jar("junit")),
                join(dir.resolve("target/classes"), dir.resolve("core/target/classes")));

        assertThatThrownBy(() -> MavenTestClasspath.fromReports(dir, List.of(report)))
                .isInstanceOf(BuildException.class).hasMessageContaining("holds other outputs of the project");
    }

    @Test
    void withoutTheClassesOnEitherPathThereIsNoScreeningClassPath() throws IOException {
        Path report = report(join(dir.resolve("target/test-classes"), jar("junit")), join(jar("required-module")));

        assertThatThrownBy(() -> MavenTestClasspath.fromReports(dir, List.of(report)))
                .isInstanceOf(BuildException.class).hasMessageContaining("is not this module's target/classes");
    }

    private Path jar(String name) {
        return dir.getParent().resolve("m2").resolve(name + ".jar").toAbsolutePath();
    }

    private static String join(Path... entries) {
        return String.join(File.pathSeparator, java.util.Arrays.stream(entries).map(Path::toString).toList());
    }

    private Path report(String classPath, String modulePath) throws IOException {
        Path report = dir.resolve("target/surefire-reports/TEST-gen.CalcTest.xml");
        Files.createDirectories(report.getParent());
        Files.writeString(report, """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuite name="gen.CalcTest" tests="1" failures="0" errors="0" skipped="0" time="0.01">
                  <properties>
                    <property name="surefire.test.class.path" value="%s"/>
                    %s
                  </properties>
                  <testcase name="sums" classname="gen.CalcTest" time="0.001"/>
                </testsuite>
                """.formatted(classPath, modulePath.isBlank() ? ""
                        : "<property name=\"jdk.module.path\" value=\"" + modulePath + "\"/>"));
        return report;
    }
}
