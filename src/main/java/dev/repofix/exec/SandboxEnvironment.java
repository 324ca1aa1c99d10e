package dev.repofix.exec;

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The environment of a sandboxed command: the command's own variables minus those that
 * describe the host (its paths, its user) and minus anything credential-like, plus the
 * sandbox's home, temp folder and cache variables. The image supplies {@code PATH}, after
 * the command's {@link Command#pathPrefix()} when it has one.
 */
final class SandboxEnvironment {
    /** The sandbox's writable home, on the {@code /tmp} RAM disk. */
    static final String HOME = "/tmp/home";
    /** Maven's local repository property (its {@code .tail} is another one, read-only). */
    private static final String REPO_LOCAL = "maven.repo.local=";

    /** The repositories Maven 3.9 and later reads behind the local one, comma-separated. */
    private static final Pattern MAVEN_TAIL = Pattern.compile("-Dmaven\\.repo\\.local\\.tail=(\\S+)");

    /** Host paths and identities: meaningless, or misleading, inside the container. */
    static final Set<String> HOST_SPECIFIC = Set.of("PATH", "HOME", "USER", "LOGNAME", "SHELL", "PWD", "TMPDIR",
            "JAVA_HOME", "MAVEN_HOME", "M2_HOME", "VIRTUAL_ENV", "PYENV_ROOT", "CONDA_PREFIX", "GOROOT", "GOPATH",
            "GOMODCACHE", "GOCACHE");

    private SandboxEnvironment() {}

    /** {@code NAME=value} entries, sorted by name, of a command with no folder of its own and the image's PATH. */
    static List<String> of(Map<String, String> command, Map<String, String> caches) {
        return of(command, caches, List.of(), List.of(), Optional.empty());
    }

    /**
     * {@code NAME=value} entries, sorted by name.
     *
     * @param visible    folders the sandbox shows at the same path as on the host (a prepared
     *                   environment): a variable whose value lies in one of them (a venv's
     *                   {@code VIRTUAL_ENV}, a prepared {@code GOMODCACHE}) means the same inside, so
     *                   it is kept even when it names a host path, and wins over a cache's variable
     * @param pathPrefix folders put before the image's {@code PATH}
     * @param imagePath  the image's {@code PATH}; needed only with a prefix
     */
    static List<String> of(Map<String, String> command, Map<String, String> caches, List<Path> visible,
            List<Path> pathPrefix, Optional<String> imagePath) {
        Map<String, String> env = new TreeMap<>();
        Map<String, String> pointsInside = new TreeMap<>();
        command.forEach((name, value) -> {
            if (CleanEnvironment.isSecretName(name) || name.equals("PATH")) {
                return;
            }
            if (within(value, visible)) {
                pointsInside.put(name, value);
            } else if (!HOST_SPECIFIC.contains(name)) {
                env.put(name, value);
            }
        });
        env.put("HOME", HOME);
        env.put("TMPDIR", "/tmp");
        caches.forEach((name, value) -> env.merge(name, value,
                // The command's own Maven arguments and JVM options still apply, after ours.
                (theirs, ours) -> name.equals("MAVEN_ARGS") || name.equals("JAVA_TOOL_OPTIONS") ? ours + " " + theirs
                        : ours));
        env.putAll(pointsInside);
        preparedMavenRepository(command, visible).ifPresent(prepared -> env.put("MAVEN_ARGS",
                mavenArgs(prepared, caches.get("MAVEN_ARGS"), command.get("MAVEN_ARGS"))));
        // Java takes user.home from the image's passwd entry, not HOME: Maven's local repository
        // would be ~/.m2 on the read-only root, and every Maven command fails before resolving
        // anything. Unless something names one, it is a writable one under HOME.
        if (!env.getOrDefault("MAVEN_ARGS", "").contains(REPO_LOCAL)
                && !env.getOrDefault("MAVEN_OPTS", "").contains(REPO_LOCAL)) {
            env.merge("MAVEN_ARGS", "-D" + REPO_LOCAL + HOME + "/.m2/repository", (theirs, ours) -> ours + " " + theirs);
        }
        if (!pathPrefix.isEmpty()) {
            List<String> entries = new ArrayList<>(pathPrefix.stream().map(Path::toString).toList());
            imagePath.filter(p -> !p.isEmpty()).ifPresent(entries::add);
            env.put("PATH", String.join(File.pathSeparator, entries));
        }
        List<String> out = new ArrayList<>();
        env.forEach((name, value) -> out.add(name + "=" + value));
        return out;
    }

    /**
     * The Maven repository a prepared environment gives the command to read (its
     * {@code maven.repo.local.tail} in {@code MAVEN_OPTS}), when the sandbox shows it.
     */
    private static Optional<String> preparedMavenRepository(Map<String, String> command, List<Path> visible) {
        Matcher m = MAVEN_TAIL.matcher(command.getOrDefault("MAVEN_OPTS", ""));
        return m.find() && within(m.group(1), visible) ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * Maven's arguments with a prepared repository: offline, a writable local repository on the
     * sandbox's {@code /tmp} (the image's home is read-only), reading the prepared repository and then
     * the host's cache, if one is mounted. On the command line, since a {@code -D} there wins over
     * {@code MAVEN_OPTS}: the cache's own tail would otherwise hide the prepared repository.
     */
    private static String mavenArgs(String prepared, String cacheArgs, String commandArgs) {
        Matcher cache = MAVEN_TAIL.matcher(cacheArgs == null ? "" : cacheArgs);
        String args = "-o -Dmaven.repo.local=" + SandboxCaches.LOCAL_M2 + " -Dmaven.repo.local.tail=" + prepared
                + (cache.find() ? "," + cache.group(1) : "");
        return commandArgs == null || commandArgs.isBlank() ? args : args + " " + commandArgs;
    }

    /** Whether {@code value} is a path, or a list of absolute paths, with one in a {@code visible} folder. */
    private static boolean within(String value, List<Path> visible) {
        if (visible.isEmpty() || value.isEmpty()) {
            return false;
        }
        boolean inside = false;
        for (String entry : value.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            if (!entry.startsWith("/")) {
                return false;
            }
            Path p = Path.of(entry).normalize();
            inside |= visible.stream().anyMatch(v -> p.startsWith(v.toAbsolutePath().normalize()));
        }
        return inside;
    }
}
