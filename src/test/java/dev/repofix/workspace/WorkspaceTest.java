package dev.repofix.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceTest {
    @TempDir
    Path userDir;

    @TempDir
    Path tempParent;

    private Workspace ws;

    @BeforeEach
    void openWorkspace() throws IOException, GitAPIException {
        try (TestRepo repo = TestRepo.init(userDir.resolve("project"))) {
            repo.write("src/app.py", "def f():\n    return 1\n")
                    .write("tests/test_app.py", "from src.app import f\n")
                    .write("run.sh", "#!/bin/sh\n")
                    .executable("run.sh");
            repo.commit("initial");
        }
        ws = new Workspaces(tempParent, Duration.ofSeconds(10)).open(userDir.resolve("project").toString(), Optional.empty());
    }

    @AfterEach
    void closeWorkspace() {
        ws.close();
    }

    @Test
    void newCopyHoldsTheRepositoryFilesWithTheirModes() throws IOException {
        Path copy = ws.newCopy("candidate-1");

        assertThat(copy).isNotEqualTo(ws.root()).startsWith(tempParent);
        assertThat(Files.readString(copy.resolve("src/app.py"))).isEqualTo("def f():\n    return 1\n");
        assertThat(Files.isExecutable(copy.resolve("run.sh"))).isTrue();
        assertThat(ws.files().rootedAt(copy).files()).allSatisfy(f -> assertThat(copy.resolve(f)).exists());
    }

    @Test
    void newCopyGoesOnWhenARunInTheRootDeletedATrackedFile() throws IOException {
        Files.delete(ws.root().resolve("tests/test_app.py"));

        Path copy = ws.newCopy("after-baseline");

        assertThat(copy.resolve("src/app.py")).exists();
        assertThat(copy.resolve("tests/test_app.py")).doesNotExist();
    }

    @Test
    void newCopyDoesNotCopyThroughAFolderThatATestRunLinkedOut(@TempDir Path host) throws IOException {
        Files.createDirectories(host.resolve("tests"));
        Files.writeString(host.resolve("tests/test_app.py"), "HOST-SECRET\n");
        List<String> hostBefore = TreeSnapshot.of(host);
        Path tests = ws.root().resolve("tests");
        Files.delete(tests.resolve("test_app.py"));
        Files.delete(tests);
        Files.createSymbolicLink(tests, host.resolve("tests"));

        Path copy = ws.newCopy("after-hostile-baseline");

        assertThat(copy.resolve("tests/test_app.py")).doesNotExist();
        assertThat(Files.readString(copy.resolve("src/app.py"))).isEqualTo("def f():\n    return 1\n");
        assertThat(TreeSnapshot.of(host)).isEqualTo(hostBefore);
    }

    @Test
    void copiesAreIndependentOfEachOtherAndOfTheRoot() throws IOException {
        Path first = ws.newCopy("a");
        Path second = ws.newCopy("a");

        Files.writeString(first.resolve("src/app.py"), "patched\n");
        Files.delete(second.resolve("tests/test_app.py"));

        assertThat(first).isNotEqualTo(second);
        assertThat(Files.readString(second.resolve("src/app.py"))).isEqualTo("def f():\n    return 1\n");
        assertThat(first.resolve("tests/test_app.py")).exists();
        assertThat(Files.readString(ws.root().resolve("src/app.py"))).isEqualTo("def f():\n    return 1\n");
        assertThat(ws.root().resolve("tests/test_app.py")).exists();
    }

    @Test
    void newCopyLeavesOutBuildOutputWrittenToTheRoot() throws IOException {
        Files.createDirectories(ws.root().resolve("__pycache__"));
        Files.writeString(ws.root().resolve("__pycache__/app.cpython-312.pyc"), "bytecode");

        Path copy = ws.newCopy("clean");

        assertThat(copy.resolve("__pycache__")).doesNotExist();
    }

    @Test
    void newCopyMakesTheLabelSafeForAFileName() {
        Path copy = ws.newCopy("../../evil name/with*stars");

        assertThat(copy.getParent()).isEqualTo(ws.root().getParent());
        assertThat(copy.getFileName().toString()).matches("copy-\\d+-[A-Za-z0-9._-]+").doesNotContain("/");
    }

    @Test
    void discardRemovesOnlyThatCopy() {
        Path first = ws.newCopy("first");
        Path second = ws.newCopy("second");

        ws.discard(first);

        assertThat(first).doesNotExist();
        assertThat(second.resolve("src/app.py")).exists();
        assertThat(ws.root().resolve("src/app.py")).exists();
    }

    @Test
    void discardOfAnAlreadyMissingCopyIsFine() {
        Path copy = ws.newCopy("gone");
        ws.discard(copy);

        ws.discard(copy);

        assertThat(copy).doesNotExist();
    }

    @Test
    void discardRefusesWhatIsNotACopy(@TempDir Path elsewhere) {
        Path copy = ws.newCopy("x");
        Path tempDir = ws.root().getParent();

        for (Path notACopy : List.of(ws.root(), tempDir, ws.root().resolve("src"), copy.resolve("../base"), elsewhere)) {
            assertThatThrownBy(() -> ws.discard(notACopy))
                    .as("discard(%s)", notACopy)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("not a copy of this workspace");
        }
        assertThat(ws.root().resolve("src/app.py")).exists();
        assertThat(copy).exists();
        assertThat(elsewhere).exists();
    }

    @Test
    void closeDeletesEverythingAndIsIdempotent() {
        Path copy = ws.newCopy("x");
        Path tempDir = ws.root().getParent();

        ws.close();
        ws.close();

        assertThat(copy).doesNotExist();
        assertThat(tempDir).doesNotExist();
        assertThat(tempParent).isEmptyDirectory();
        assertThatThrownBy(() -> ws.newCopy("late")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void closeOnAnInterruptedThreadReturnsAtOnceLeavingTheFolderMarkedForTheNextRun() {
        ws.newCopy("x");
        Path tempDir = ws.root().getParent();

        Thread.currentThread().interrupt(); // Ctrl-C: the run's report comes before a deletion of minutes
        try {
            ws.close();
        } finally {
            Thread.interrupted();
        }

        assertThat(tempDir.resolve(Leftovers.MARKER)).exists();
        Leftovers.deleteMarked(tempDir, () -> false); // what the next run does in the background
        assertThat(tempParent).isEmptyDirectory();
    }

    @Test
    void closeDeletesReadOnlyDirectoriesLeftByABuild() throws IOException {
        Path copy = ws.newCopy("go");
        Path cache = Files.createDirectories(copy.resolve("pkg/mod/cache"));
        Files.writeString(cache.resolve("module.zip"), "zip");
        Files.setPosixFilePermissions(cache.resolve("module.zip"), PosixFilePermissions.fromString("r--r--r--"));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("r-xr-xr-x"));

        ws.close();

        assertThat(tempParent).isEmptyDirectory();
    }

    @Test
    void closeLeavesLinkTargetsOutsideTheWorkspaceAlone(@TempDir Path outside) throws IOException {
        Path target = Files.writeString(outside.resolve("read-only.txt"), "keep\n");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("r--r--r--"));
        Path copy = ws.newCopy("links");
        Files.createSymbolicLink(copy.resolve("absolute-link"), target);
        Files.createSymbolicLink(copy.resolve("dir-link"), outside);
        List<String> before = TreeSnapshot.of(outside);

        ws.close();

        assertThat(TreeSnapshot.of(outside)).isEqualTo(before);
        assertThat(Files.getPosixFilePermissions(target)).isEqualTo(PosixFilePermissions.fromString("r--r--r--"));
    }
}
