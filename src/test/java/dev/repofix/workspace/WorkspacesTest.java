package dev.repofix.workspace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.util.SystemReader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WorkspacesTest {
    @TempDir
    Path userDir;

    @TempDir
    Path tempParent;

    private Workspaces workspaces;
    private TestRepo repo;
    private String firstCommit;
    private String secondCommit;

    /**
     * Two commits on main: v1 (tag), then v2 (annotated tag, branch "release"); then an
     * uncommitted edit, an untracked file and ignored build output in the work tree.
     */
    @BeforeEach
    void buildRepository() throws IOException, GitAPIException {
        workspaces = new Workspaces(tempParent, Duration.ofSeconds(10));
        repo = TestRepo.init(userDir.resolve("project"));
        repo.write(".gitignore", "target/\n*.log\n")
                .write("pom.xml", "<project/>\n")
                .write("src/main/java/App.java", "class App { int v = 1; }\n")
                .write("mvnw", "#!/bin/sh\necho wrapper\n")
                .executable("mvnw")
                .symlink("docs/app-source", "../src/main/java/App.java");
        firstCommit = repo.commit("first");
        repo.tag("v1");
        repo.write("src/main/java/App.java", "class App { int v = 2; }\n")
                .write("src/main/java/Util.java", "class Util {}\n");
        secondCommit = repo.commit("second");
        repo.annotatedTag("v2");
        repo.branch("release");
        repo.write("src/main/java/App.java", "class App { int v = 3; /* edited */ }\n")
                .write("notes/todo.txt", "untracked\n")
                .write("target/classes/App.class", "binary\n")
                .write("build.log", "log\n");
    }

    @AfterEach
    void closeRepository() {
        repo.close();
    }

    @Test
    void copiesTheWorkTreeAsItIsWithoutIgnoredFilesOrGit() throws IOException {
        try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.empty())) {
            assertThat(ws.files().files()).containsExactly(".gitignore", "docs/app-source", "mvnw", "notes/todo.txt",
                    "pom.xml", "src/main/java/App.java", "src/main/java/Util.java");
            assertThat(Files.readString(ws.root().resolve("src/main/java/App.java"))).contains("edited");
            assertThat(ws.root().resolve(".git")).doesNotExist();
            assertThat(ws.root().resolve("target")).doesNotExist();
            assertThat(ws.root().resolve("build.log")).doesNotExist();
            assertThat(ws.commit()).hasValue(secondCommit);
            assertThat(ws.source()).isEqualTo(repo.dir() + " (working tree)");
            assertThat(ws.root()).startsWith(tempParent);
        }
    }

    /**
     * setuptools-scm writes {@code _version.py} next to the package's tracked modules and
     * the repository ignores it; without it every test fails to import in a copy.
     */
    @Test
    void carriesIgnoredGeneratedSourcesBesideTrackedOnesButNotBuildOutputOrEnvironments() throws IOException, GitAPIException {
        repo.write(".gitignore", "target/\n*.log\n_version.py\n.venv/\nbuild/\n__pycache__/\n")
                .write("src/mylib/__init__.py", "from ._version import version\n");
        repo.commit("python package");
        repo.write("src/mylib/_version.py", "version = '1.2.3'\n")
                .write("src/mylib/__pycache__/core.cpython-311.pyc", "bytecode\n")
                .write(".venv/lib/python3.11/site-packages/six.py", "installed\n")
                .write("build/lib/mylib/__init__.py", "built copy\n");

        try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.empty())) {
            assertThat(ws.files().files()).contains("src/mylib/__init__.py", "src/mylib/_version.py")
                    .noneMatch(f -> f.startsWith(".venv/") || f.startsWith("build/") || f.contains("__pycache__")
                            || f.startsWith("target/") || f.endsWith(".log"));
            assertThat(ws.root().resolve("src/mylib/_version.py")).hasContent("version = '1.2.3'");
        }
    }

    @Test
    void leavesOutFilesDeletedInTheWorkTree() throws IOException {
        Files.delete(repo.dir().resolve("pom.xml"));

        try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.empty())) {
            assertThat(ws.files().files()).doesNotContain("pom.xml");
        }
    }

    @Test
    void keepsTheExecutableBitAndSymlinksOfTheWorkTree() throws IOException {
        try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.empty())) {
            assertPreservesModes(ws);
        }
    }

    @Test
    void subDirectoryGivesOnlyThatSubTreeRelativeToIt() throws IOException {
        repo.write("src/main/java/Scratch.java", "class Scratch {}\n");

        try (Workspace ws = workspaces.open(repo.dir().resolve("src/main").toString(), Optional.empty())) {
            assertThat(ws.files().files()).containsExactly("java/App.java", "java/Scratch.java", "java/Util.java");
            assertThat(Files.readString(ws.root().resolve("java/App.java"))).contains("edited");
        }
    }

    @Test
    void subDirectoryReachedThroughASymlinkGivesThatSubTree() throws IOException {
        Path alias = Files.createSymbolicLink(userDir.resolve("alias"), repo.dir());

        try (Workspace ws = workspaces.open(alias.resolve("src/main").toString(), Optional.empty())) {
            assertThat(ws.files().files()).containsExactly("java/App.java", "java/Util.java");
        }
    }

    @ParameterizedTest(name = "--ref {0}")
    @ValueSource(strings = {"v1", "refs/tags/v1", "FIRST_SHA", "FIRST_SHORT_SHA"})
    void refExportsThatCommitsFiles(String ref) throws IOException {
        String given = ref.replace("FIRST_SHORT_SHA", firstCommit.substring(0, 10)).replace("FIRST_SHA", firstCommit);

        try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.of(given))) {
            assertThat(ws.files().files()).containsExactly(".gitignore", "docs/app-source", "mvnw", "pom.xml",
                    "src/main/java/App.java");
            assertThat(Files.readString(ws.root().resolve("src/main/java/App.java"))).isEqualTo("class App { int v = 1; }\n");
            assertThat(ws.commit()).hasValue(firstCommit);
            assertThat(ws.source()).isEqualTo(repo.dir() + " @ " + given);
        }
    }

    @ParameterizedTest(name = "--ref {0}")
    @ValueSource(strings = {"release", "main", "v2", "HEAD"})
    void refExportsCommittedFilesNotTheWorkTreesEdits(String ref) throws IOException {
        try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.of(ref))) {
            assertThat(Files.readString(ws.root().resolve("src/main/java/App.java"))).isEqualTo("class App { int v = 2; }\n");
            assertThat(ws.files().files()).doesNotContain("notes/todo.txt").contains("src/main/java/Util.java");
            assertThat(ws.commit()).hasValue(secondCommit);
        }
    }

    @Test
    void refKeepsTheExecutableBitAndSymlinks() throws IOException {
        try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.of("v1"))) {
            assertPreservesModes(ws);
        }
    }

    @Test
    void refOfASubDirectoryExportsOnlyThatSubTree() throws IOException {
        try (Workspace ws = workspaces.open(repo.dir().resolve("src").toString(), Optional.of("v1"))) {
            assertThat(ws.files().files()).containsExactly("main/java/App.java");
        }
    }

    @Test
    void refWhereTheSubDirectoryWasAFileExportsNothingUnderIt() throws IOException, GitAPIException {
        repo.write("layout", "a file at first\n");
        String fileCommit = repo.commit("layout is a file");
        Files.delete(repo.dir().resolve("layout"));
        repo.write("layout/inner.txt", "now a directory\n");
        repo.commit("layout is a directory");

        try (Workspace ws = workspaces.open(repo.dir().resolve("layout").toString(), Optional.of(fileCommit))) {
            assertThat(ws.files().files()).isEmpty();
        }
    }

    @Test
    void unknownRefIsAnInputErrorNamingIt() {
        assertThatThrownBy(() -> workspaces.open(repo.dir().toString(), Optional.of("no-such-branch")))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining("no branch, tag or commit 'no-such-branch'")
                .hasMessageContaining("check --ref")
                .satisfies(e -> assertThat(((WorkspaceException) e).kind()).isEqualTo(ErrorKind.INPUT));
        assertThat(tempParent).isEmptyDirectory();
    }

    @Test
    void nonexistentPathIsAnInputErrorSayingWhatToPass() {
        String missing = userDir.resolve("missing").toString();

        assertThatThrownBy(() -> workspaces.open(missing, Optional.empty()))
                .isInstanceOf(WorkspaceException.class)
                .hasMessage("no such directory: " + missing + "; pass --repo with the path of a Git work tree or a clone URL")
                .satisfies(e -> assertThat(((WorkspaceException) e).kind()).isEqualTo(ErrorKind.INPUT));
        assertThat(tempParent).isEmptyDirectory();
    }

    @Test
    void plainDirectoryIsAnInputErrorSayingHowToMakeItARepository() throws IOException {
        Path plain = Files.createDirectories(userDir.resolve("plain"));
        Files.writeString(plain.resolve("a.txt"), "a\n");

        assertThatThrownBy(() -> workspaces.open(plain.toString(), Optional.empty()))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining(plain + " is not inside a Git repository")
                .hasMessageContaining("git init")
                .satisfies(e -> assertThat(((WorkspaceException) e).kind()).isEqualTo(ErrorKind.INPUT));
        assertThat(tempParent).isEmptyDirectory();
    }

    @Test
    void opensTheGivenPathEvenWhenTheCallerRunsInsideAGitHook() throws GitAPIException, IOException {
        SystemReader original = SystemReader.getInstance();
        try (TestRepo other = TestRepo.init(userDir.resolve("other"))) {
            other.write("other.txt", "not this one\n").commit("other");
            // Git sets GIT_DIR for hooks; a repofix run from a hook must still open --repo.
            SystemReader.setInstance(new SystemReader.Delegate(original) {
                @Override
                public String getenv(String name) {
                    return "GIT_DIR".equals(name) ? other.dir().resolve(".git").toString() : super.getenv(name);
                }
            });

            try (Workspace ws = workspaces.open(repo.dir().toString(), Optional.empty())) {
                assertThat(ws.files().files()).contains("pom.xml").doesNotContain("other.txt");
            }
        } finally {
            SystemReader.setInstance(original);
        }
    }

    @Test
    void bareRepositoryIsAnInputErrorSuggestingItsUrl() throws GitAPIException {
        Path bare = userDir.resolve("bare.git");
        Git.init().setBare(true).setDirectory(bare.toFile()).call().close();

        assertThatThrownBy(() -> workspaces.open(bare.toString(), Optional.empty()))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining("bare repository")
                .hasMessageContaining("file://");
    }

    @Test
    void repositoryWithoutCommitsIsCopiedWithoutACommit() throws GitAPIException, IOException {
        try (TestRepo fresh = TestRepo.init(userDir.resolve("fresh"))) {
            fresh.write("hello.py", "print('hi')\n");

            try (Workspace ws = workspaces.open(fresh.dir().toString(), Optional.empty())) {
                assertThat(ws.files().files()).containsExactly("hello.py");
                assertThat(ws.commit()).isEmpty();
            }
        }
    }

    @Test
    void clonesAFileUrlAtItsHead() throws IOException {
        try (Workspace ws = workspaces.open(repo.url(), Optional.empty())) {
            assertThat(ws.files().files()).containsExactly(".gitignore", "docs/app-source", "mvnw", "pom.xml",
                    "src/main/java/App.java", "src/main/java/Util.java");
            assertThat(Files.readString(ws.root().resolve("src/main/java/App.java"))).isEqualTo("class App { int v = 2; }\n");
            assertThat(ws.commit()).hasValue(secondCommit);
            assertThat(ws.source()).isEqualTo(repo.url() + " @ HEAD");
            assertPreservesModes(ws);
            assertThat(ws.root().getParent()).isDirectoryNotContaining("glob:**/clone");
        }
    }

    @Test
    void clonesAFileUrlWhoseHeadIsNotNamedLikeTheDefaultBranch() throws GitAPIException, IOException {
        repo.checkout("release");

        try (Workspace ws = workspaces.open(repo.url(), Optional.empty())) {
            assertThat(ws.commit()).hasValue(secondCommit);
        }
    }

    @ParameterizedTest(name = "--ref {0}")
    @ValueSource(strings = {"v1", "FIRST_SHA", "FIRST_SHORT_SHA"})
    void clonesAFileUrlAtAnOlderRef(String ref) throws IOException {
        String given = ref.replace("FIRST_SHORT_SHA", firstCommit.substring(0, 10)).replace("FIRST_SHA", firstCommit);

        try (Workspace ws = workspaces.open(repo.url(), Optional.of(given))) {
            assertThat(ws.commit()).hasValue(firstCommit);
            assertThat(ws.files().files()).doesNotContain("src/main/java/Util.java");
            assertThat(ws.source()).isEqualTo(repo.url() + " @ " + given);
        }
    }

    @ParameterizedTest(name = "--ref {0}")
    @ValueSource(strings = {"release", "origin/release", "v2", "refs/tags/v2", "HEAD"})
    void clonesAFileUrlAtABranchOrTag(String ref) throws IOException {
        try (Workspace ws = workspaces.open(repo.url(), Optional.of(ref))) {
            assertThat(ws.commit()).hasValue(secondCommit);
        }
    }

    @Test
    void cloneOfAnEmptyRepositoryIsAnInputError() throws GitAPIException {
        try (TestRepo empty = TestRepo.init(userDir.resolve("empty"))) {
            assertThatThrownBy(() -> workspaces.open(empty.url(), Optional.empty()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessageContaining("has no HEAD")
                    .satisfies(e -> assertThat(((WorkspaceException) e).kind()).isEqualTo(ErrorKind.INPUT));
        }
        assertThat(tempParent).isEmptyDirectory();
    }

    @Test
    void unknownRefOfAUrlIsAnInputError() {
        assertThatThrownBy(() -> workspaces.open(repo.url(), Optional.of("nope")))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageContaining("'nope'")
                .satisfies(e -> assertThat(((WorkspaceException) e).kind()).isEqualTo(ErrorKind.INPUT));
        assertThat(tempParent).isEmptyDirectory();
    }

    @ParameterizedTest
    @ValueSource(strings = {"file:///nonexistent/repo.git", "http://127.0.0.1:9/x.git"})
    void uncloneableUrlIsAnInputError(String url) {
        assertThatThrownBy(() -> workspaces.open(url, Optional.empty()))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageStartingWith("cannot clone " + url)
                .hasMessageContaining("check the URL")
                .satisfies(e -> assertThat(((WorkspaceException) e).kind()).isEqualTo(ErrorKind.INPUT));
        assertThat(tempParent).isEmptyDirectory();
    }

    /** The JDK's network exceptions say only the host; the error must read alone. */
    @Test
    void saysWhyACloneFailedNotOnlyTheHostName() {
        assertThat(Workspaces.rootMessage(new org.eclipse.jgit.api.errors.TransportException("x",
                new org.eclipse.jgit.errors.TransportException("https://git.example.invalid/x.git: cannot open",
                        new java.net.UnknownHostException("git.example.invalid")))))
                .isEqualTo("the host name git.example.invalid does not resolve (no DNS entry, or no network here)");
        assertThat(Workspaces.rootMessage(new java.io.IOException("wrapped",
                new java.net.SocketTimeoutException("Read timed out"))))
                .isEqualTo("the server did not answer in time (Read timed out)");
        assertThat(Workspaces.rootMessage(new java.io.IOException("wrapped",
                new java.net.NoRouteToHostException("10.0.0.9")))).isEqualTo("NoRouteToHostException: 10.0.0.9");
    }

    /**
     * A clone URL with a credential, to a loopback server that asks for it: the clone works, and
     * neither the workspace's source (the report's and the history's) nor an error shows it.
     */
    @Test
    void clonesWithTheCredentialOfAUrlAndShowsItNowhere() throws IOException {
        try (LoopbackGitServer server = LoopbackGitServer.serve(repo.dir(), Optional.of("x-access-token:fake-pw-1"));
                Workspace ws = workspaces.open(server.url("x-access-token:fake-pw-1"), Optional.of("v1"))) {
            assertThat(ws.commit()).hasValue(firstCommit);
            assertThat(ws.source()).isEqualTo(server.url("***") + " @ v1");
        }
    }

    /** JGit's own message names the URL with its user name, which can be the token. */
    @ParameterizedTest
    @ValueSource(strings = {"fake-token-2", "x-access-token:fake-token-2", "fake-token-2:x-oauth-basic"})
    void hidesTheCredentialsOfAUrlTheServerRefuses(String userInfo) throws IOException {
        try (LoopbackGitServer server = LoopbackGitServer.serve(repo.dir(), Optional.of("someone:else"))) {
            assertThatThrownBy(() -> workspaces.open(server.url(userInfo), Optional.empty()))
                    .isInstanceOf(WorkspaceException.class)
                    .hasMessageStartingWith("cannot clone " + server.url("***"))
                    .message().doesNotContain("fake-token-2");
        }
    }

    @Test
    void hidesCredentialsOfAnUncloneableUrl() {
        assertThatThrownBy(() -> workspaces.open("http://bot:s3cret@127.0.0.1:9/x.git", Optional.empty()))
                .isInstanceOf(WorkspaceException.class)
                .hasMessageStartingWith("cannot clone http://***@127.0.0.1:9/x.git")
                .message().doesNotContain("s3cret");
    }

    @Test
    void neverModifiesTheUsersTree() throws IOException {
        List<String> before = TreeSnapshot.of(userDir);

        for (Optional<String> ref : List.of(Optional.<String>empty(), Optional.of("v1"))) {
            try (Workspace ws = workspaces.open(repo.dir().toString(), ref)) {
                Path copy = ws.newCopy("candidate");
                Files.writeString(copy.resolve("src/main/java/App.java"), "patched\n");
                Files.writeString(ws.root().resolve("pom.xml"), "built\n");
            }
        }
        try (Workspace ws = workspaces.open(repo.url(), Optional.empty())) {
            ws.newCopy("candidate");
        }

        assertThat(TreeSnapshot.of(userDir)).isEqualTo(before);
    }

    @Test
    void recognisesUrls() {
        assertThat(Workspaces.isUrl("https://github.com/acme/bank.git")).isTrue();
        assertThat(Workspaces.isUrl("file:///srv/git/bank.git")).isTrue();
        assertThat(Workspaces.isUrl("git@github.com:acme/bank.git")).isTrue();
        assertThat(Workspaces.isUrl("/home/me/bank")).isFalse();
        assertThat(Workspaces.isUrl("bank")).isFalse();
        assertThat(Workspaces.isUrl("./dir:with:colons")).isFalse();
    }

    private static void assertPreservesModes(Workspace ws) throws IOException {
        assertThat(Files.isExecutable(ws.root().resolve("mvnw"))).isTrue();
        assertThat(Files.isExecutable(ws.root().resolve("pom.xml"))).isFalse();
        Path link = ws.root().resolve("docs/app-source");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readSymbolicLink(link)).isEqualTo(Path.of("../src/main/java/App.java"));
    }
}
