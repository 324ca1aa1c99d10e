package dev.repofix.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.PatchText;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelPatchTest {
    @TempDir
    Path temp;

    @Test
    void labelsAnEditBlockWithTheLineItRemoves() throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo/inventory"));
        Files.writeString(repo.resolve("stock.py"), "a = 1\nb = 2\nc = 3\n");
        FileIndex files = new FileIndex(temp.resolve("repo"), List.of("inventory/stock.py"));

        PatchCandidate c = ModelPatch.candidate("m1", "model", "d", edit("inventory/stock.py", "c = 3"), files);

        assertThat(c.line()).isEqualTo(3);
    }

    @Test
    void neverReadsATrackedLinkThatLeadsOutOfTheRepository() throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo/inventory"));
        Path host = Files.writeString(temp.resolve("host.txt"), "one\ntwo\nsecret = e2e-host-0006\n");
        Files.createSymbolicLink(repo.resolve("host.py"), host);
        FileIndex files = new FileIndex(temp.resolve("repo"), List.of("inventory/host.py"));

        PatchCandidate c = ModelPatch.candidate("m1", "model", "d", edit("inventory/host.py", "secret = e2e-host-0006"),
                files);

        assertThat(c.line()).as("the line was found by reading the host file").isEqualTo(1);
        assertThat(files.refusals().notes())
                .containsExactly("not read: inventory/host.py: a link that leads outside the repository");
    }

    private static PatchText edit(String path, String old) {
        return PatchText.read(path + "\n<<<<<<< SEARCH\n" + old + "\n=======\nx = 0\n>>>>>>> REPLACE\n");
    }
}
