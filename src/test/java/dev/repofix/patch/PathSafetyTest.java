package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PathSafetyTest {
    @TempDir
    Path root;

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"src/App.java", "./src/App.java", "README.md", "new/dir/file.txt", ".github/CODEOWNERS",
        ".gitignore", ".github/workflows-notes.md", "docs/.ci/readme.md", "src\\main\\App.java",
        "mvnw.md", "docs/gradlew.txt", "docs/git~1.txt", "notes/a:b.txt", ".mvn/maven.config", "gradle/libs.versions.toml", "wrapper/mvnw.java"})
    void allowsOrdinaryPaths(String path) {
        assertThat(PathSafety.refusal(root, path)).isEmpty();
    }

    @ParameterizedTest(name = "''{0}''")
    @CsvSource(delimiter = '|', textBlock = """
            ''                              | empty path
            ./                              | empty path
            /etc/passwd                     | absolute path
            C:/Windows/win.ini              | absolute path
            ~/.bashrc                       | absolute path
            ../x                            | path leaves the workspace
            a/../../x                       | path leaves the workspace
            ..\\x                           | path leaves the workspace
            .git/config                     | path inside .git
            vendor/lib/.git/HEAD            | path inside .git
            .Git/config                     | path inside .git
            .git\\hooks\\pre-commit         | path inside .git
            .git./config                    | path inside .git
            '.git /config'                  | path inside .git
            .g\u200Cit/config               | path inside .git
            .git\uFEFF/hooks/pre-commit     | path inside .git
            .git::$INDEX_ALLOCATION/config  | path inside .git
            GIT~1/config                    | path inside .git
            .github/workflows/ci.yml        | CI configuration may not be patched
            .github/workflows/nested/x.yml  | CI configuration may not be patched
            ./.github/workflows/ci.yml      | CI configuration may not be patched
            .github//workflows/ci.yml       | CI configuration may not be patched
            .github/./workflows/ci.yml      | CI configuration may not be patched
            .GITHUB/WORKFLOWS/CI.YML        | CI configuration may not be patched
            .gitlab-ci.yml                  | CI configuration may not be patched
            .ci/run                         | CI configuration may not be patched
            mvnw                            | build wrapper may not be patched
            mvnw.cmd                        | build wrapper may not be patched
            gradlew                         | build wrapper may not be patched
            Gradlew.bat                     | build wrapper may not be patched
            services/api/mvnw               | build wrapper may not be patched
            mvnw.                           | build wrapper may not be patched
            '.mvn /wrapper/x.jar'           | build wrapper may not be patched
            .github/workflows./ci.yml       | CI configuration may not be patched
            .mvn/wrapper/maven-wrapper.jar  | build wrapper may not be patched
            ./.mvn/wrapper/x.properties     | build wrapper may not be patched
            gradle/wrapper/gradle-wrapper.properties | build wrapper may not be patched
            app/gradle/wrapper/gradle-wrapper.jar    | build wrapper may not be patched
            """)
    void refuses(String path, String reason) {
        assertThat(PathSafety.refusal(root, path)).hasValueSatisfying(r -> assertThat(r).startsWith(reason));
    }

    @Test
    void refusesASymlinkedDirectoryOutOfTheRoot(@TempDir Path outside) throws IOException {
        Files.createSymbolicLink(root.resolve("out"), outside);

        assertThat(PathSafety.refusal(root, "out/file.txt"))
                .hasValue("path goes through a symlink out of the workspace: out/file.txt");
    }

    @Test
    void refusesADanglingSymlink() throws IOException {
        Files.createSymbolicLink(root.resolve("dangling"), root.resolve("nowhere"));

        assertThat(PathSafety.refusal(root, "dangling")).hasValueSatisfying(r -> assertThat(r).startsWith("cannot check path"));
    }

    @Test
    void refusesASymlinkInsideTheRootThatLeadsIntoGit() throws IOException {
        Files.createDirectories(root.resolve(".git"));
        Files.writeString(root.resolve(".git/config"), "[core]\n");
        Files.createSymbolicLink(root.resolve("meta"), Path.of(".git"));

        assertThat(PathSafety.refusal(root, "meta/config")).hasValue("path inside .git: meta/config");
    }

    @Test
    void refusesASymlinkInsideTheRootThatLeadsIntoWorkflows() throws IOException {
        Files.createDirectories(root.resolve(".github/workflows"));
        Files.createSymbolicLink(root.resolve("pipelines"), Path.of(".github/workflows"));

        assertThat(PathSafety.refusal(root, "pipelines/ci.yml"))
                .hasValue("CI configuration may not be patched: pipelines/ci.yml");
    }

    @Test
    void allowsPathsUnderARootThatIsItselfASymlink(@TempDir Path elsewhere) throws IOException {
        Path real = Files.createDirectories(elsewhere.resolve("real"));
        Files.writeString(real.resolve("a.txt"), "a\n");
        Path link = Files.createSymbolicLink(elsewhere.resolve("link"), real);

        assertThat(PathSafety.refusal(link, "a.txt")).isEmpty();
        assertThat(PathSafety.refusal(link, ".github/workflows/ci.yml")).isPresent();
    }
}
