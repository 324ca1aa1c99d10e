package dev.repofix.workspace;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.revwalk.RevCommit;

/** A real Git work tree built with JGit for a test; closes its repository handle. */
public final class TestRepo implements AutoCloseable {
    private static final PersonIdent AUTHOR = new PersonIdent("Test Author", "test@example.com");

    private final Path dir;
    private final Git git;

    private TestRepo(Path dir, Git git) {
        this.dir = dir;
        this.git = git;
    }

    /** A new repository whose first branch is {@code main}. */
    public static TestRepo init(Path dir) throws GitAPIException {
        return new TestRepo(dir, Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call());
    }

    public Path dir() {
        return dir;
    }

    public TestRepo write(String relative, String content) throws IOException {
        Path file = dir.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, content);
        return this;
    }

    public TestRepo executable(String relative) throws IOException {
        Files.setPosixFilePermissions(dir.resolve(relative), PosixFilePermissions.fromString("rwxr-xr-x"));
        return this;
    }

    public TestRepo symlink(String relative, String target) throws IOException {
        Path link = dir.resolve(relative);
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link, Path.of(target));
        return this;
    }

    /** Stages everything (deletions too) and commits; returns the commit id. */
    public String commit(String message) throws GitAPIException {
        git.add().addFilepattern(".").call();
        git.add().addFilepattern(".").setUpdate(true).call();
        RevCommit c = git.commit().setMessage(message).setAuthor(AUTHOR).setCommitter(AUTHOR).setSign(false).call();
        return c.name();
    }

    void tag(String name) throws GitAPIException {
        git.tag().setName(name).setAnnotated(false).call();
    }

    void annotatedTag(String name) throws GitAPIException {
        git.tag().setName(name).setMessage("release " + name).setTagger(AUTHOR).setSigned(false).call();
    }

    void branch(String name) throws GitAPIException {
        git.branchCreate().setName(name).call();
    }

    void checkout(String name) throws GitAPIException {
        git.checkout().setName(name).call();
    }

    /** A {@code file://} URL of this repository, as a user would pass it. */
    String url() {
        return dir.toUri().toString();
    }

    @Override
    public void close() {
        git.close();
    }
}
