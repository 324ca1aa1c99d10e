package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the frames of a JVM stack trace as {@link Throwable#printStackTrace()} prints
 * it (Java, Kotlin, Scala, ...), deepest first. Pure; frames are not yet mapped to files.
 */
final class JavaStackTrace {
    /**
     * {@code at [loader/][module[@version]/]pkg.Class.method(File.java:42)}; anything after
     * the parenthesis (logback's {@code ~[app.jar:?]}) is ignored. Frames without a line
     * number ({@code Native Method}, {@code Unknown Source}) do not match.
     */
    private static final Pattern FRAME = Pattern.compile("^\\s*at\\s+([^\\s(]+)\\(([^():]+):(\\d{1,9})\\)");
    private static final Pattern CAUSED_BY = Pattern.compile("^(\\s*)Caused by:");
    private static final Pattern SUPPRESSED = Pattern.compile("^(\\s*)Suppressed:");

    /**
     * One frame as printed.
     *
     * @param declaringClass binary class name, e.g. {@code com.acme.Account$Entry}
     * @param method         method name, e.g. {@code withdraw} or {@code lambda$withdraw$0}
     * @param fileName       source file name without directories, e.g. {@code Account.java}
     * @param causeDepth     0 in the exception printed first, one more per {@code Caused by:}
     */
    record Frame(String declaringClass, String method, String fileName, int line, int causeDepth) {
        /** Package directories plus file name, e.g. {@code com/acme/Account.java}. */
        String sourceSuffix() {
            int dot = declaringClass.lastIndexOf('.');
            return dot < 0 ? fileName : declaringClass.substring(0, dot).replace('.', '/') + "/" + fileName;
        }
    }

    /** One exception of the printed tree: its own frames, its cause, what it suppressed. */
    private static final class Section {
        final int indent;
        final int causeDepth;
        final List<Frame> frames = new ArrayList<>();
        final List<Section> suppressed = new ArrayList<>();
        Section cause;

        Section(int indent, int causeDepth) {
            this.indent = indent;
            this.causeDepth = causeDepth;
        }
    }

    private JavaStackTrace() {
    }

    /**
     * The frames of {@code trace}: the root cause (last {@code Caused by:}) first, then
     * each enclosing exception up to the outermost, then the {@code Suppressed:}
     * sections in the same order. Within a section, frames keep their printed order.
     */
    static List<Frame> framesDeepestFirst(String trace) {
        Section outermost = new Section(0, 0);
        Deque<Section> open = new ArrayDeque<>();
        open.push(outermost);
        trace.lines().forEach(line -> read(line, open));
        List<Frame> out = new ArrayList<>();
        flatten(outermost, out);
        return out;
    }

    /**
     * Nesting is told by indentation, as printStackTrace writes it: a suppressed
     * exception is indented one more than its owner, and a cause is indented like the
     * exception it caused. Frames always belong to the newest section, because a
     * printed section never resumes after a nested one.
     */
    private static void read(String line, Deque<Section> open) {
        Matcher causedBy = CAUSED_BY.matcher(line);
        Matcher suppressed = SUPPRESSED.matcher(line);
        if (causedBy.find()) {
            int indent = causedBy.group(1).length();
            popWhile(open, indent, false);
            Section caused = open.pop();
            Section cause = new Section(indent, caused.causeDepth + 1);
            caused.cause = cause;
            open.push(cause);
        } else if (suppressed.find()) {
            int indent = suppressed.group(1).length();
            popWhile(open, indent, true);
            // A suppressed exception surfaced with its owner: its depth, not one more.
            Section section = new Section(indent, open.peek().causeDepth);
            open.peek().suppressed.add(section);
            open.push(section);
        } else {
            parseFrame(line, open.peek().causeDepth).ifPresent(open.peek().frames::add);
        }
    }

    private static void popWhile(Deque<Section> open, int indent, boolean alsoEqual) {
        while (open.size() > 1 && (open.peek().indent > indent || (alsoEqual && open.peek().indent == indent))) {
            open.pop();
        }
    }

    private static void flatten(Section section, List<Frame> out) {
        List<Section> chain = new ArrayList<>();
        for (Section s = section; s != null; s = s.cause) {
            chain.add(s);
        }
        chain.reversed().forEach(s -> out.addAll(s.frames));
        chain.reversed().forEach(s -> s.suppressed.forEach(nested -> flatten(nested, out)));
    }

    private static Optional<Frame> parseFrame(String text, int causeDepth) {
        Matcher m = FRAME.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        // Class names never contain '/', so whatever precedes the last one is a
        // class-loader or module prefix (app//, java.base@21/).
        String qualified = m.group(1).substring(m.group(1).lastIndexOf('/') + 1);
        int dot = qualified.lastIndexOf('.');
        int line = Integer.parseInt(m.group(3));
        if (dot <= 0 || line < 1) {
            return Optional.empty();
        }
        return Optional.of(new Frame(qualified.substring(0, dot), qualified.substring(dot + 1), m.group(2), line, causeDepth));
    }

    /**
     * The JVM dialect. The trace names only the file, not its directory: the declaring
     * class's package supplies that, so {@code com.acme.Account} in {@code Account.java} is
     * {@code .../com/acme/Account.java}. No bare-name guess for a packaged class: a
     * same-named file elsewhere would be the wrong one. Several matches (a copy under
     * another source root) are rare; the first in sorted order wins.
     */
    static final class Dialect implements FrameDialect {
        @Override
        public List<StackFrame> framesDeepestFirst(String trace, FileIndex files) {
            return JavaStackTrace.framesDeepestFirst(trace).stream()
                    .flatMap(f -> files.endingWith(f.sourceSuffix()).stream().findFirst()
                            .map(file -> new StackFrame(file, f.line(), f.method(), f.causeDepth())).stream())
                    .toList();
        }
    }
}
