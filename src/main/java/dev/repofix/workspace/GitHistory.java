package dev.repofix.workspace;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.dircache.DirCache;
import org.eclipse.jgit.dircache.DirCacheBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.ObjectLoader;
import org.eclipse.jgit.lib.ObjectReader;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * A small Git folder for the checked-out commit, made for build tools that take a project's
 * version from Git (setuptools-scm, hatch-vcs, setuptools-git-versioning, versioneer, the
 * git-commit-id Maven plugin): without one, {@code pip install -e .} of such a project fails or
 * installs a placeholder version. It holds the commit, its ancestors back to its nearest tag
 * (that tag's commit marked shallow, so {@code git describe} counts as in the original), the tags
 * on that range, the commit's trees (no file contents: {@code git status} compares by hash) and an
 * index of them, {@code HEAD} detached at the commit. Copied beside a copy of the files as
 * {@code .git}, {@code git describe --tags --dirty} there says what it says in the original.
 */
public final class GitHistory {
    /** Past this many commits since the nearest tag, only the commit itself is kept. */
    static final int MAX_COMMITS = 5_000;
    private static final Pattern DESCRIBED = Pattern.compile("(.+)-(\\d+)-g[0-9a-f]+");

    private GitHistory() {}

    /**
     * Writes the Git folder of {@code commit} of {@code source} at {@code gitDir} (a folder named
     * {@code .git} that does not exist yet).
     */
    public static void write(Repository source, ObjectId commit, Path gitDir) throws IOException {
        try (Repository target = new FileRepositoryBuilder().setGitDir(gitDir.toFile()).build();
                RevWalk walk = new RevWalk(source);
                ObjectReader reader = source.newObjectReader();
                ObjectInserter inserter = target.newObjectInserter()) {
            target.create(false);
            RevCommit head = walk.parseCommit(commit);
            Optional<Ref> tag = nearestTag(source, commit);
            Set<RevCommit> commits = new LinkedHashSet<>();
            List<RevCommit> shallow = new ArrayList<>();
            if (tag.isPresent()) {
                RevCommit tagged = walk.parseCommit(peeled(source, tag.get()));
                walk.markStart(head);
                walk.markUninteresting(tagged);
                for (RevCommit c : walk) {
                    commits.add(c);
                    if (commits.size() > MAX_COMMITS) {
                        commits.clear();
                        break;
                    }
                }
                walk.reset();
                if (!commits.isEmpty() || tagged.equals(head)) {
                    commits.add(tagged);
                }
            }
            if (commits.isEmpty()) {
                commits.add(head);
            }
            for (RevCommit c : commits) {
                copy(reader, inserter, c);
                if (c.getParentCount() == 0) {
                    continue;
                }
                for (RevCommit parent : c.getParents()) {
                    if (!commits.contains(parent)) {
                        shallow.add(c);
                        break;
                    }
                }
            }
            copyTrees(reader, inserter, head.getTree());
            List<Ref> tags = tagsOn(source, commits);
            for (Ref t : tags) {
                copy(reader, inserter, t.getObjectId());
            }
            inserter.flush();
            for (Ref t : tags) {
                RefUpdate u = target.updateRef(t.getName());
                u.setNewObjectId(t.getObjectId());
                u.setForceUpdate(true);
                u.update();
            }
            RefUpdate h = target.updateRef(Constants.HEAD, true);
            h.setNewObjectId(head);
            h.setForceUpdate(true);
            h.update();
            StringBuilder lines = new StringBuilder();
            shallow.forEach(c -> lines.append(c.name()).append('\n'));
            if (!lines.isEmpty()) {
                Files.writeString(gitDir.resolve("shallow"), lines, StandardCharsets.US_ASCII);
            }
            DirCache index = target.lockDirCache();
            try (ObjectReader own = target.newObjectReader()) {
                DirCacheBuilder builder = index.builder();
                builder.addTree(new byte[0], 0, own, head.getTree());
                builder.commit();
            } finally {
                index.unlock();
            }
        }
    }

    /** The tag {@code git describe --tags} would name for {@code commit}, if any. */
    private static Optional<Ref> nearestTag(Repository source, ObjectId commit) throws IOException {
        String described;
        try (Git git = Git.wrap(source)) {
            described = git.describe().setTarget(commit).setTags(true).setLong(true).call();
        } catch (GitAPIException | org.eclipse.jgit.api.errors.JGitInternalException e) {
            return Optional.empty();
        }
        if (described == null) {
            return Optional.empty();
        }
        Matcher m = DESCRIBED.matcher(described);
        return m.matches() ? Optional.ofNullable(source.exactRef(Constants.R_TAGS + m.group(1))) : Optional.empty();
    }

    private static ObjectId peeled(Repository source, Ref ref) throws IOException {
        Ref p = source.getRefDatabase().peel(ref);
        return p.getPeeledObjectId() != null ? p.getPeeledObjectId() : p.getObjectId();
    }

    private static List<Ref> tagsOn(Repository source, Set<RevCommit> commits) throws IOException {
        List<Ref> out = new ArrayList<>();
        for (Ref t : source.getRefDatabase().getRefsByPrefix(Constants.R_TAGS)) {
            ObjectId target = peeled(source, t);
            if (commits.stream().anyMatch(target::equals)) {
                out.add(t);
            }
        }
        return out;
    }

    private static void copy(ObjectReader reader, ObjectInserter inserter, ObjectId id) throws IOException {
        ObjectLoader loader = reader.open(id);
        inserter.insert(loader.getType(), loader.getCachedBytes(Integer.MAX_VALUE));
    }

    /** Copies the tree and every tree under it, not the files' contents. */
    private static void copyTrees(ObjectReader reader, ObjectInserter inserter, ObjectId tree) throws IOException {
        copy(reader, inserter, tree);
        try (TreeWalk walk = new TreeWalk(reader)) {
            walk.addTree(tree);
            walk.setRecursive(false);
            while (walk.next()) {
                if (walk.isSubtree()) {
                    copy(reader, inserter, walk.getObjectId(0));
                    walk.enterSubtree();
                }
            }
        }
    }
}
