package dev.repofix.repair.localize;

import dev.repofix.exec.ExecResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * coverage.py for a test environment that has none: the package of the environment's base
 * interpreter where it has one (a venv does not see the system's packages, so a sandbox image's
 * coverage.py is copied in from there, with no network), else pip-installed once per interpreter
 * (its cache tag and platform, e.g. {@code cpython-311-linux-x86_64}) into repofix's own
 * cache, then copied from there into each run's tools folder. The cached tree is written
 * once, completely, moved into place atomically and made read-only; a run never points
 * the tests at it, only at its copy, so the repository under test cannot change what a
 * later run of another repository gets. Nothing goes into the user's environment or repository.
 */
final class CoveragePyInstall {
    private static final Logger LOG = LoggerFactory.getLogger(CoveragePyInstall.class);
    /** Written last into a cached tree: a tree without it is a crashed install and is not used. */
    static final String COMPLETE = ".complete";
    /**
     * {@code -I}: the interpreter ignores the copy's folder and PYTHON* variables, so the
     * repository cannot shadow {@code pip} or {@code sysconfig} with a module of its own.
     */
    private static final String TAG_SCRIPT = "python3 -I -c 'import sys, sysconfig; "
            + "print(sys.implementation.cache_tag + \"-\" + sysconfig.get_platform())'";

    private final Optional<Path> cache;

    /** @param cache repofix's tool cache folder; empty: install into every run's copy, as before */
    CoveragePyInstall(Optional<Path> cache) {
        this.cache = cache;
    }

    /** Where the install came from, or why there is none. */
    sealed interface Outcome {
        /** @param how "cached", "installed and cached" or "installed" */
        record Ready(String how) implements Outcome {}

        /** @param why what failed, with the command's last lines */
        record Failed(String why) implements Outcome {}
    }

    /**
     * Copies the {@code coverage} package of a venv's base interpreter into the folder given
     * as {@code $1}: the same interpreter, so its compiled tracer fits. {@code -I} as above.
     */
    static final String FROM_BASE_SCRIPT = "base=$(python3 -I -c 'import sys; "
            + "print(getattr(sys, \"_base_executable\", \"\") if sys.prefix != sys.base_prefix else \"\")') "
            + "&& [ -n \"$base\" ] && pkg=$(\"$base\" -I -c 'import coverage, os; "
            + "print(os.path.dirname(coverage.__file__))') && mkdir -p \"$1\" && cp -R \"$pkg\" \"$1/coverage\"";

    /** How {@link #into} says the base interpreter's copy. */
    static final String FROM_BASE = "copied from the venv's base interpreter";
    private static final String PRESENT = "repofix-coverage: present";
    private static final String COPIED = "repofix-coverage: copied";

    /** Puts coverage.py into {@code lib} (inside the run's copy), through {@code shell}. */
    Outcome into(Path lib, CoverageRuns.Shell shell) {
        if (shell.run("set -- '" + lib + "'; " + FROM_BASE_SCRIPT, Map.of()).succeeded()) {
            return new Outcome.Ready(FROM_BASE);
        }
        return cachedOrInstalled(lib, shell);
    }

    /**
     * What the test environment has: empty when it imports coverage.py itself, else where it
     * came from. One command asks and, where the venv's base interpreter has it, copies it (in
     * a sandbox each command is a container start, about a second); only where neither holds do
     * the cache and pip follow.
     */
    Optional<Outcome> ensure(Path lib, CoverageRuns.Shell shell) {
        ExecResult r = shell.run("if python3 -c 'import coverage' 2>/dev/null; then echo '" + PRESENT + "'; "
                + "else set -- '" + lib + "'; " + FROM_BASE_SCRIPT + " && echo '" + COPIED + "'; fi", Map.of());
        List<String> said = r.output().lines().map(String::strip).toList();
        if (r.succeeded() && said.contains(PRESENT)) {
            return Optional.empty();
        }
        if (r.succeeded() && said.contains(COPIED)) {
            return Optional.of(new Outcome.Ready(FROM_BASE));
        }
        return Optional.of(cachedOrInstalled(lib, shell));
    }

    private Outcome cachedOrInstalled(Path lib, CoverageRuns.Shell shell) {
        Optional<Path> cached = cache.flatMap(c -> interpreterTag(shell).map(t -> c.resolve("coverage-py").resolve(t)));
        if (cached.isPresent() && Files.isRegularFile(cached.get().resolve(COMPLETE))) {
            try {
                copyTree(cached.get(), lib);
                return new Outcome.Ready("cached");
            } catch (IOException | UncheckedIOException e) {
                LOG.warn("cannot copy the cached coverage.py from {}, installing it again: {}", cached.get(), e.toString());
            }
        }
        ExecResult install = shell.run("python3 -I -m pip install --quiet --disable-pip-version-check --no-input "
                + "--retries 0 --timeout 20 --target " + lib + " coverage", Map.of());
        if (!install.succeeded()) {
            return new Outcome.Failed("coverage.py is not installed and pip could not install it into the run's "
                    + "folder (offline?): " + CoverageRuns.tail(install, 3));
        }
        if (cached.isEmpty()) {
            return new Outcome.Ready("installed");
        }
        return keep(lib, cached.get()) ? new Outcome.Ready("installed and cached") : new Outcome.Ready("installed");
    }

    /** The interpreter's cache tag and platform, as a folder name; empty when it cannot be read. */
    static Optional<String> interpreterTag(CoverageRuns.Shell shell) {
        ExecResult r = shell.run(TAG_SCRIPT, Map.of());
        if (!r.succeeded()) {
            return Optional.empty();
        }
        List<String> lines = r.output().strip().lines().toList();
        String tag = lines.isEmpty() ? "" : lines.get(lines.size() - 1).strip();
        return tag.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,80}") ? Optional.of(tag) : Optional.empty();
    }

    /**
     * Copies a fresh install into the cache under a temporary name, marks it complete, makes
     * it read-only and moves it into place; a run that got there first wins. False when the
     * cache cannot be written (the run goes on with its own copy).
     */
    private static boolean keep(Path lib, Path cached) {
        Path tmp = cached.resolveSibling(cached.getFileName() + ".tmp-" + UUID.randomUUID());
        try {
            copyTree(lib, tmp);
            Files.writeString(tmp.resolve(COMPLETE), "coverage.py installed by pip for " + cached.getFileName() + "\n");
            try (Stream<Path> walk = Files.walk(tmp)) {
                walk.filter(Files::isRegularFile).forEach(p -> p.toFile().setWritable(false, false));
            }
            Files.move(tmp, cached, StandardCopyOption.ATOMIC_MOVE);
            return true;
        } catch (FileAlreadyExistsException | DirectoryNotEmptyException | AtomicMoveNotSupportedException e) {
            // another run kept its install first (or the cache is on a file system without renames)
            return Files.isRegularFile(cached.resolve(COMPLETE));
        } catch (IOException | UncheckedIOException e) {
            LOG.warn("cannot keep coverage.py in {}: {}", cached, e.toString());
            return false;
        } finally {
            if (Files.exists(tmp, LinkOption.NOFOLLOW_LINKS)) {
                CoverageRuns.deleteTree(tmp);
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : (Iterable<Path>) walk::iterator) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(target);
                } else if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)
                        && !p.getFileName().toString().equals(COMPLETE)) {
                    Files.copy(p, target, StandardCopyOption.REPLACE_EXISTING);
                    target.toFile().setWritable(true, true); // the copy keeps the cached file's mode otherwise
                }
            }
        }
    }
}
