package dev.repofix.app;

import dev.repofix.config.HostEnvironment;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Where workspace copies go by default when repofix runs in a CI job's container:
 * a folder on a volume the CI mounts, which the Docker engine can see, so that
 * sandbox containers (siblings of repofix's own) can mount the copies. The
 * container's own temp folder is on no such volume. Pure: the caller says whether
 * this is a container and which folders exist.
 */
final class MountedWorkDir {
    /** GitHub mounts the runner's temp/_github_home here in every container of a job. */
    static final Path GITHUB_HOME = Path.of("/github/home");
    /** The folder made under the mounted one. */
    static final String FOLDER = ".repofix-work";

    private MountedWorkDir() {}

    /**
     * The folder under the CI's mounted volume, or empty when repofix does not run in a
     * CI container with one: GitHub Actions ({@code GITHUB_ACTIONS=true}, {@code /github/home}
     * present), GitLab CI ({@code GITLAB_CI=true}, the folder {@code CI_BUILDS_DIR} names present;
     * the copies go beside the projects, never into the checkout itself).
     */
    static Optional<Path> of(HostEnvironment host, boolean inContainer, Predicate<Path> isDirectory) {
        if (!inContainer) {
            return Optional.empty();
        }
        if (host.get("GITHUB_ACTIONS").filter("true"::equals).isPresent() && isDirectory.test(GITHUB_HOME)) {
            return Optional.of(GITHUB_HOME.resolve(FOLDER));
        }
        if (host.get("GITLAB_CI").filter("true"::equals).isPresent()) {
            return host.get("CI_BUILDS_DIR").map(Path::of).filter(Path::isAbsolute).filter(isDirectory)
                    .map(p -> p.resolve(FOLDER));
        }
        return Optional.empty();
    }
}
