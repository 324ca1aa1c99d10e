package dev.repofix.workspace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The files of a workspace, by repository-relative path ({@code /}-separated), and
 * the directory they were listed from. Used to tell whether a path a tool printed is
 * one of ours, and to read one: only through its {@link ConfinedReader}, which records
 * what it refuses in the run's {@link Refusals}, shared by every index of the same run
 * ({@link #rootedAt}). The listing is immutable; never holds nulls. Lookups by path and by
 * path suffix take time in the matches, not in the files, so a repository of hundreds of
 * thousands of files costs no more per stack frame than a small one.
 */
public final class FileIndex {
    private final Path root;
    private final List<String> files;
    private final Set<String> lookup;
    private final ConfinedReader reader;
    /** The files by their last path segment (file name), for suffix lookups. */
    private final Map<String, List<String>> byName;

    /**
     * @param root  the directory the paths are relative to; made absolute
     * @param files relative paths with {@code /} separators
     */
    public FileIndex(Path root, List<String> files) {
        this(root, files, new Refusals());
    }

    /**
     * @param root      the directory the paths are relative to; made absolute
     * @param files     relative paths with {@code /} separators
     * @param refusals  where reads through this index record what they refuse (the run's)
     */
    public FileIndex(Path root, List<String> files, Refusals refusals) {
        this.root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
        this.files = files.stream().sorted().toList();
        this.lookup = Set.copyOf(new LinkedHashSet<>(this.files));
        this.reader = new ConfinedReader(this.root, refusals);
        Map<String, List<String>> names = new HashMap<>();
        for (String f : this.files) {
            names.computeIfAbsent(name(f), n -> new ArrayList<>(1)).add(f);
        }
        this.byName = names;
    }

    /** The same files under another root, reading through a reader of that root: the lists are shared, not sorted again. */
    private FileIndex(Path root, FileIndex same) {
        this.root = Objects.requireNonNull(root, "root").toAbsolutePath().normalize();
        this.files = same.files;
        this.lookup = same.lookup;
        this.byName = same.byName;
        this.reader = same.reader.rootedAt(this.root);
    }

    private static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    public Path root() {
        return root;
    }

    /** Relative paths, sorted. */
    public List<String> files() {
        return files;
    }

    public boolean contains(String relativePath) {
        return lookup.contains(relativePath);
    }

    /** The same files listed from another directory (a copy of the same tree), recording refusals in the same place. */
    public FileIndex rootedAt(Path otherRoot) {
        return new FileIndex(otherRoot, this);
    }

    /**
     * Reads {@code relativePath} under the root through the {@link ConfinedReader}: never
     * through a link that leads out, never a device or fifo, never over {@code maxBytes}.
     */
    public FileRead read(String relativePath, long maxBytes) {
        return reader.read(relativePath, maxBytes);
    }

    /** The confined reader of this index's root. */
    public ConfinedReader reader() {
        return reader;
    }

    /** The files that reads through this index, or another of the same run, refused; for the run's notes. */
    public Refusals refusals() {
        return reader.refusals();
    }

    /**
     * Files whose path ends with {@code suffix} at a path-segment boundary, e.g.
     * {@code com/acme/Account.java} matches {@code src/main/java/com/acme/Account.java}.
     */
    public List<String> endingWith(String suffix) {
        String s = suffix.startsWith("/") ? suffix.substring(1) : suffix;
        List<String> out = new ArrayList<>();
        for (String f : byName.getOrDefault(name(s), List.of())) {
            if (f.equals(s) || f.endsWith("/" + s)) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * Maps a path as a tool printed it (absolute, or relative to {@link #root()} or to one
     * sub-folder) to a relative path in this index, if it names one of our files; a
     * relative path that several sub-folders hold is ambiguous and maps to nothing.
     */
    public Optional<String> relativize(String printedPath) {
        Path p;
        try {
            p = Path.of(printedPath);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        Path abs = p.isAbsolute() ? p.normalize() : root.resolve(p).normalize();
        if (!abs.startsWith(root)) {
            return Optional.empty();
        }
        String rel = root.relativize(abs).toString().replace('\\', '/');
        if (contains(rel)) {
            return Optional.of(rel);
        }
        // Relative to a sub-folder the tests ran in ("cd backend && pytest"): one file only.
        List<String> below = p.isAbsolute() || rel.startsWith("../") ? List.of() : endingWith(rel);
        return below.size() == 1 ? Optional.of(below.get(0)) : Optional.empty();
    }
}
