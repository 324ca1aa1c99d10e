package dev.repofix.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WorkspaceLeftoversTest {
    @TempDir
    Path userDir;

    @TempDir
    Path workDir;

    private TestRepo repo;

    @BeforeEach
    void buildRepository() throws IOException, GitAPIException {
        repo = TestRepo.init(userDir.resolve("project"));
        repo.write("src/App.java", "class App {}\n");
        repo.commit("first");
    }

    @AfterEach
    void closeRepository() {
        repo.close();
    }

    @Test
    void copyOfAnOwnerThatIsGoneIsRemovedByTheNextOpen() throws IOException {
        Path deadPid = leftover("repofix-dead", Leftovers.marker(unusedPid(), Optional.of(Instant.EPOCH)));
        Path reusedPid = leftover("repofix-reused", Leftovers.marker(ProcessHandle.current().pid(),
                Optional.of(Instant.parse("2001-01-01T00:00:00Z"))));

        try (Workspace ignored = open()) {
            awaitGone(deadPid);
            awaitGone(reusedPid); // same pid, another start time: another process
        }
    }

    @Test
    void copyOfALiveOwnerAndAnUnmarkedFolderAreKept() throws IOException {
        Path live = leftover("repofix-live", Leftovers.marker(ProcessHandle.current().pid(),
                ProcessHandle.current().info().startInstant()));
        Path unmarked = Files.createDirectories(workDir.resolve("repofix-unmarked"));
        Files.writeString(unmarked.resolve("file.txt"), "not ours\n");
        Path garbled = leftover("repofix-garbled", "pid=\n");

        try (Workspace ignored = open()) {
            assertThat(live.resolve("base/file.txt")).exists();
            assertThat(unmarked.resolve("file.txt")).exists();
            assertThat(garbled.resolve("base/file.txt")).exists();
        }
    }

    @Test
    void runStoppedWithSigtermLeavesNoCopy() throws IOException, InterruptedException {
        Process child = startOwner();

        child.destroy(); // SIGTERM, as Ctrl-C or a cancelled CI job sends

        assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("child JVM exited").isTrue();
        assertThat(folders()).as("copies left by the stopped run").isEmpty();
    }

    @Test
    void runKilledOutrightLeavesACopyThatTheNextRunRemoves() throws IOException, InterruptedException {
        Process child = startOwner();

        child.destroyForcibly(); // SIGKILL: no shutdown hook runs
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("child JVM exited").isTrue();
        List<Path> left = folders();
        assertThat(left).as("precondition: SIGKILL leaves the copy").hasSize(1);

        try (Workspace next = open()) {
            awaitGone(left.get(0));
            assertThat(folders()).hasSize(1);
        }
    }

    @Test
    void theNextRunHandsALeftoverToABackgroundThreadAndDoesNotWaitForIt() throws IOException {
        Path dead = leftover("repofix-dead", Leftovers.marker(unusedPid(), Optional.of(Instant.EPOCH)));
        List<Runnable> background = new ArrayList<>();

        Leftovers.removeDead(workDir, background::add);

        assertThat(dead.resolve("base/file.txt")).as("not deleted while the run waits").exists();
        assertThat(dead.resolve(Leftovers.MARKER)).as("taken over: a concurrent run leaves it alone")
                .content().startsWith("pid=" + ProcessHandle.current().pid() + "\n");
        background.forEach(Runnable::run);
        assertThat(dead).doesNotExist();
    }

    @Test
    void aDeletionCutShortKeepsTheMarkerSoTheNextRunFindsTheFolder() throws IOException {
        Path dead = leftover("repofix-cut", Leftovers.marker(unusedPid(), Optional.of(Instant.EPOCH)));
        for (int i = 0; i < 20; i++) {
            Files.writeString(Files.createDirectories(dead.resolve("dir" + i)).resolve("f.txt"), "x\n");
        }
        int[] steps = {0};

        boolean gone = Leftovers.deleteMarked(dead, () -> ++steps[0] > 10); // the JVM halts midway

        assertThat(gone).isFalse();
        assertThat(dead.resolve(Leftovers.MARKER)).exists();
        Leftovers.removeDead(workDir, Runnable::run);
        assertThat(dead).doesNotExist();
    }

    /** A leftover is deleted in the background: soon, not before the next run goes on. */
    private static void awaitGone(Path folder) {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (Files.exists(folder) && System.nanoTime() < deadline) {
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        assertThat(folder).doesNotExist();
    }

    /** Starts a JVM that opens a workspace under {@link #workDir} and waits; returns once it has. */
    private Process startOwner() throws IOException {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                OpenWorkspaceAndWait.class.getName(), workDir.toString(), repo.dir().toString())
                .redirectErrorStream(true)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        StringBuilder seen = new StringBuilder();
        String line;
        while ((line = out.readLine()) != null) {
            seen.append(line).append('\n');
            if (line.startsWith("open ")) {
                assertThat(Path.of(line.substring(5))).exists();
                return child;
            }
        }
        throw new AssertionError("the child JVM exited without opening a workspace:\n" + seen);
    }

    private Workspace open() {
        return new Workspaces(workDir, Duration.ofSeconds(10)).open(repo.dir().toString(), Optional.empty());
    }

    private Path leftover(String name, String marker) throws IOException {
        Path folder = Files.createDirectories(workDir.resolve(name).resolve("base"));
        Files.writeString(folder.resolve("file.txt"), "copy\n");
        Files.writeString(folder.getParent().resolve(Leftovers.MARKER), marker);
        return folder.getParent();
    }

    private List<Path> folders() throws IOException {
        try (Stream<Path> list = Files.list(workDir)) {
            return list.toList();
        }
    }

    /** A pid no process has now (pids are far below this on Linux, whose maximum is 2^22). */
    private static long unusedPid() {
        long pid = 4_194_304L + 17;
        assertThat(ProcessHandle.of(pid)).isEmpty();
        return pid;
    }
}
