package dev.repofix.eval.run;

import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.config.UrlCredentials;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Ref;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.transport.RefSpec;
import org.eclipse.jgit.transport.TagOpt;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A repository to read commits from.
 *
 * @param repo    as the case gives it
 * @param builder set up on its Git folder
 * @param mirror  whether it is this run's mirror of a URL (fetched into on demand)
 * @param lock    held while it fetches: one fetch at a time per repository
 */
record CaseSource(String repo, FileRepositoryBuilder builder, boolean mirror, Object lock) {
    private static final Logger LOG = LoggerFactory.getLogger(CaseSource.class);
    private static final Pattern FULL_ID = Pattern.compile("[0-9a-f]{40}");

    /**
     * The commit {@code name} (an id, a tag, a branch) names, its files present. A mirror
     * fetches it when it lacks it: by id with depth 1 first (only that commit's files come),
     * the whole history when the server refuses that or the name is no id; a project whose
     * version comes from Git tags gets the whole history too (its set-up describes the
     * commit from the nearest tag).
     */
    ObjectId commit(String name, CaseCheckouts.Spec spec) throws IOException {
        try (Repository repository = builder.build()) {
            Optional<ObjectId> had = present(repository, name);
            if (had.isPresent() || !mirror) {
                return had.orElseThrow(() -> missing(name, spec));
            }
            synchronized (lock) {
                had = present(repository, name);
                if (had.isEmpty() && FULL_ID.matcher(name).matches()) {
                    had = byId(repository, name);
                    if (had.isPresent() && GitVersioned.project(repository, had.get())) {
                        had = Optional.empty();
                    }
                }
                if (had.isEmpty()) {
                    whole(repository);
                    had = present(repository, name);
                }
            }
            return had.orElseThrow(() -> missing(name, spec));
        }
    }

    private RepofixException missing(String name, CaseCheckouts.Spec spec) {
        return new RepofixException(ErrorKind.RUNTIME, "case " + spec.id() + ": no commit " + name + " in "
                + UrlCredentials.masked(repo) + " (or its files are missing there); check base_commit (or "
                + "environment_setup_commit) and that the repository holds that commit");
    }

    private Optional<ObjectId> byId(Repository repository, String id) {
        try (Git git = Git.wrap(repository)) {
            git.fetch().setRemote(repo).setDepth(1).setRefSpecs(new RefSpec("+" + id + ":refs/repofix/commits/"
                    + id)).setTagOpt(TagOpt.NO_TAGS).call();
            return present(repository, id);
        } catch (GitAPIException | RuntimeException e) {
            LOG.debug("the server of {} did not hand out {} by id: {}", UrlCredentials.masked(repo), id,
                    CaseCheckouts.oneLine(e));
            return Optional.empty();
        }
    }

    /** Every branch and tag, with their whole history (a mirror made shallow before is deepened). */
    private void whole(Repository repository) throws IOException {
        try (Git git = Git.wrap(repository)) {
            var fetch = git.fetch().setRemote(repo).setTagOpt(TagOpt.FETCH_TAGS)
                    .setRefSpecs(new RefSpec("+refs/heads/*:refs/heads/*"), new RefSpec("+refs/tags/*:refs/tags/*"));
            if (!repository.getObjectDatabase().getShallowCommits().isEmpty()) {
                fetch.setUnshallow(true);
            }
            fetch.call();
        } catch (GitAPIException | RuntimeException e) {
            throw new RepofixException(ErrorKind.RUNTIME, "cannot fetch " + UrlCredentials.masked(repo) + ": "
                    + CaseCheckouts.oneLine(e) + "; check the case's repo (a URL or a path of a Git repository) and "
                    + "the network", e);
        }
    }

    /** The commit, when its object and its tree's are here. */
    private static Optional<ObjectId> present(Repository repository, String name) {
        try {
            ObjectId id = repository.resolve(name + "^{commit}");
            if (id == null) {
                return Optional.empty();
            }
            try (RevWalk walk = new RevWalk(repository)) {
                RevCommit c = walk.parseCommit(id);
                return repository.getObjectDatabase().has(c.getTree()) ? Optional.of(id) : Optional.empty();
            }
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /**
     * A work tree at {@code dir} that reads this repository's objects in place (Git's
     * alternates, as {@code git clone --shared}): nothing copied, nothing fetched, and its
     * own commits stay its own. It knows the tags (for {@code git describe}) and where the
     * history was cut (a shallow repository's boundary); nothing is checked out.
     */
    Git share(Path dir) throws GitAPIException, IOException {
        Git git = Git.init().setDirectory(dir.toFile()).call();
        try (Repository repository = builder.build()) {
            Path own = git.getRepository().getDirectory().toPath();
            Path info = Files.createDirectories(own.resolve("objects").resolve("info"));
            Files.writeString(info.resolve("alternates"), builder.getObjectDirectory().getAbsolutePath() + "\n");
            List<Path> shallow = new ArrayList<>(List.of(repository.getDirectory().toPath()));
            Optional.ofNullable(builder.getGitCommonDir()).ifPresent(d -> shallow.add(d.toPath()));
            for (Path d : shallow) {
                if (Files.isRegularFile(d.resolve("shallow"))) {
                    Files.copy(d.resolve("shallow"), own.resolve("shallow"), StandardCopyOption.REPLACE_EXISTING);
                }
            }
            for (Ref tag : repository.getRefDatabase().getRefsByPrefix(Constants.R_TAGS)) {
                RefUpdate u = git.getRepository().updateRef(tag.getName());
                u.setNewObjectId(tag.getObjectId());
                u.setForceUpdate(true);
                u.update();
            }
            git.getRepository().getConfig().setString("remote", "origin", "url", UrlCredentials.masked(repo));
            git.getRepository().getConfig().save();
            return git;
        } catch (IOException | RuntimeException e) {
            git.close();
            throw e;
        }
    }
}
