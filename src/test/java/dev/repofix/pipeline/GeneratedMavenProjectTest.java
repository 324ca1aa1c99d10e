package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated bench project's bug variants, as written (their runs are {@code BenchFixTest}'s, slow). */
class GeneratedMavenProjectTest {
    @TempDir
    Path dir;

    @Test
    void reachedByEveryTestHasEveryUnrelatedClassRunTheBuggyMethodWithAnInputBothVersionsGetRight() throws Exception {
        Path project = GeneratedMavenProject.write(dir.resolve("p"), 2, Duration.ofMillis(300),
                GeneratedMavenProject.Framework.JUNIT4, GeneratedMavenProject.Bug.REACHED_BY_EVERY_TEST);

        assertThat(Files.readString(project.resolve(GeneratedMavenProject.CALC))).contains(GeneratedMavenProject.BUG)
                .doesNotContain("larger");
        for (int i = 1; i <= 2; i++) {
            String module = Files.readString(project.resolve("src/test/java/gen/other/Module" + i + "Test.java"));
            // JUnit 4's assertEquals takes the message first; sumTo(0) is 0 with `<` and with `<=`.
            assertThat(module).containsOnlyOnce("assertEquals(\"an empty sum\", 0, gen.Calc.sumTo(0));");
        }
        assertThat(Files.readString(project.resolve("src/test/java/gen/CalcTest.java"))).doesNotContain("picksTheLarger");
    }

    @Test
    void oneFixLeavesTheUnrelatedClassesAwayFromTheBuggyMethod() throws Exception {
        Path project = GeneratedMavenProject.write(dir.resolve("p"), 1, Duration.ofMillis(300),
                GeneratedMavenProject.Framework.JUNIT5, GeneratedMavenProject.Bug.ONE_FIX);

        assertThat(Files.readString(project.resolve("src/test/java/gen/other/Module1Test.java")))
                .doesNotContain("Calc");
    }
}
