package dev.repofix.repair.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SourceCacheTest {
    @TempDir
    Path temp;

    @Test
    void neverReadsATrackedLinkThatLeadsOutOfTheRepository() throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo/inventory"));
        Path host = Files.writeString(temp.resolve("host.txt"), "db_password = 'e2e-host-0003'\n");
        Files.createSymbolicLink(repo.resolve("host.py"), host);
        Files.writeString(repo.resolve("stock.py"), "x = 1\n");
        FileIndex files = new FileIndex(temp.resolve("repo"), List.of("inventory/host.py", "inventory/stock.py"));
        SourceCache cache = new SourceCache(files);

        assertThat(cache.text("inventory/host.py")).isEmpty();
        assertThat(cache.get("inventory/host.py")).isEmpty();
        assertThat(cache.text("inventory/stock.py")).contains("x = 1\n");
        assertThat(files.refusals().notes())
                .containsExactly("not read: inventory/host.py: a link that leads outside the repository");
    }
}
