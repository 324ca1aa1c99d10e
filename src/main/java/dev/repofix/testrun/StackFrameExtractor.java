package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Finds the frames of a JVM or Python stack trace (native, or pytest's long/short
 * repr) that name files of the repository. Pure: reads no files. Never returns null.
 */
public final class StackFrameExtractor {

    /**
     * The frames of {@code trace} that name a file in {@code files}, deepest (where the
     * root cause was raised) first, each (file, line) once. Text that is no stack trace
     * yields an empty list.
     */
    public List<StackFrame> extract(String trace, FileIndex files) {
        Objects.requireNonNull(trace, "trace");
        Objects.requireNonNull(files, "files");
        List<JavaStackTrace.Frame> jvmFrames = JavaStackTrace.framesDeepestFirst(trace);
        Stream<StackFrame> frames = jvmFrames.isEmpty()
                ? PythonTraceback.framesDeepestFirst(trace).stream().flatMap(f -> inRepository(f, files).stream())
                : jvmFrames.stream().flatMap(f -> inRepository(f, files).stream());
        return distinctByLocation(frames);
    }

    /**
     * The trace names only the file, not its directory: the declaring class's package
     * supplies that, so {@code com.acme.Account} in {@code Account.java} is
     * {@code .../com/acme/Account.java}. No bare-name guess for a packaged class: a
     * same-named file elsewhere would be the wrong one. Several matches (a copy under
     * another source root) are rare; the first in sorted order wins.
     */
    private static Optional<StackFrame> inRepository(JavaStackTrace.Frame frame, FileIndex files) {
        return files.endingWith(frame.sourceSuffix()).stream()
                .findFirst()
                .map(file -> new StackFrame(file, frame.line(), frame.method()));
    }

    /** Frames in site-packages or the interpreter relativize to nothing and are dropped. */
    private static Optional<StackFrame> inRepository(PythonTraceback.Frame frame, FileIndex files) {
        return files.relativize(frame.path()).map(file -> new StackFrame(file, frame.line(), frame.function()));
    }

    /** Recursion and re-thrown exceptions repeat frames; the deepest occurrence is kept. */
    private static List<StackFrame> distinctByLocation(Stream<StackFrame> frames) {
        Set<List<Object>> seen = new HashSet<>();
        return frames.filter(f -> seen.add(List.of(f.file(), f.line()))).toList();
    }
}
