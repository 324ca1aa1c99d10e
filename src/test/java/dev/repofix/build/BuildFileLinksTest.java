package dev.repofix.build;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The build files a build reads (pytest settings, go.mod, package.json, a POM) are the
 * repository's: one that is a link out of it is never read, whatever it points to.
 */
class BuildFileLinksTest {
    @TempDir
    Path root;

    @TempDir
    Path elsewhere;

    private void linkOut(String name, String text) throws IOException {
        Path host = Files.writeString(elsewhere.resolve(name), text);
        Files.createSymbolicLink(root.resolve(name), host);
    }

    @Test
    void pytestNeverReadsSettingsThroughALinkOut() throws IOException {
        linkOut("setup.cfg", "[tool:pytest]\naddopts = --junitxml=e2e-host-0009.xml\n");

        assertThat(PytestBuild.ownReport(root, "python3 -m pytest")).isEmpty();
    }

    @Test
    void unittestNeverReadsSettingsThroughALinkOut() throws IOException {
        linkOut("setup.cfg", "[tool:pytest]\n");

        assertThat(UnittestBuild.hasPytestConfiguration(root)).isFalse();
    }

    @Test
    void goNeverReadsGoModThroughALinkOut() throws IOException {
        linkOut("go.mod", "module e2e.host/secret0010\n");

        assertThat(GoBuild.modulePath(root)).isEmpty();
    }

    @Test
    void nodeNeverReadsPackageJsonThroughALinkOut() throws IOException {
        linkOut("package.json", "HOME=/root\u0000TOKEN=e2e-host-0011\u0000");

        assertThatThrownBy(() -> NodeBuild.testScript(root)).isInstanceOf(BuildException.class)
                .hasMessageContaining("package.json").hasMessageContaining("outside the repository")
                .hasMessageNotContaining("e2e-host-0011").hasMessageNotContaining("TOKEN");
    }

    @Test
    void mavenNeverReadsAPomThroughALinkOut() throws IOException {
        linkOut("pom.xml", """
                <project><build><plugins><plugin><artifactId>maven-surefire-plugin</artifactId>
                <configuration><reportsDirectory>e2e-host-0012</reportsDirectory></configuration>
                </plugin></plugins></build></project>
                """);

        assertThat(SurefireReportDirectories.of(root.resolve("pom.xml"))).isEmpty();
    }
}
