package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StagedFilesTest {
    @TempDir
    Path root;

    @TempDir
    Path elsewhere;

    @Test
    void neverReadsAFileThatIsALinkOutOfTheCopy() throws IOException {
        Path host = Files.writeString(elsewhere.resolve("host.txt"), "secret = e2e-host-0007\n");
        Files.createSymbolicLink(root.resolve("host.py"), host);

        assertThatThrownBy(() -> new StagedFiles(root).read("host.py")).isInstanceOf(PatchRejected.class)
                .hasMessageContaining("host.py").hasMessageContaining("outside").hasMessageNotContaining("e2e-host-0007");
    }

    @Test
    void readsAFileThatIsALinkInsideTheCopyAndAMissingOneAsEmpty() throws Exception {
        Files.writeString(root.resolve("real.py"), "x = 1\n");
        Files.createSymbolicLink(root.resolve("alias.py"), Path.of("real.py"));

        assertThat(new StagedFiles(root).read("alias.py")).map(TextFile::render).contains("x = 1\n");
        assertThat(new StagedFiles(root).read("new.py")).isEmpty();
    }
}
