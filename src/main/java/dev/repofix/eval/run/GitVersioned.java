package dev.repofix.eval.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.treewalk.TreeWalk;

/**
 * Whether a project takes its version from Git tags (setuptools-scm, hatch-vcs, versioneer,
 * versioningit, setuptools-git-versioning, the git-commit-id Maven plugin), read from the build
 * files at the root of a commit: such a project's set-up describes the commit from its nearest
 * tag, which a copy of the commit alone (a fetch of depth 1) does not have.
 */
final class GitVersioned {
    private static final List<String> BUILD_FILES = List.of("pyproject.toml", "setup.py", "setup.cfg", "pom.xml",
            "build.gradle", "build.gradle.kts");
    private static final List<String> MARKERS = List.of("setuptools_scm", "setuptools-scm", "use_scm_version",
            "hatch-vcs", "hatch_vcs", "versioneer", "versioningit", "setuptools-git-versioning", "git-commit-id",
            "dunamai", "pbr=true");
    /** Build files past this are not read: a marker sits near the top of one. */
    private static final int MAX_BYTES = 1 << 20;

    private GitVersioned() {}

    /** Whether {@code commit}'s root build files name a tool that versions from Git; false when unreadable. */
    static boolean project(Repository repository, ObjectId commit) {
        try (RevWalk walk = new RevWalk(repository)) {
            RevCommit c = walk.parseCommit(commit);
            for (String file : BUILD_FILES) {
                try (TreeWalk tree = TreeWalk.forPath(repository, file, c.getTree())) {
                    if (tree == null) {
                        continue;
                    }
                    String text = new String(repository.open(tree.getObjectId(0)).getCachedBytes(MAX_BYTES),
                            StandardCharsets.UTF_8).toLowerCase(Locale.ROOT);
                    if (MARKERS.stream().anyMatch(text::contains)) {
                        return true;
                    }
                }
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
