package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The default store in a repository's working directory: out of git status and out of the candidate copies. */
class HistoryStoreFolderTest {
    @TempDir
    Path dir;

    @Test
    void theDefaultStoreLeavesGitStatusCleanAndIsNotCopiedIntoTheWorkspace() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write("calc.py", "def add(a, b):\n    return a + b\n").commit("calc");

            HistoryStore.open(StoreLocation.of("", repo.dir())).record(HistoryRuns.fix("run-1", "builtin", true, 0));

            assertThat(repo.dir().resolve(".repofix/history.db")).exists();
            try (Git git = Git.open(repo.dir().toFile())) {
                Status status = git.status().call();
                assertThat(status.getUntracked()).isEmpty();
                assertThat(status.isClean()).isTrue();
            }
            try (Workspace ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1))
                    .open(repo.dir().toString(), Optional.empty())) {
                assertThat(ws.files().files()).containsExactly("calc.py");
            }
        }
    }

    @Test
    void aStoreAnOlderRepofixMadeIsIgnoredFromItsNextOpenWithItsRunsKept() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write("calc.py", "x = 1\n").commit("calc");
            HistoryStore.open(StoreLocation.of("", repo.dir())).record(HistoryRuns.fix("old-run", "builtin", true, 0));
            Files.delete(repo.dir().resolve(".repofix/.gitignore"));

            HistoryStore reopened = HistoryStore.open(StoreLocation.of("", repo.dir()));

            assertThat(reopened.run("old-run")).isPresent();
            assertThat(repo.dir().resolve(".repofix/.gitignore")).exists();
            try (Git git = Git.open(repo.dir().toFile())) {
                assertThat(git.status().call().getUntracked()).isEmpty();
            }
        }
    }

    @Test
    void aStoreOutsideItsOwnFolderIsLeftAsTheUserKeepsIt() throws Exception {
        HistoryStore.open(StoreLocation.of("history/history.db", dir)).record(HistoryRuns.fix("r", "builtin", true, 0));

        assertThat(dir.resolve("history/history.db")).exists();
        assertThat(dir.resolve("history/.gitignore")).doesNotExist();
    }
}
