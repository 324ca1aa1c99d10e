package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Finds the frames of a stack trace that name files of the repository, asking each
 * language's {@link FrameDialect} in turn. Pure: reads no files. Never returns null.
 */
public final class StackFrameExtractor {
    private final List<FrameDialect> dialects;

    /** The dialects in the order they are asked; the first that finds frames answers. */
    public StackFrameExtractor(List<FrameDialect> dialects) {
        this.dialects = List.copyOf(Objects.requireNonNull(dialects, "dialects"));
    }

    /** Every dialect repofix reads: one row per language. */
    public StackFrameExtractor() {
        this(List.of(new JavaStackTrace.Dialect(), new PythonTraceback.Dialect(), new GoTrace(),
                new RustPanicTrace(), new JsStackTrace()));
    }

    /**
     * The frames of {@code trace} that name a file in {@code files}, deepest (where the
     * root cause was raised) first, each (file, line) once. Text that is no stack trace
     * yields an empty list.
     */
    public List<StackFrame> extract(String trace, FileIndex files) {
        Objects.requireNonNull(trace, "trace");
        Objects.requireNonNull(files, "files");
        for (FrameDialect dialect : dialects) {
            List<StackFrame> frames = dialect.framesDeepestFirst(trace, files);
            if (!frames.isEmpty()) {
                return distinctByLocation(frames);
            }
        }
        return List.of();
    }

    /** Recursion and re-thrown exceptions repeat frames; the deepest occurrence is kept. */
    private static List<StackFrame> distinctByLocation(List<StackFrame> frames) {
        Set<List<Object>> seen = new HashSet<>();
        return frames.stream().filter(f -> seen.add(List.of(f.file(), f.line()))).toList();
    }
}
