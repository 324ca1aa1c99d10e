package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.SandboxImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GradleBuildTest {
    private final GradleBuild gradle = new GradleBuild();

    @TempDir
    Path root;

    @Test
    void runsTheProjectsOwnWrapperWhenItHasOneAndGoesOnAfterAFailure() throws IOException {
        assertThat(gradle.testCommand(root, null).shell()).isEqualTo("gradle test --continue");

        Path wrapper = Files.writeString(root.resolve("gradlew"), "#!/bin/sh\n");
        Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));

        assertThat(gradle.testCommand(root, null).shell()).isEqualTo("./gradlew test --continue");
        assertThat(gradle.testCommand(root, "./gradlew check").shell()).isEqualTo("./gradlew check");
        assertThat(gradle.sandboxImage()).contains(SandboxImage.JVM);
    }

    @Test
    void findsTheReportsOfEverySubprojectAndTestTask() throws IOException {
        write("build/test-results/test/TEST-a.RootTest.xml");
        write("app/build/test-results/test/TEST-a.AppTest.xml");
        write("lib/core/build/test-results/integrationTest/TEST-a.CoreIT.xml");
        write("app/build/test-results/test/binary/output.bin");
        write("app/build/reports/tests/test/index.html");
        write("src/test/resources/build/test-results/test/TEST-fixture.xml".replace("build/", "data/"));

        assertThat(gradle.reports(root)).extracting(p -> root.relativize(p).toString()).containsExactly(
                "app/build/test-results/test/TEST-a.AppTest.xml",
                "build/test-results/test/TEST-a.RootTest.xml",
                "lib/core/build/test-results/integrationTest/TEST-a.CoreIT.xml");
    }

    @Test
    void selectsAndReproducesTestsWithTestsFilters() {
        List<String> ids = List.of("com.acme.PricesTest#adds()", "com.acme.PricesTest#[1] a",
                "com.acme.Outer$InnerTest#works", "com.acme.PricesTest#adds()");

        assertThat(gradle.selectedTestCommand(root, null, ids).orElseThrow().shell()).isEqualTo(
                "gradle test --continue --tests com.acme.PricesTest.adds --tests com.acme.PricesTest "
                        + "--tests 'com.acme.Outer$InnerTest.works'");
        assertThat(gradle.reproduceCommand(root, null, List.of("com.acme.PricesTest#adds()")))
                .isEqualTo("gradle test --tests com.acme.PricesTest.adds");
        assertThat(gradle.selectedTestCommand(root, "./gradlew check", ids)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource({
        "app/src/test/java/a/ATest.java, true",
        "app/src/integrationTest/kotlin/a/AIT.kt, true",
        "app/src/functionalTest/groovy/a/ASpec.groovy, true",
        "app/src/testFixtures/java/a/Fixtures.java, true",
        "app/src/main/java/a/A.java, false",
        "buildSrc/src/main/kotlin/Conventions.kt, false"})
    void tellsTestSourceSetsFromMain(String path, boolean test) {
        assertThat(gradle.isTestPath(path)).isEqualTo(test);
    }

    private void write(String relative) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "<testsuite/>");
    }
}
