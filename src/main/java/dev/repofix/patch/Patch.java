package dev.repofix.patch;

import java.util.List;
import java.util.function.Predicate;

/**
 * A parsed patch: file patches in the order they apply; two for the same path apply in
 * turn. {@code files} is never null and is copied. Build one with {@link PatchParser}.
 */
public record Patch(List<FilePatch> files) {
    public Patch {
        files = List.copyOf(files);
    }

    public boolean isEmpty() {
        return files.isEmpty();
    }

    /** The paths the patch touches, each once, in patch order. */
    public List<String> paths() {
        return files.stream().map(FilePatch::path).distinct().toList();
    }

    /** The file patches whose path matches {@code path}, e.g. only source or only test changes. */
    public Patch filter(Predicate<String> path) {
        return new Patch(files.stream().filter(f -> path.test(f.path())).toList());
    }

    /**
     * A git-style unified diff ({@code a/} and {@code b/} prefixes) for reports; hunks with
     * no known line get a bare {@code @@ @@} header, which {@link PatchParser} reads back.
     */
    public String render() {
        return PatchRenderer.render(this);
    }
}
