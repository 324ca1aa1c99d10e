package dev.repofix.eval.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A case's repository given by URL, served by {@code git daemon} on this machine: the mirror
 * fetches the case's commit by id one commit deep, the whole history when the name is no id
 * (a tag) or when the project versions itself from Git tags, and a commit the server does
 * not have is one runtime error of one line.
 */
class CaseCheckoutsFetchTest {
    @TempDir
    Path temp;

    private Process daemon;
    private String url;
    private String base;
    private String later;

    @BeforeEach
    void servedRepository() throws Exception {
        Path served = Files.createDirectories(temp.resolve("served/origin"));
        try (Git git = Git.init().setDirectory(served.toFile()).setInitialBranch("main").call()) {
            commit(git, served, "old.txt", "an old commit\n");
            git.tag().setName("v1.0").setAnnotated(false).call();
            base = commit(git, served, "age.py", "def is_adult(age):\n    return age > 18\n");
            later = commit(git, served, "later.txt", "a later commit\n");
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        try {
            daemon = new ProcessBuilder("git", "daemon", "--export-all", "--reuseaddr", "--listen=127.0.0.1",
                    "--port=" + port, "--base-path=" + temp.resolve("served"), temp.resolve("served").toString())
                    .redirectErrorStream(true).redirectOutput(temp.resolve("daemon.log").toFile()).start();
        } catch (IOException e) {
            Assumptions.abort("no git daemon on this machine: " + e.getMessage());
        }
        Instant until = Instant.now().plusSeconds(10);
        while (!listening(port)) {
            Assumptions.assumeTrue(daemon.isAlive() && Instant.now().isBefore(until), "git daemon did not start");
            Thread.sleep(50);
        }
        url = "git://127.0.0.1:" + port + "/origin";
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (daemon != null) {
            daemon.destroy();
            daemon.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static boolean listening(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static String commit(Git git, Path dir, String file, String text) throws Exception {
        Files.writeString(dir.resolve(file), text);
        git.add().addFilepattern(".").call();
        return git.commit().setMessage(file).setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                .setSign(false).call().name();
    }

    private Path mirror() throws IOException {
        try (var dirs = Files.list(temp.resolve("work/mirrors"))) {
            return dirs.findFirst().orElseThrow();
        }
    }

    private static boolean has(Path gitDir, String id) throws IOException {
        try (Repository r = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).build()) {
            return r.getObjectDatabase().has(ObjectId.fromString(id));
        }
    }

    @Test
    void aCommitIdIsFetchedOneCommitDeepAndANameWithTheWholeHistory() throws Exception {
        try (CaseCheckouts checkouts = new CaseCheckouts(temp.resolve("work"))) {
            Instant start = Instant.now();
            CaseCheckouts.Checkout byId = checkouts.prepare(new CaseCheckouts.Spec("age-1", url, base, "",
                    Optional.empty()));
            Duration shallow = Duration.between(start, Instant.now());

            assertThat(byId.repo().resolve("age.py")).exists();
            assertThat(byId.repo().resolve("later.txt")).doesNotExist();
            assertThat(mirror().resolve("shallow")).as("one commit deep").exists();
            assertThat(has(mirror(), later)).as("nothing past the case's commit").isFalse();

            CaseCheckouts.Checkout byTag = checkouts.prepare(new CaseCheckouts.Spec("age-2", url, "v1.0", "",
                    Optional.empty()));
            assertThat(byTag.repo().resolve("old.txt")).exists();
            assertThat(byTag.repo().resolve("age.py")).doesNotExist();
            assertThat(mirror().resolve("shallow")).as("a name fetches the whole history").doesNotExist();
            assertThat(has(mirror(), later)).isTrue();
            System.out.println("fetch by id, depth 1: " + shallow.toMillis() + " ms");
        }
    }

    @Test
    void aProjectVersionedByGitTagsGetsTheHistoryBackToItsTag() throws Exception {
        Path served = temp.resolve("served/origin");
        String versioned;
        try (Git git = Git.open(served.toFile())) {
            versioned = commit(git, served, "pyproject.toml", "[build-system]\nrequires = [\"setuptools-scm>=8\"]\n"
                    + "\n[tool.setuptools_scm]\n");
        }

        try (CaseCheckouts checkouts = new CaseCheckouts(temp.resolve("work"))) {
            CaseCheckouts.Checkout c = checkouts.prepare(new CaseCheckouts.Spec("v-1", url, versioned, "",
                    Optional.empty()));

            try (Git git = Git.open(c.repo().toFile())) {
                assertThat(git.describe().setTarget(versioned).setTags(true).call()).startsWith("v1.0-3-g");
            }
        }
    }

    @Test
    void aCommitTheServerDoesNotHaveIsOneRuntimeErrorOfOneLine() {
        try (CaseCheckouts checkouts = new CaseCheckouts(temp.resolve("work"))) {
            for (String missing : List.of("0123456789abcdef0123456789abcdef01234567", "no-such-tag")) {
                assertThatThrownBy(() -> checkouts.prepare(new CaseCheckouts.Spec("age-1", url, missing, "",
                        Optional.empty())))
                        .isInstanceOf(RepofixException.class)
                        .hasMessageContaining("no commit " + missing)
                        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"))
                        .satisfies(e -> assertThat(((RepofixException) e).kind())
                                .isEqualTo(RepofixException.ErrorKind.RUNTIME));
            }
        }
    }
}
