package dev.repofix.exec;

import dev.repofix.config.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The host's build caches, mounted read-only so that a sandbox without network still
 * finds the dependencies a local build downloaded, and cannot poison them for the next
 * run. Each cache also sets the variables that point its tool at the copy inside and
 * make the tool work offline:
 * <ul>
 *   <li>Maven: {@code ~/.m2/repository} at {@code /cache/m2}, read through Maven 3.9's
 *       {@code maven.repo.local.tail} (read-only) behind a writable {@code /tmp/m2};</li>
 *   <li>Go: {@code GOMODCACHE} (or {@code $GOPATH/pkg/mod}, {@code ~/go/pkg/mod}) at
 *       {@code /cache/go-mod} with {@code GOPROXY=off};</li>
 *   <li>npm: {@code npm_config_cache} (or {@code ~/.npm}) at {@code /cache/npm} with
 *       {@code npm_config_offline=true};</li>
 *   <li>Cargo: {@code CARGO_HOME} (or {@code ~/.cargo}) when it holds a {@code registry}, at
 *       {@code /cache/cargo} as {@code CARGO_HOME} with {@code CARGO_NET_OFFLINE=true}: the whole
 *       home, since cargo, finding it read-only, takes its package-cache lock shared from the
 *       {@code .package-cache} file there instead of failing;</li>
 *   <li>the {@code sandbox-cache} folders, at the same path as on the host.</li>
 * </ul>
 * Folders that do not exist are left out.
 *
 * @param mounts the folders, host side as repofix sees it
 */
record SandboxCaches(List<Mount> mounts) {
    static final String M2 = "/cache/m2";
    /** Maven's writable local repository in the sandbox, on its {@code /tmp} RAM disk. */
    static final String LOCAL_M2 = "/tmp/m2";
    static final String GO_MOD = "/cache/go-mod";
    static final String NPM = "/cache/npm";
    static final String CARGO = "/cache/cargo";

    /**
     * One folder (or file): {@code source} as repofix (or, once mapped, the engine) sees it,
     * {@code target} inside the sandbox, the variables that point the tool at it, and whether
     * the sandbox may write there (only the run's own build cache and a set-up's folders).
     */
    record Mount(Path source, String target, Map<String, String> environment, boolean writable) {
        Mount {
            Objects.requireNonNull(source, "source");
            Objects.requireNonNull(target, "target");
            environment = Map.copyOf(environment);
        }

        /** A read-only mount. */
        Mount(Path source, String target, Map<String, String> environment) {
            this(source, target, environment, false);
        }

        Mount withSource(Path hostSource) {
            return new Mount(hostSource, target, environment, writable);
        }
    }

    SandboxCaches {
        mounts = List.copyOf(mounts);
    }

    static SandboxCaches none() {
        return new SandboxCaches(List.of());
    }

    /**
     * The caches {@code command} gets: all of them for tests; none for a set-up (with network),
     * which downloads into its own folder: the caches' variables would make it offline (Maven's
     * {@code -o}, {@code GOPROXY=off}, npm's and Cargo's offline flags) and send it to a read-only
     * copy of this machine's caches, which the environment it prepares must not depend on.
     */
    SandboxCaches forCommand(Command command) {
        return command.network() ? none() : this;
    }

    /** These mounts, then {@code more}. */
    SandboxCaches plus(List<Mount> more) {
        List<Mount> all = new ArrayList<>(mounts);
        all.addAll(more);
        return new SandboxCaches(all);
    }

    /** The variables of all mounts; {@code MAVEN_ARGS} goes before the command's own. */
    Map<String, String> environment() {
        Map<String, String> env = new LinkedHashMap<>();
        mounts.forEach(m -> env.putAll(m.environment()));
        return env;
    }

    /** The caches present on this host, plus {@code extra} folders (which must exist). */
    static SandboxCaches detect(HostEnvironment host, List<Path> extra) {
        return detect(host, extra, Files::isDirectory);
    }

    static SandboxCaches detect(HostEnvironment host, List<Path> extra, Predicate<Path> isDirectory) {
        List<Mount> mounts = new ArrayList<>();
        Optional<Path> home = host.get("HOME").map(Path::of);
        home.map(h -> h.resolve(".m2").resolve("repository")).filter(isDirectory).ifPresent(m2 -> mounts.add(
                new Mount(m2, M2, Map.of("MAVEN_ARGS", "-o -Dmaven.repo.local=" + LOCAL_M2
                        + " -Dmaven.repo.local.tail=" + M2))));
        host.get("GOMODCACHE").map(Path::of)
                .or(() -> host.get("GOPATH").map(p -> Path.of(p.split(":")[0], "pkg", "mod")))
                .or(() -> home.map(h -> h.resolve("go").resolve("pkg").resolve("mod")))
                .filter(isDirectory).ifPresent(mod -> mounts.add(new Mount(mod, GO_MOD, Map.of(
                        "GOMODCACHE", GO_MOD, "GOFLAGS", "-mod=mod", "GOPROXY", "off", "GOCACHE", "/tmp/go-cache"))));
        host.get("npm_config_cache").map(Path::of).or(() -> home.map(h -> h.resolve(".npm")))
                .filter(isDirectory).ifPresent(npm -> mounts.add(new Mount(npm, NPM, Map.of(
                        "npm_config_cache", NPM, "npm_config_offline", "true"))));
        host.get("CARGO_HOME").map(Path::of).or(() -> home.map(h -> h.resolve(".cargo")))
                .filter(cargo -> isDirectory.test(cargo.resolve("registry"))).ifPresent(cargo -> mounts.add(new Mount(
                        cargo, CARGO, Map.of("CARGO_HOME", CARGO, "CARGO_NET_OFFLINE", "true"))));
        for (Path p : extra) {
            if (!p.isAbsolute() || !isDirectory.test(p)) {
                throw new dev.repofix.config.ConfigException("sandbox-cache folder " + p + " is not an existing "
                        + "absolute folder; fix the path or leave it out of sandbox-cache");
            }
            mounts.add(new Mount(p.normalize(), p.normalize().toString(), Map.of()));
        }
        return new SandboxCaches(mounts);
    }
}
