package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Finds the frames of a stack trace that name files of the repository, asking each
 * language's {@link FrameDialect} in turn. Bounded per trace whatever it holds: only its
 * first {@value #MAX_TRACE_CHARS} characters are read, a line longer than
 * {@value #MAX_LINE_CHARS} is no frame (the dialects see it empty), and at most
 * {@value #MAX_FRAMES} frames are returned. Pure: reads no files. Never returns null.
 */
public final class StackFrameExtractor {
    /** As long as the longest text a report keeps of a failure. */
    static final int MAX_TRACE_CHARS = TextBudget.MAX_TEXT_CHARS;
    /** Frame lines are short; a longer line is output, and no pattern need run over it. */
    static final int MAX_LINE_CHARS = 2_000;
    /** A JVM prints at most 1024 frames of an exception; more only repeat a recursion. */
    static final int MAX_FRAMES = 1_024;

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
        String bounded = bounded(trace);
        for (FrameDialect dialect : dialects) {
            List<StackFrame> frames = dialect.framesDeepestFirst(bounded, files);
            if (!frames.isEmpty()) {
                return distinctByLocation(frames);
            }
        }
        return List.of();
    }

    /** {@code trace} cut to {@value #MAX_TRACE_CHARS} characters, each line longer than {@value #MAX_LINE_CHARS} emptied. */
    static String bounded(String trace) {
        String head = trace.length() > MAX_TRACE_CHARS ? trace.substring(0, MAX_TRACE_CHARS) : trace;
        if (head.lines().noneMatch(l -> l.length() > MAX_LINE_CHARS)) {
            return head;
        }
        StringBuilder out = new StringBuilder(head.length());
        head.lines().forEach(l -> out.append(l.length() > MAX_LINE_CHARS ? "" : l).append('\n'));
        return out.toString();
    }

    /** Recursion and re-thrown exceptions repeat frames; the deepest occurrence is kept. */
    private static List<StackFrame> distinctByLocation(List<StackFrame> frames) {
        Set<List<Object>> seen = new HashSet<>();
        return frames.stream().filter(f -> seen.add(List.of(f.file(), f.line()))).limit(MAX_FRAMES).toList();
    }
}
