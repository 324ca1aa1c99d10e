package dev.repofix.eval.run;

import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.config.UrlCredentials;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.workspace.FileTrees;
import dev.repofix.workspace.GitHistory;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.RepositoryCache;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.util.FS;

/**
 * Prepares what a benchmark case runs on: its repository at the base commit with the
 * reference test patch applied and committed (the FAIL_TO_PASS tests then fail at the
 * baseline). Only the cases' commits are fetched ({@link CaseSource}): a URL into one bare
 * mirror per repository, by commit id one commit deep where the server allows; a repository
 * on this machine is read in place. Each case's clone shares the objects of either. A case's environment is not made here: its run's set-up stage
 * prepares it ({@code dev.repofix.env}), in the tree this gives when the case names an
 * environment commit of its own. {@link #close()} removes everything made.
 */
public final class CaseCheckouts implements AutoCloseable {
    private static final String TESTS_COMMIT_MESSAGE = "repofix eval: the case's reference tests";

    /**
     * A case ready to run.
     *
     * @param repo      the case's own repository (a clone), for {@code --repo}
     * @param commit    the commit with the reference tests, for {@code --ref}
     * @param setupRoot where the case's environment is set up when not in its own checkout: a
     *                  checkout of its environment commit, shared by the cases that name it
     */
    public record Checkout(Path repo, String commit, Optional<Path> setupRoot) {
        public Checkout {
            Objects.requireNonNull(repo, "repo");
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(setupRoot, "setupRoot");
        }
    }

    /**
     * What a case says about where it runs.
     *
     * @param id                the case id, names its folder
     * @param repo              URL or path
     * @param baseCommit        the commit the bug is at
     * @param testPatch         the reference test patch, "" when none
     * @param environmentCommit where the set-up runs, when not the base commit
     */
    public record Spec(String id, String repo, String baseCommit, String testPatch,
            Optional<String> environmentCommit) {
        public Spec {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(repo, "repo");
            Objects.requireNonNull(baseCommit, "baseCommit");
            Objects.requireNonNull(testPatch, "testPatch");
            Objects.requireNonNull(environmentCommit, "environmentCommit");
        }
    }

    private final Path workDir;
    private final Map<String, Object> locks = new ConcurrentHashMap<>();

    /** @param workDir where mirrors and case clones go; made when missing */
    public CaseCheckouts(Path workDir) {
        this.workDir = Objects.requireNonNull(workDir, "workDir").toAbsolutePath().normalize();
    }

    /**
     * The case's repository; the caller hands the checkout back to {@link #release}. Safe to
     * call from several threads.
     *
     * @throws RepofixException (input) when the test patch does not apply; (runtime) when a
     *     commit the case needs cannot be had: the fetch failed, the repository does not have
     *     it, or its objects are missing. The message is one line.
     */
    public Checkout prepare(Spec spec) {
        try {
            CaseSource source = source(spec.repo());
            ObjectId base = source.commit(spec.baseCommit(), spec);
            Optional<Path> setupRoot = spec.environmentCommit().filter(c -> !c.equals(spec.baseCommit()))
                    .map(c -> setupTree(spec, source, c));
            Path dir = workDir.resolve("cases").resolve(spec.id());
            Workspace.deleteTree(dir);
            try (Git git = source.share(dir)) {
                git.checkout().setName(base.name()).setForced(true).call();
                if (spec.testPatch().isBlank()) {
                    return new Checkout(dir, base.name(), setupRoot);
                }
                if (new PatchApplier().apply(dir, spec.testPatch()) instanceof ApplyResult.NotApplied n) {
                    throw new RepofixException(ErrorKind.INPUT, "case " + spec.id() + ": its test patch does not "
                            + "apply at " + spec.baseCommit() + ": " + n.reason()
                            + "; check patch.test and base_commit");
                }
                git.add().addFilepattern(".").call();
                git.add().addFilepattern(".").setUpdate(true).call();
                RevCommit commit = git.commit().setMessage(TESTS_COMMIT_MESSAGE).setAuthor("repofix",
                        "repofix@localhost").setCommitter("repofix", "repofix@localhost").setSign(false)
                        .setAllowEmpty(true).call();
                return new Checkout(dir, commit.name(), setupRoot);
            }
        } catch (RepofixException e) {
            throw e;
        } catch (GitAPIException | IOException | RuntimeException e) {
            // One line, no trace: what is missing is the commit's objects, whatever the cause.
            throw new RepofixException(ErrorKind.RUNTIME, "case " + spec.id() + ": cannot check out "
                    + spec.baseCommit() + " of " + UrlCredentials.masked(spec.repo()) + ": " + oneLine(e)
                    + "; check that the repository has the commit and its files", e);
        }
    }

    /** Deletes the case's clone. */
    public void release(Checkout checkout) {
        Workspace.deleteTree(checkout.repo());
    }

    /** Bytes on disk under the work folder now: mirrors and clones. */
    public long diskBytes() {
        return FileTrees.size(workDir);
    }

    /** Removes mirrors, clones and environment-commit trees. Idempotent. */
    @Override
    public void close() {
        Workspace.deleteTree(workDir.resolve("mirrors"));
        Workspace.deleteTree(workDir.resolve("cases"));
        Workspace.deleteTree(workDir.resolve("setup-trees"));
    }

    /**
     * Where a case's commits are read from: a repository on this machine is read in place (its
     * objects shared, nothing copied or fetched: a history with objects missing, or a shallow
     * copy, serves every commit it holds); a URL through a bare mirror in the work folder that
     * fetches only the commits the cases ask for.
     */
    private CaseSource source(String repo) throws IOException {
        Optional<Path> local = localPath(repo);
        if (local.isPresent()) {
            File gitDir = RepositoryCache.FileKey.resolve(local.get().toFile(), FS.DETECTED);
            if (gitDir == null) {
                throw new RepofixException(ErrorKind.RUNTIME, "cannot read " + repo + ": no Git repository there; "
                        + "check the case's repo (a URL or a path of a Git repository)");
            }
            return new CaseSource(repo, new FileRepositoryBuilder().setGitDir(gitDir).setMustExist(true).setup(),
                    false, lock("source:" + repo));
        }
        Path dir = workDir.resolve("mirrors").resolve(hash(repo));
        synchronized (lock("mirror:" + repo)) {
            if (!Files.isDirectory(dir)) {
                try (Git git = Git.init().setBare(true).setDirectory(dir.toFile()).call()) {
                    // No automatic gc after a fetch: it would still be writing while the mirror is deleted.
                    git.getRepository().getConfig().setInt("gc", null, "auto", 0);
                    git.getRepository().getConfig().save();
                } catch (GitAPIException e) {
                    throw new IOException("cannot make a mirror in " + dir + ": " + e.getMessage(), e);
                }
            }
        }
        return new CaseSource(repo, new FileRepositoryBuilder().setGitDir(dir.toFile()).setMustExist(true).setup(),
                true, lock("mirror:" + repo));
    }

    /** The path of a repository on this machine: a path, or a {@code file:} URL. */
    private static Optional<Path> localPath(String repo) {
        if (!Workspaces.isUrl(repo)) {
            return Optional.of(Path.of(repo).toAbsolutePath().normalize());
        }
        if (repo.regionMatches(true, 0, "file:", 0, 5)) {
            try {
                return Optional.of(Path.of(java.net.URI.create(repo)));
            } catch (IllegalArgumentException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    private Object lock(String key) {
        return locks.computeIfAbsent(key, k -> new Object());
    }

    /** A checkout of {@code commit}, made once per repository and commit, where the case's set-up runs. */
    private Path setupTree(Spec spec, CaseSource source, String commit) {
        String key = hash(spec.repo() + "\0" + commit);
        synchronized (lock("tree:" + key)) {
            Path tree = workDir.resolve("setup-trees").resolve(key);
            if (Files.isDirectory(tree.resolve(".git"))) {
                return tree;
            }
            Workspace.deleteTree(tree);
            Path history = tree.resolveSibling(key + ".history").resolve(".git");
            Workspace.deleteTree(history.getParent());
            try {
                try (Git git = source.share(tree)) {
                    ObjectId id = source.commit(commit, spec);
                    git.checkout().setName(id.name()).setForced(true).call();
                    GitHistory.write(git.getRepository(), id, history);
                }
                // The set-up copies this Git folder, into a container too: one that reads its objects
                // from here (alternates) would not be whole there, so it gets a whole one of its own.
                Workspace.deleteTree(tree.resolve(".git"));
                Files.move(history, tree.resolve(".git"));
                Workspace.deleteTree(history.getParent());
                return tree;
            } catch (GitAPIException | IOException | RuntimeException e) {
                Workspace.deleteTree(tree);
                Workspace.deleteTree(history.getParent());
                if (e instanceof RepofixException r) {
                    throw r;
                }
                throw new RepofixException(ErrorKind.RUNTIME, "cannot check out " + commit + " for the set-up of "
                        + spec.id() + ": " + oneLine(e), e);
            }
        }
    }

    /** The first line of what went wrong, and of its causes' when it says nothing of its own. */
    static String oneLine(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String m = t.getMessage();
            if (m != null && !m.isBlank()) {
                return UrlCredentials.masked(m.strip().lines().findFirst().orElse(m));
            }
        }
        return e.getClass().getSimpleName();
    }

    static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }

}
