package dev.repofix.eval.run;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.config.UrlCredentials;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.workspace.FileTrees;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares what a benchmark case runs on: its repository at the base commit with the
 * reference test patch applied and committed (the FAIL_TO_PASS tests then fail at the
 * baseline), and its environment. The repository is fetched once per URL or path into a
 * bare mirror that every case of it clones from. An environment (the case's {@code setup}
 * commands, run with network in a checkout of the environment commit, into a virtual
 * environment of their own for Python) is made once per repository, set-up and
 * environment commit and shared by the cases that match, never per case. {@link #close()}
 * removes everything made, unless asked to keep the environments.
 */
public final class CaseCheckouts implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CaseCheckouts.class);
    private static final String TESTS_COMMIT_MESSAGE = "repofix eval: the case's reference tests";

    /**
     * A case ready to run.
     *
     * @param repo        the case's own repository (a clone), for {@code --repo}
     * @param commit      the commit with the reference tests, for {@code --ref}
     * @param environment what the case's set-up prepared, which every test run of the case gets
     *                    ({@link PreparedEnvironment#none()} when it has no set-up)
     */
    public record Checkout(Path repo, String commit, PreparedEnvironment environment) {
        public Checkout {
            Objects.requireNonNull(repo, "repo");
            Objects.requireNonNull(commit, "commit");
            Objects.requireNonNull(environment, "environment");
        }
    }

    /**
     * What a case says about where it runs.
     *
     * @param id               the case id, names its folder
     * @param repo             URL or path
     * @param baseCommit       the commit the bug is at
     * @param testPatch        the reference test patch, "" when none
     * @param setup            commands that install what the tests need; empty for none
     * @param environmentCommit where the set-up runs, when not the base commit
     * @param language         the case's language (java, python, ...)
     */
    public record Spec(String id, String repo, String baseCommit, String testPatch, List<String> setup,
            Optional<String> environmentCommit, String language) {
        public Spec {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(repo, "repo");
            Objects.requireNonNull(baseCommit, "baseCommit");
            Objects.requireNonNull(testPatch, "testPatch");
            setup = List.copyOf(setup);
            Objects.requireNonNull(environmentCommit, "environmentCommit");
            Objects.requireNonNull(language, "language");
        }
    }

    private final Path workDir;
    private final Executor setupExecutor;
    private final HostEnvironment host;
    private final Duration setupTimeout;
    private final Path envsDir;
    private final boolean keepEnvironments;
    private final Map<String, Object> locks = new ConcurrentHashMap<>();
    private final Map<String, PreparedEnvironment> readyEnvironments = new ConcurrentHashMap<>();

    /**
     * @param workDir          where mirrors, environments and case clones go; made when missing
     * @param setupExecutor    runs the set-up commands (with network: they install things)
     * @param host             the caller's environment, from which set-up commands get PATH, HOME and proxies
     * @param setupTimeout     limit of each set-up command
     * @param keepEnvironments whether {@link #close()} leaves the environments for the next run
     */
    public CaseCheckouts(Path workDir, Executor setupExecutor, HostEnvironment host, Duration setupTimeout,
            boolean keepEnvironments) {
        this(workDir, workDir.resolve("envs"), setupExecutor, host, setupTimeout, keepEnvironments);
    }

    /**
     * Environments in a folder of their own, so that a later run (in a work folder of its own)
     * finds the ones this run kept and does not set them up again.
     *
     * @param envsDir where environments go; made when missing
     */
    public CaseCheckouts(Path workDir, Path envsDir, Executor setupExecutor, HostEnvironment host,
            Duration setupTimeout, boolean keepEnvironments) {
        this.workDir = Objects.requireNonNull(workDir, "workDir").toAbsolutePath().normalize();
        this.envsDir = Objects.requireNonNull(envsDir, "envsDir").toAbsolutePath().normalize();
        this.setupExecutor = Objects.requireNonNull(setupExecutor, "setupExecutor");
        this.host = Objects.requireNonNull(host, "host");
        this.setupTimeout = Objects.requireNonNull(setupTimeout, "setupTimeout");
        this.keepEnvironments = keepEnvironments;
    }

    /**
     * The case's repository and environment; the caller hands the checkout back to
     * {@link #release}. Safe to call from several threads.
     *
     * @throws RepofixException (input) when the commit does not exist or the test patch does
     *     not apply; (runtime) when fetching, cloning or a set-up command fails
     */
    public Checkout prepare(Spec spec) {
        Path mirror = mirror(spec.repo());
        PreparedEnvironment environment = spec.setup().isEmpty() ? PreparedEnvironment.none()
                : environment(spec, mirror);
        Path dir = workDir.resolve("cases").resolve(spec.id());
        Workspace.deleteTree(dir);
        try (Git git = clone(mirror, dir)) {
            checkout(git, spec.baseCommit(), spec);
            if (spec.testPatch().isBlank()) {
                return new Checkout(dir, spec.baseCommit(), environment);
            }
            if (new PatchApplier().apply(dir, spec.testPatch()) instanceof ApplyResult.NotApplied n) {
                throw new RepofixException(ErrorKind.INPUT, "case " + spec.id() + ": its test patch does not apply at "
                        + spec.baseCommit() + ": " + n.reason() + "; check patch.test and base_commit");
            }
            git.add().addFilepattern(".").call();
            git.add().addFilepattern(".").setUpdate(true).call();
            RevCommit commit = git.commit().setMessage(TESTS_COMMIT_MESSAGE).setAuthor("repofix", "repofix@localhost")
                    .setCommitter("repofix", "repofix@localhost").setSign(false).setAllowEmpty(true).call();
            return new Checkout(dir, commit.name(), environment);
        } catch (GitAPIException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "case " + spec.id() + ": cannot prepare its clone in " + dir
                    + ": " + e.getMessage(), e);
        }
    }

    /** Deletes the case's clone, unless environments are kept (then the next run may look at it). */
    public void release(Checkout checkout) {
        if (!keepEnvironments) {
            Workspace.deleteTree(checkout.repo());
        }
    }

    /** Bytes on disk under the work folder now: mirrors, environments and clones. */
    public long diskBytes() {
        return envsDir.startsWith(workDir) ? FileTrees.size(workDir)
                : FileTrees.size(workDir) + FileTrees.size(envsDir);
    }

    /** Removes mirrors, clones and, unless kept, environments. Idempotent. */
    @Override
    public void close() {
        Workspace.deleteTree(workDir.resolve("mirrors"));
        Workspace.deleteTree(workDir.resolve("cases"));
        if (!keepEnvironments) {
            Workspace.deleteTree(envsDir);
        }
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

    /**
     * The environment of {@code spec}'s set-up, made on first use and shared after (then it
     * says it was reused). A Python case's is a virtual environment of its own, not one that
     * sees the machine's packages: its tests get exactly what the set-up installed.
     */
    private PreparedEnvironment environment(Spec spec, Path mirror) {
        String commit = spec.environmentCommit().orElse(spec.baseCommit());
        String key = hash(spec.repo() + "\0" + commit + "\0" + String.join("\n", spec.setup()));
        synchronized (locks.computeIfAbsent("env:" + key, k -> new Object())) {
            PreparedEnvironment ready = readyEnvironments.get(key);
            if (ready != null) {
                return reused(ready);
            }
            Path dir = envsDir.resolve(key);
            Path tree = dir.resolve("tree");
            boolean python = spec.language().equals("python");
            Path venv = dir.resolve("venv");
            Map<String, String> variables = python ? Map.of("VIRTUAL_ENV", venv.toString()) : Map.of();
            List<Path> bin = python ? List.of(venv.resolve("bin")) : List.of();
            boolean made = !Files.isRegularFile(dir.resolve(".ready"));
            long started = System.nanoTime();
            if (made) {
                Workspace.deleteTree(dir);
                try (Git git = clone(mirror, tree)) {
                    checkout(git, commit, spec);
                } catch (GitAPIException e) {
                    throw new RepofixException(ErrorKind.RUNTIME, "cannot check out " + commit + " for the set-up of "
                            + spec.id() + ": " + e.getMessage(), e);
                }
                if (python) {
                    run(List.of("python3", "-m", "venv", venv.toString()), tree, variables, bin, spec);
                }
                for (String command : spec.setup()) {
                    run(List.of("sh", "-c", command), tree, variables, bin, spec);
                }
                write(dir.resolve(".ready"), String.join("\n", spec.setup()));
                LOG.info("prepared the environment of {} at {} in {}", UrlCredentials.masked(spec.repo()), commit, dir);
            }
            // An editable install points at the set-up's own checkout: each copy of the case imports its own code.
            List<String> sourceRoots = !python ? List.of()
                    : Files.isDirectory(tree.resolve("src")) ? List.of("src", ".") : List.of(".");
            PreparedEnvironment prepared = new PreparedEnvironment(describe(spec, python), variables, bin,
                    python ? List.of(venv) : List.of(), sourceRoots,
                    made ? Duration.ofNanos(System.nanoTime() - started) : Duration.ZERO, !made);
            readyEnvironments.put(key, prepared);
            return prepared;
        }
    }

    /** {@code prepared} as a later case sees it: reused, nothing spent on it. */
    private static PreparedEnvironment reused(PreparedEnvironment prepared) {
        return new PreparedEnvironment(prepared.description(), prepared.variables(), prepared.pathFolders(),
                prepared.folders(), prepared.sourceRoots(), Duration.ZERO, true);
    }

    private static String describe(Spec spec, boolean python) {
        return (python ? "case venv, " : "case set-up, ") + spec.setup().size() + " set-up command(s)";
    }

    private void run(List<String> argv, Path dir, Map<String, String> variables, List<Path> bin, Spec spec) {
        // Set-up installs things: the caller's proxies and index settings pass, credentials never.
        Map<String, String> env = new LinkedHashMap<>(CleanEnvironment.of(host, List.of("http_proxy", "https_proxy",
                "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "no_proxy", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL",
                "MAVEN_OPTS", "SSL_CERT_FILE", "REQUESTS_CA_BUNDLE"), Map.of()));
        env.putAll(variables);
        // The set-up runs with network: it installs things.
        ExecResult result = setupExecutor.run(new Command(argv, dir, env, setupTimeout, Command.DEFAULT_OUTPUT_CAP)
                .withEnvironmentFolders(bin, List.of()).withNetwork());
        if (!result.succeeded()) {
            String output = result.output().strip();
            String tail = output.length() > 2000 ? "..." + output.substring(output.length() - 2000) : output;
            throw new RepofixException(ErrorKind.RUNTIME, "the set-up of case " + spec.id() + " failed: '"
                    + String.join(" ", argv) + "' (" + result.outcome() + "):\n" + tail);
        }
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
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
