package dev.repofix.workspace;

import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.config.UrlCredentials;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheEntry;
import org.eclipse.jgit.lib.ConfigConstants;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.FetchResult;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.TagOpt;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.eclipse.jgit.treewalk.filter.PathFilter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens a workspace from a local Git work tree (optionally a sub-directory of one) or
 * a clone URL. Without a ref, a local tree is taken as it is now: tracked files plus
 * untracked files Git does not ignore, uncommitted edits included. With a ref, the
 * files of that commit are exported. Nothing is written to the user's tree.
 */
public final class Workspaces {
    private static final Logger LOG = LoggerFactory.getLogger(Workspaces.class);
    /** Source files of the languages whose builds generate modules next to tracked ones. */
    private static final Pattern GENERATED_SOURCE = Pattern.compile(
            ".*\\.(py|pyi|java|kt|scala|groovy|js|mjs|cjs|ts|go|rs|c|h|cc|cpp|hpp)");
    /** Past this size an ignored file is data or a bundle, not a generated module. */
    private static final long MAX_GENERATED_BYTES = 1 << 20;
    private static final Pattern URL = Pattern.compile("^([a-zA-Z][a-zA-Z0-9+.-]*://.+|[\\w.-]+@[\\w.-]+:.+)$");

    private final Path tempParent;
    private final Duration cloneTimeout;

    /**
     * @param tempParent   directory under which copies are made (the system temp dir normally)
     * @param cloneTimeout limit for a network clone
     */
    public Workspaces(Path tempParent, Duration cloneTimeout) {
        this.tempParent = tempParent;
        this.cloneTimeout = cloneTimeout;
    }

    public static boolean isUrl(String repo) {
        return URL.matcher(repo).matches();
    }

    /**
     * Opens {@code repo} (path or URL) at {@code ref}; the caller closes the result. The
     * copy is deleted at JVM exit if it was not closed before, and first the copies left
     * under the same parent by runs whose process is gone are deleted.
     */
    public Workspace open(String repo, Optional<String> ref) {
        Leftovers.removeDead(tempParent);
        Path temp = createTemp();
        try {
            return isUrl(repo) ? fromUrl(repo, ref, temp) : fromPath(Path.of(repo), ref, temp);
        } catch (RuntimeException e) {
            Workspace.deleteTree(temp);
            Leftovers.release(temp);
            throw e;
        }
    }

    private Path createTemp() {
        Path temp = null;
        try {
            Files.createDirectories(tempParent);
            temp = Files.createTempDirectory(tempParent, Leftovers.PREFIX);
            Leftovers.claim(temp);
            return temp;
        } catch (IOException e) {
            if (temp != null) {
                Workspace.deleteTree(temp);
                Leftovers.release(temp);
            }
            throw new WorkspaceException(ErrorKind.RUNTIME, "cannot create a temporary directory under "
                    + tempParent + ": " + e.getMessage() + "; set TMPDIR to a writable directory", e);
        }
    }

    private Workspace fromPath(Path given, Optional<String> ref, Path temp) {
        Path dir = given.toAbsolutePath().normalize();
        if (!Files.isDirectory(dir)) {
            throw new WorkspaceException(ErrorKind.INPUT, "no such directory: " + given
                    + "; pass --repo with the path of a Git work tree or a clone URL");
        }
        // Not readEnvironment(): GIT_DIR (set in every Git hook) would replace the path given.
        FileRepositoryBuilder builder = new FileRepositoryBuilder().findGitDir(dir.toFile());
        if (builder.getGitDir() == null) {
            throw new WorkspaceException(ErrorKind.INPUT, given + " is not inside a Git repository; repofix works on "
                    + "a copy of a Git work tree: run 'git init && git add -A' there, or pass --repo with a clone URL");
        }
        try (Repository repository = builder.setMustExist(true).build()) {
            if (repository.isBare()) {
                throw new WorkspaceException(ErrorKind.INPUT, given + " is a bare repository; pass its clone URL "
                        + "(file://" + dir + ") or a work tree");
            }
            // Real paths on both sides: a symlinked temp or home folder must not break the prefix.
            Path workTree = repository.getWorkTree().toPath().toRealPath();
            Path realDir = dir.toRealPath();
            String prefix = realDir.startsWith(workTree)
                    ? workTree.relativize(realDir).toString().replace('\\', '/')
                    : "";
            Path pristine = temp.resolve("base");
            if (ref.isPresent()) {
                ObjectId commit = resolve(repository, ref.get(), given.toString());
                List<String> files = export(repository, commit, prefix, pristine);
                return new Workspace(temp, pristine, files, given + " @ " + ref.get(), Optional.of(commit.name()),
                        history(repository, commit, prefix, temp));
            }
            List<String> files = copyWorkingTree(repository, workTree, prefix, pristine);
            Optional<String> head = head(repository);
            return new Workspace(temp, pristine, files, given + " (working tree)", head,
                    head.flatMap(h -> history(repository, ObjectId.fromString(h), prefix, temp)));
        } catch (IOException e) {
            throw new WorkspaceException(ErrorKind.RUNTIME, "cannot read the Git repository at " + given + ": "
                    + e.getMessage(), e);
        }
    }

    private Workspace fromUrl(String url, Optional<String> ref, Path temp) {
        Path cloneDir = temp.resolve("clone");
        String shown = UrlCredentials.masked(url);
        // A bare init and a fetch rather than CloneCommand: every fetch ends with an automatic
        // gc, detached by default, which would still be writing in the clone while it is deleted.
        try (Git git = Git.init().setBare(true).setDirectory(cloneDir.toFile()).call()) {
            Repository repository = git.getRepository();
            StoredConfig config = repository.getConfig();
            config.setInt(ConfigConstants.CONFIG_GC_SECTION, null, ConfigConstants.CONFIG_KEY_AUTO, 0);
            config.setBoolean(ConfigConstants.CONFIG_GC_SECTION, null, ConfigConstants.CONFIG_KEY_AUTODETACH, false);
            config.save();
            FetchResult fetched = git.fetch()
                    .setRemote(url)
                    .setRefSpecs(new RefSpec("+refs/heads/*:refs/remotes/origin/*"))
                    .setTagOpt(TagOpt.FETCH_TAGS)
                    .setTimeout((int) Math.max(1, cloneTimeout.toSeconds()))
                    .call();
            Optional<String> named = ref.filter(r -> !r.equals(Constants.HEAD));
            ObjectId commit = named.isPresent() ? resolve(repository, named.get(), shown) : remoteHead(fetched, shown);
            Path pristine = temp.resolve("base");
            List<String> files = export(repository, commit, "", pristine);
            return new Workspace(temp, pristine, files, shown + " @ " + ref.orElse("HEAD"), Optional.of(commit.name()),
                    history(repository, commit, "", temp));
        } catch (GitAPIException | org.eclipse.jgit.api.errors.JGitInternalException e) {
            throw new WorkspaceException(ErrorKind.INPUT, "cannot clone " + shown + ": "
                    + UrlCredentials.masked(rootMessage(e))
                    + "; check the URL, network access and credentials, or clone it yourself and pass the path", e);
        } catch (IOException e) {
            throw new WorkspaceException(ErrorKind.RUNTIME, "cannot read the clone of " + shown + ": "
                    + UrlCredentials.masked(String.valueOf(e.getMessage())), e);
        } finally {
            Workspace.deleteTree(cloneDir);
        }
    }

    /**
     * The Git folder of {@code commit} for the environment set-up ({@link GitHistory}), when the
     * project is the repository's root (a sub-folder's copy has no place for the whole tree's
     * index); none when it cannot be written, with the reason logged: the set-up then goes
     * without, as before.
     */
    private static Optional<Path> history(Repository repository, ObjectId commit, String prefix, Path temp) {
        if (!prefix.isEmpty()) {
            return Optional.empty();
        }
        Path gitDir = temp.resolve("history").resolve(".git");
        try {
            GitHistory.write(repository, commit, gitDir);
            return Optional.of(gitDir);
        } catch (IOException | RuntimeException e) {
            LOG.warn("no Git history for the environment set-up (tools that read the version from Git will not "
                    + "find one): {}", e.toString());
            Workspace.deleteTree(gitDir.getParent());
            return Optional.empty();
        }
    }

    private static ObjectId remoteHead(FetchResult fetched, String shown) {
        Ref head = fetched.getAdvertisedRef(Constants.HEAD);
        if (head == null || head.getObjectId() == null) {
            throw new WorkspaceException(ErrorKind.INPUT, shown + " has no HEAD (an empty repository?); "
                    + "pass --ref with a branch, tag or commit that exists there");
        }
        return head.getObjectId();
    }

    private static ObjectId resolve(Repository repository, String ref, String shown) throws IOException {
        ObjectId id;
        try {
            id = repository.resolve(ref + "^{commit}");
        } catch (org.eclipse.jgit.errors.RevisionSyntaxException | org.eclipse.jgit.errors.AmbiguousObjectException e) {
            id = null;
        }
        if (id == null && !ref.startsWith("refs/")) {
            id = repository.resolve("refs/remotes/origin/" + ref + "^{commit}");
        }
        if (id == null) {
            throw new WorkspaceException(ErrorKind.INPUT, "no branch, tag or commit '" + ref + "' in " + shown
                    + "; check --ref (for a remote, use a branch or tag that exists there)");
        }
        return id;
    }

    private static Optional<String> head(Repository repository) throws IOException {
        ObjectId id = repository.resolve(Constants.HEAD);
        return Optional.ofNullable(id).map(ObjectId::name);
    }

    /** Writes the files of {@code commit} under {@code prefix} to {@code target}. */
    private static List<String> export(Repository repository, ObjectId commit, String prefix, Path target)
            throws IOException {
        List<String> files = new ArrayList<>();
        try (RevWalk walk = new RevWalk(repository); TreeWalk tw = new TreeWalk(repository)) {
            RevCommit c = walk.parseCommit(commit);
            tw.addTree(c.getTree());
            tw.setRecursive(true);
            if (!prefix.isEmpty()) {
                tw.setFilter(PathFilter.create(prefix));
            }
            while (tw.next()) {
                FileMode mode = tw.getFileMode(0);
                if (mode == FileMode.GITLINK || !under(tw.getPathString(), prefix)) {
                    continue; // submodules are not checked out; the prefix itself may be a file at this commit
                }
                String rel = prefix.isEmpty() ? tw.getPathString() : tw.getPathString().substring(prefix.length() + 1);
                Path out = target.resolve(rel);
                Files.createDirectories(out.getParent());
                ObjectLoader loader = repository.open(tw.getObjectId(0));
                if (mode == FileMode.SYMLINK) {
                    Files.createSymbolicLink(out, Path.of(new String(loader.getBytes(), java.nio.charset.StandardCharsets.UTF_8)));
                } else {
                    try (OutputStream os = Files.newOutputStream(out)) {
                        loader.copyTo(os);
                    }
                    if (mode == FileMode.EXECUTABLE_FILE) {
                        makeExecutable(out);
                    }
                }
                files.add(rel);
            }
        }
        Files.createDirectories(target);
        return files;
    }

    /**
     * Copies tracked and untracked-but-not-ignored files under {@code prefix}, as they are
     * on disk, and the ignored source files that sit beside tracked ones (see
     * {@link #generatedSources}).
     */
    private static List<String> copyWorkingTree(Repository repository, Path workTree, String prefix, Path target)
            throws IOException {
        Set<String> paths = new TreeSet<>();
        DirCache index = repository.readDirCache();
        for (int i = 0; i < index.getEntryCount(); i++) {
            DirCacheEntry e = index.getEntry(i);
            if (e.getFileMode() != FileMode.GITLINK && under(e.getPathString(), prefix)) {
                paths.add(e.getPathString());
            }
        }
        try (Git git = new Git(repository)) {
            var status = git.status();
            if (!prefix.isEmpty()) {
                status.addPath(prefix);
            }
            var listed = status.call();
            paths.addAll(listed.getUntracked());
            Set<String> generated = generatedSources(paths, listed.getIgnoredNotInIndex(), workTree);
            if (!generated.isEmpty()) {
                LOG.info("carrying {} git-ignored source file(s) that sit beside tracked sources (generated, "
                        + "such as a version module): {}", generated.size(), generated);
                paths.addAll(generated);
            }
        } catch (GitAPIException e) {
            throw new WorkspaceException(ErrorKind.RUNTIME, "cannot list the files of " + workTree + ": " + e.getMessage(), e);
        }
        List<String> listed = new ArrayList<>();
        for (String p : paths) {
            if (under(p, prefix)) {
                listed.add(prefix.isEmpty() ? p : p.substring(prefix.length() + 1));
            }
        }
        Set<String> missing = java.util.concurrent.ConcurrentHashMap.newKeySet();
        FileTrees.copy(prefix.isEmpty() ? workTree : workTree.resolve(prefix), target, listed, (from, to) -> {
            if (Files.exists(from, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                Workspace.copyEntry(from, to);
            } else {
                missing.add(from.toString()); // deleted in the work tree but still in the index
            }
        });
        Path fromRoot = prefix.isEmpty() ? workTree : workTree.resolve(prefix);
        return listed.stream().filter(rel -> !missing.contains(fromRoot.resolve(rel).toString())).toList();
    }

    /**
     * The ignored files a build needs although Git does not keep them: source files that a
     * build step generated into a folder of tracked sources (setuptools-scm's
     * {@code _version.py}, a generated {@code BuildConfig.java}). Build output, caches and
     * virtual environments are ignored folders of their own, which Git reports as one
     * entry and which hold no tracked file, so they stay out.
     */
    static Set<String> generatedSources(Set<String> kept, Set<String> ignored, Path workTree) {
        Set<String> trackedFolders = new HashSet<>();
        for (String p : kept) {
            trackedFolders.add(parent(p));
        }
        Set<String> out = new TreeSet<>();
        for (String p : ignored) {
            Path file = workTree.resolve(p);
            if (GENERATED_SOURCE.matcher(p).matches() && trackedFolders.contains(parent(p))
                    && Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)
                    && sizeOf(file) <= MAX_GENERATED_BYTES) {
                out.add(p);
            }
        }
        return out;
    }

    private static String parent(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return Long.MAX_VALUE;
        }
    }

    private static boolean under(String path, String prefix) {
        return prefix.isEmpty() || path.startsWith(prefix + "/");
    }

    private static void makeExecutable(Path file) throws IOException {
        try {
            Set<PosixFilePermission> perms = EnumSet.copyOf(Files.getPosixFilePermissions(file));
            perms.add(PosixFilePermission.OWNER_EXECUTE);
            perms.add(PosixFilePermission.GROUP_EXECUTE);
            Files.setPosixFilePermissions(file, perms);
        } catch (UnsupportedOperationException e) {
            file.toFile().setExecutable(true);
        }
    }

    /**
     * What went wrong at the bottom of a failed clone, said so that it reads alone: the JDK's
     * network exceptions carry only the host or address as their message.
     */
    static String rootMessage(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? "" : t.getMessage();
        return switch (t) {
            case java.net.UnknownHostException u -> "the host name " + m + " does not resolve (no DNS entry, or no "
                    + "network here)";
            case java.net.ConnectException c -> "cannot connect" + (m.isEmpty() ? "" : " (" + m + ")");
            case java.net.SocketTimeoutException s -> "the server did not answer in time" + (m.isEmpty() ? ""
                    : " (" + m + ")");
            default -> m.isEmpty() ? t.getClass().getSimpleName()
                    : t instanceof java.io.IOException && !(t.getClass().getName().startsWith("org.eclipse.jgit"))
                            ? t.getClass().getSimpleName() + ": " + m : m;
        };
    }
}
