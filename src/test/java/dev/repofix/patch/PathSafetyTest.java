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
    @ValueSource(strings = {"src/App.java", "./src/App.java", "README.md", "new/dir/file.txt", "docs/github/notes.md",
        ".gitignore", "docs/.ci/readme.md", "src\\main\\App.java", "src/actions/action.py", "docs/circleci.md",
        "mvnw.md", "docs/gradlew.txt", "docs/git~1.txt", "notes/a:b.txt", "mvn/extensions.xml", "gradle/libs.versions.toml",
        "wrapper/mvnw.java", "src/jenkins.py", "docs/travis.yml.md", "repofix.yml", "conftest.py", "pom.xml",
        "etc/init.d/service", "go.mod"})
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
            .git/config                     | Git internals may not be patched
            vendor/lib/.git/HEAD            | Git internals may not be patched
            .Git/config                     | Git internals may not be patched
            .git\\hooks\\pre-commit         | Git internals may not be patched
            .git./config                    | Git internals may not be patched
            '.git /config'                  | Git internals may not be patched
            .g\u200Cit/config               | Git internals may not be patched
            .git\uFEFF/hooks/pre-commit     | Git internals may not be patched
            .git::$INDEX_ALLOCATION/config  | Git internals may not be patched
            GIT~1/config                    | Git internals may not be patched
            .github/workflows/ci.yml        | CI configuration may not be patched
            .github/workflows/nested/x.yml  | CI configuration may not be patched
            ./.github/workflows/ci.yml      | CI configuration may not be patched
            .github//workflows/ci.yml       | CI configuration may not be patched
            .github/./workflows/ci.yml      | CI configuration may not be patched
            .GITHUB/WORKFLOWS/CI.YML        | CI configuration may not be patched
            .gitlab-ci.yml                  | CI configuration may not be patched
            .ci/run                         | CI configuration may not be patched
            mvnw                            | build wrapper or extension may not be patched
            mvnw.cmd                        | build wrapper or extension may not be patched
            gradlew                         | build wrapper or extension may not be patched
            Gradlew.bat                     | build wrapper or extension may not be patched
            services/api/mvnw               | build wrapper or extension may not be patched
            mvnw.                           | build wrapper or extension may not be patched
            '.mvn /wrapper/x.jar'           | build wrapper or extension may not be patched
            .github/workflows./ci.yml       | CI configuration may not be patched
            .mvn/wrapper/maven-wrapper.jar  | build wrapper or extension may not be patched
            ./.mvn/wrapper/x.properties     | build wrapper or extension may not be patched
            gradle/wrapper/gradle-wrapper.properties | build wrapper or extension may not be patched
            app/gradle/wrapper/gradle-wrapper.jar    | build wrapper or extension may not be patched
            .github/actions/setup/action.yml         | CI configuration may not be patched
            .github/CODEOWNERS                       | CI configuration may not be patched
            .github/dependabot.yml                   | CI configuration may not be patched
            tools/release/action.yaml                | CI configuration may not be patched
            Jenkinsfile                              | CI configuration may not be patched
            ci/Jenkinsfile.release                   | CI configuration may not be patched
            jenkinsfile                              | CI configuration may not be patched
            .circleci/config.yml                     | CI configuration may not be patched
            azure-pipelines.yml                      | CI configuration may not be patched
            .azure-pipelines/build.yml               | CI configuration may not be patched
            .travis.yml                              | CI configuration may not be patched
            .buildkite/pipeline.yml                  | CI configuration may not be patched
            .gitlab/ci/test.yml                      | CI configuration may not be patched
            Dockerfile                               | CI configuration may not be patched
            .mvn/extensions.xml                      | build wrapper or extension may not be patched
            .mvn/maven.config                        | build wrapper or extension may not be patched
            .MVN/jvm.config                          | build wrapper or extension may not be patched
            buildSrc/src/main/kotlin/Plugin.kt       | build wrapper or extension may not be patched
            gradle/init.gradle                       | build wrapper or extension may not be patched
            .cargo/config.toml                       | build wrapper or extension may not be patched
            .npmrc                                   | build wrapper or extension may not be patched
            .repofix.yml                             | repofix configuration may not be patched
            .Repofix.YML                             | repofix configuration may not be patched
            .gitmodules                              | Git settings may not be patched
            lib/.gitattributes                       | Git settings may not be patched
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

        assertThat(PathSafety.refusal(root, "meta/config"))
                .hasValueSatisfying(r -> assertThat(r).startsWith("Git internals may not be patched: meta/config"));
    }

    @Test
    void refusesASymlinkInsideTheRootThatLeadsIntoWorkflows() throws IOException {
        Files.createDirectories(root.resolve(".github/workflows"));
        Files.createSymbolicLink(root.resolve("pipelines"), Path.of(".github/workflows"));

        assertThat(PathSafety.refusal(root, "pipelines/ci.yml"))
                .hasValueSatisfying(r -> assertThat(r).startsWith("CI configuration may not be patched: pipelines/ci.yml"));
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
