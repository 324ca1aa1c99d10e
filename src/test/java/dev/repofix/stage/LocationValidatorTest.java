package dev.repofix.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocationValidatorTest {
    @TempDir
    Path temp;

    @Test
    void neverReadsATrackedLinkThatLeadsOutOfTheRepository() throws IOException {
        Path repo = Files.createDirectories(temp.resolve("repo/inventory"));
        Path host = Files.writeString(temp.resolve("host.txt"), "db_password = e2e-host-0002\n");
        Files.createSymbolicLink(repo.resolve("host.py"), host);
        FileIndex files = new FileIndex(temp.resolve("repo"), List.of("inventory/host.py"));

        List<LocationCheck> checks = new LocationValidator(files)
                .validate(List.of(new SuggestedLocation("inventory/host.py", 1, "", "suspect")));

        assertThat(checks).singleElement().isInstanceOf(LocationCheck.Dropped.class);
        assertThat(checks.toString()).doesNotContain("e2e-host-0002");
        assertThat(files.refusals().notes())
                .containsExactly("not read: inventory/host.py: a link that leads outside the repository");
    }
}
