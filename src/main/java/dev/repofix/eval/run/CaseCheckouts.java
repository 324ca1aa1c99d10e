package dev.repofix.eval.run;

import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.config.UrlCredentials;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.workspace.FileTrees;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
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
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.TagOpt;

/**
 * Prepares what a benchmark case runs on: its repository at the base commit with the
 * reference test patch applied and committed (the FAIL_TO_PASS tests then fail at the
 * baseline). The repository is fetched once per URL or path into a bare mirror that every
 * case of it clones from. A case's environment is not made here: its run's set-up stage
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
     * @throws RepofixException (input) when the commit does not exist or the test patch does
     *     not apply; (runtime) when fetching or cloning fails
     */
    public Checkout prepare(Spec spec) {
        Path mirror = mirror(spec.repo());
        Optional<Path> setupRoot = spec.environmentCommit().filter(c -> !c.equals(spec.baseCommit()))
                .map(c -> setupTree(spec, mirror, c));
        Path dir = workDir.resolve("cases").resolve(spec.id());
        Workspace.deleteTree(dir);
        try (Git git = clone(mirror, dir)) {
            checkout(git, spec.baseCommit(), spec);
            if (spec.testPatch().isBlank()) {
                return new Checkout(dir, spec.baseCommit(), setupRoot);
            }
            if (new PatchApplier().apply(dir, spec.testPatch()) instanceof ApplyResult.NotApplied n) {
                throw new RepofixException(ErrorKind.INPUT, "case " + spec.id() + ": its test patch does not apply at "
                        + spec.baseCommit() + ": " + n.reason() + "; check patch.test and base_commit");
            }
            git.add().addFilepattern(".").call();
            git.add().addFilepattern(".").setUpdate(true).call();
            RevCommit commit = git.commit().setMessage(TESTS_COMMIT_MESSAGE).setAuthor("repofix", "repofix@localhost")
                    .setCommitter("repofix", "repofix@localhost").setSign(false).setAllowEmpty(true).call();
            return new Checkout(dir, commit.name(), setupRoot);
        } catch (GitAPIException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "case " + spec.id() + ": cannot prepare its clone in " + dir
                    + ": " + e.getMessage(), e);
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

    private Path mirror(String repo) {
        String key = "mirror:" + repo;
        synchronized (locks.computeIfAbsent(key, k -> new Object())) {
            Path dir = workDir.resolve("mirrors").resolve(hash(repo));
            try (Git git = Files.isDirectory(dir) ? Git.open(dir.toFile())
                    : Git.init().setBare(true).setDirectory(dir.toFile()).call()) {
                if (git.getRepository().getRefDatabase().getRefs().isEmpty()) {
                    git.fetch().setRemote(remote(repo)).setTagOpt(TagOpt.FETCH_TAGS)
                            .setRefSpecs(new RefSpec("+refs/heads/*:refs/heads/*"),
                                    new RefSpec("+refs/tags/*:refs/tags/*"))
                            .call();
                }
                return dir;
            } catch (GitAPIException | IOException | org.eclipse.jgit.api.errors.JGitInternalException e) {
                Workspace.deleteTree(dir);
                throw new RepofixException(ErrorKind.INPUT, "cannot fetch " + UrlCredentials.masked(repo)
                        + ": " + UrlCredentials.masked(String.valueOf(e.getMessage()))
                        + "; check the case's repo (a URL or a path of a Git repository)", e);
            }
        }
    }

    /** A path is fetched by its file URL; anything else is a URL already. */
    private static String remote(String repo) {
        if (Workspaces.isUrl(repo)) {
            return repo;
        }
        return Path.of(repo).toAbsolutePath().normalize().toUri().toString();
    }

    /** A work tree with every branch and tag of the mirror, nothing checked out (a mirror's HEAD may name no branch). */
    private static Git clone(Path mirror, Path dir) throws GitAPIException {
        Git git = Git.init().setDirectory(dir.toFile()).call();
        try {
            git.fetch().setRemote(mirror.toUri().toString()).setTagOpt(TagOpt.FETCH_TAGS)
                    .setRefSpecs(new RefSpec("+refs/heads/*:refs/remotes/origin/*"),
                            new RefSpec("+refs/tags/*:refs/tags/*"))
                    .call();
            var config = git.getRepository().getConfig();
            config.setString("remote", "origin", "url", mirror.toUri().toString());
            config.save();
            return git;
        } catch (GitAPIException | RuntimeException e) {
            git.close();
            throw e;
        } catch (IOException e) {
            git.close();
            throw new org.eclipse.jgit.api.errors.JGitInternalException(e.getMessage(), e);
        }
    }

    private void checkout(Git git, String commit, Spec spec) throws GitAPIException {
        Repository repository = git.getRepository();
        ObjectId id;
        try {
            id = repository.resolve(commit + "^{commit}");
        } catch (IOException | RuntimeException e) {
            id = null;
        }
        if (id == null) {
            // A commit no branch or tag reaches any more (a force-push): ask for it by id.
            try {
                git.fetch().setRemote("origin").setRefSpecs(new RefSpec(commit + ":refs/repofix/base")).call();
                id = repository.resolve("refs/repofix/base^{commit}");
            } catch (GitAPIException | IOException | RuntimeException e) {
                id = null; // the server has no such commit, or does not hand out commits by id
            }
        }
        if (id == null) {
            throw new RepofixException(ErrorKind.INPUT, "case " + spec.id() + ": no commit " + commit + " in "
                    + UrlCredentials.masked(spec.repo()) + "; check base_commit (or environment_setup_commit)");
        }
        git.checkout().setName(id.name()).setForced(true).call();
    }

    /** A checkout of {@code commit}, made once per repository and commit, where the case's set-up runs. */
    private Path setupTree(Spec spec, Path mirror, String commit) {
        String key = hash(spec.repo() + "\0" + commit);
        synchronized (locks.computeIfAbsent("tree:" + key, k -> new Object())) {
            Path tree = workDir.resolve("setup-trees").resolve(key);
            if (Files.isDirectory(tree.resolve(".git"))) {
                return tree;
            }
            Workspace.deleteTree(tree);
            try (Git git = clone(mirror, tree)) {
                checkout(git, commit, spec);
                return tree;
            } catch (GitAPIException e) {
                Workspace.deleteTree(tree);
                throw new RepofixException(ErrorKind.RUNTIME, "cannot check out " + commit + " for the set-up of "
                        + spec.id() + ": " + e.getMessage(), e);
            }
        }
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
