package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.ProtectedPaths.Protection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProtectedPathsTest {
    @Test
    void readmeShowsTheWholeTable() throws Exception {
        String readme = Files.readString(Path.of("README.md"));

        assertThat(readme).as("README.md's security model must hold ProtectedPaths.markdownTable() as it is now")
                .contains(ProtectedPaths.markdownTable());
    }

    @Test
    void buildFilesThatRunCodeComeAfterWhatIsRefusedAlwaysSoThatAnInitScriptIsNeverOnlyABuildScript() {
        List<Protection> order = ProtectedPaths.rows().stream().map(ProtectedPaths.Row::protection).toList();

        assertThat(order).isSorted();
        assertThat(ProtectedPaths.find(List.of("gradle", "release.init.gradle"), Protection.ALWAYS)).isPresent();
        assertThat(ProtectedPaths.find(List.of("build.gradle"), Protection.ALWAYS)).isEmpty();
        assertThat(ProtectedPaths.find(List.of("build.gradle"), Protection.OUTSIDE_DOCKER)).isPresent();
    }

    @Test
    void matchesFoldedSegmentsAtAnyDepthOnlyWhereTheGlobSaysSo() {
        assertThat(ProtectedPaths.find(List.of("services", "api", "conftest.py"), Protection.OUTSIDE_DOCKER))
                .hasValueSatisfying(r -> assertThat(r.ecosystem()).isEqualTo("pytest, unittest"));
        assertThat(ProtectedPaths.find(List.of("docs", ".circleci", "config.yml"), Protection.ALWAYS)).isEmpty();
        assertThat(ProtectedPaths.find(List.of(".circleci", "config.yml"), Protection.ALWAYS)).isPresent();
    }
}
