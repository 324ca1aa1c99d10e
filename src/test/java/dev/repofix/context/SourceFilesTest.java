package dev.repofix.context;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceFilesTest {
    @TempDir
    Path temp;

    @Test
    void neverReadsATrackedLinkThatLeadsOutOfTheRepository() throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo/inventory"));
        Path host = Files.writeString(temp.resolve("host.txt"), "db_password = 'e2e-host-0004'\n");
        Files.createSymbolicLink(repo.resolve("host.py"), host);
        FileIndex files = new FileIndex(temp.resolve("repo"), List.of("inventory/host.py"));

        assertThat(new SourceFiles(files).lines("inventory/host.py")).isEmpty();
        assertThat(files.refusals().notes())
                .containsExactly("not read: inventory/host.py: a link that leads outside the repository");
    }

    @Test
    void neverReadsALinkToTheProcessEnvironment() throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo/inventory"));
        Files.createSymbolicLink(repo.resolve("env.py"), Path.of("/proc/self/environ"));
        FileIndex files = new FileIndex(temp.resolve("repo"), List.of("inventory/env.py"));

        assertThat(new SourceFiles(files).lines("inventory/env.py")).isEmpty();
    }
}
