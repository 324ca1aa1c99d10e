package dev.repofix.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Git folder a workspace gives the environment set-up, read by the real {@code git} as
 * version tools read it: {@code git describe --tags --long --dirty} in a copy of the files with
 * that folder as {@code .git} says what it says in the user's repository.
 */
class GitHistoryTest {
    @TempDir
    Path dir;

    @Test
    void describeInTheCopyCountsTheCommitsSinceTheNearestTagAsTheOriginalDoes() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("project"));
        repo.write("pkg/__init__.py", "X = 1\n").commit("first");
        repo.tag("v0.9");
        repo.write("pkg/__init__.py", "X = 2\n").commit("second");
        repo.annotatedTag("v1.0.0");
        for (int i = 3; i <= 5; i++) {
            repo.write("pkg/mod" + i + ".py", "Y = " + i + "\n").commit("commit " + i);
        }
        String original = git(repo.dir(), "describe", "--tags", "--long", "--dirty");
        assertThat(original).matches("v1\\.0\\.0-3-g[0-9a-f]+");

        Path copy = openAndCopy(repo, Optional.empty());

        assertThat(git(copy, "describe", "--tags", "--long", "--dirty")).isEqualTo(original);
        assertThat(git(copy, "status", "--porcelain", "--untracked-files=no")).isEmpty();
        assertThat(git(copy, "rev-parse", "HEAD")).isEqualTo(git(repo.dir(), "rev-parse", "HEAD"));
        assertThat(git(copy, "rev-list", "--count", "HEAD")).isEqualTo("4"); // back to the tag, not the first commit
    }

    @Test
    void anUncommittedEditInTheWorkingTreeReadsAsDirtyAndACheckedOutTagAsTheTag() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("project"));
        repo.write("a.txt", "1\n").commit("first");
        repo.annotatedTag("2.0");
        Path clean = openAndCopy(repo, Optional.of("2.0"));
        assertThat(git(clean, "describe", "--tags", "--dirty")).isEqualTo("2.0");

        repo.write("a.txt", "edited\n");
        Path edited = openAndCopy(repo, Optional.empty());
        assertThat(git(edited, "describe", "--tags", "--dirty")).isEqualTo("2.0-dirty");
    }

    @Test
    void withoutAnyTagTheCopyHoldsTheCommitAloneAsAShallowCloneWould() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("project"));
        repo.write("a.txt", "1\n").commit("first");
        repo.write("a.txt", "2\n").commit("second");
        Path copy = openAndCopy(repo, Optional.empty());
        assertThat(git(copy, "rev-list", "--count", "HEAD")).isEqualTo("1");
        assertThat(git(copy, "rev-parse", "HEAD")).isEqualTo(git(repo.dir(), "rev-parse", "HEAD"));
        assertThat(git(copy, "status", "--porcelain", "--untracked-files=no")).isEmpty();
    }

    @Test
    void aSubFolderProjectGetsNoGitFolder() throws Exception {
        TestRepo repo = TestRepo.init(dir.resolve("project"));
        repo.write("sub/a.txt", "1\n").commit("first");
        try (Workspace ws = new Workspaces(dir.resolve("temp"), Duration.ofSeconds(10))
                .open(repo.dir().resolve("sub").toString(), Optional.empty())) {
            assertThat(ws.gitFolder()).isEmpty();
        }
    }

    /** Opens a workspace of {@code repo} and copies its files with its Git folder as .git. */
    private Path openAndCopy(TestRepo repo, Optional<String> ref) throws IOException {
        Path copy = Files.createTempDirectory(dir, "copy");
        try (Workspace ws = new Workspaces(dir.resolve("temp"), Duration.ofSeconds(10)).open(repo.dir().toString(),
                ref)) {
            assertThat(ws.gitFolder()).isPresent();
            assertThat(ws.gitFolder().get().startsWith(ws.root())).isFalse();
            copyTree(ws.root(), copy);
            copyTree(ws.gitFolder().get(), copy.resolve(".git"));
        }
        return copy;
    }

    private static String git(Path in, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git", "-c", "safe.directory=*"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(in.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("git %s: %s", String.join(" ", args), out).isZero();
        return out;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
    }
}
