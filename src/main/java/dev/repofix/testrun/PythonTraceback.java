package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the frames of a Python traceback, native or as pytest prints it (long or
 * short repr), deepest first. Pure; paths are returned as printed.
 */
final class PythonTraceback {
    /** {@code File "src/x.py", line 12, in func}; exception groups prefix it with {@code |}. */
    private static final Pattern NATIVE_FRAME =
            Pattern.compile("^[\\s|+]*File \"([^\"]+)\", line (\\d{1,9})(?:, in (.+))?");
    /**
     * pytest's location lines, at column 0: {@code src/x.py:12: in func} (short repr),
     * {@code src/x.py:12: } or {@code src/x.py:12: ValueError} (long repr), and
     * {@code /abs/tests/test_x.py:5} under a fixture error.
     */
    private static final Pattern PYTEST_LOCATION = Pattern.compile("^(\\S.*?):(\\d{1,9})(?::(?:\\s+(.*))?)?$");
    /** The first {@code def} of the code pytest's long repr shows for a frame: that frame's function. */
    private static final Pattern SHOWN_DEF = Pattern.compile("^[\\s>]*(?:async\\s+)?def\\s+([A-Za-z_]\\w*)\\s*\\(");
    /** Each of these starts the next exception of a chain; the first printed is the root cause. */
    private static final Pattern NEXT_EXCEPTION = Pattern.compile(
            "^\\s*(?:Traceback \\(most recent call last\\):"
                    + "|During handling of the above exception, another exception occurred:"
                    + "|The above exception was the direct cause of the following exception:)");

    /**
     * One frame as printed; {@code function} is empty where the trace names none;
     * {@code causeDepth} 0 in the traceback printed last (the exception that surfaced),
     * one more per traceback printed before it.
     */
    record Frame(String path, int line, String function, int causeDepth) {
        Frame atDepth(int depth) {
            return new Frame(path, line, function, depth);
        }
    }

    private PythonTraceback() {
    }

    /**
     * The frames of {@code trace}: tracebacks in printed order (the first printed one
     * is the root cause), each reversed, since Python and pytest print the outermost
     * call first.
     */
    static List<Frame> framesDeepestFirst(String trace) {
        List<List<Frame>> tracebacks = new ArrayList<>();
        tracebacks.add(new ArrayList<>());
        // pytest's long repr names no function on its location line; the code it shows
        // above that line starts with the function's def, so that gives the name.
        String[] sectionDef = {""};
        trace.lines().forEach(line -> {
            if (NEXT_EXCEPTION.matcher(line).find()) {
                tracebacks.add(new ArrayList<>());
                sectionDef[0] = "";
                return;
            }
            Optional<Frame> frame = parseFrame(line, sectionDef[0]);
            if (frame.isPresent()) {
                tracebacks.getLast().add(frame.get());
                sectionDef[0] = "";
            } else if (sectionDef[0].isEmpty()) {
                Matcher def = SHOWN_DEF.matcher(line);
                if (def.find()) {
                    sectionDef[0] = def.group(1);
                }
            }
        });
        tracebacks.removeIf(List::isEmpty);
        List<Frame> out = new ArrayList<>();
        for (int i = 0; i < tracebacks.size(); i++) {
            int depth = tracebacks.size() - 1 - i;
            tracebacks.get(i).reversed().forEach(f -> out.add(f.atDepth(depth)));
        }
        return out;
    }

    private static Optional<Frame> parseFrame(String line, String shownDef) {
        Matcher m = NATIVE_FRAME.matcher(line);
        if (m.find()) {
            return frame(m.group(1), m.group(2), m.group(3) == null ? "" : m.group(3).strip());
        }
        m = PYTEST_LOCATION.matcher(line);
        if (m.matches()) {
            // "in func" names the function; an exception type (the long repr's last line) does not.
            String message = m.group(3) == null ? "" : m.group(3).strip();
            return frame(m.group(1), m.group(2), message.startsWith("in ") ? message.substring(3).strip() : shownDef);
        }
        return Optional.empty();
    }

    private static Optional<Frame> frame(String path, String line, String function) {
        int number = Integer.parseInt(line);
        return number < 1 ? Optional.empty() : Optional.of(new Frame(path, number, function, 0));
    }

    /** The Python dialect: frames in site-packages or the interpreter relativize to nothing and are dropped. */
    static final class Dialect implements FrameDialect {
        @Override
        public List<StackFrame> framesDeepestFirst(String trace, FileIndex files) {
            return PythonTraceback.framesDeepestFirst(trace).stream()
                    .flatMap(f -> files.relativize(f.path()).map(file -> new StackFrame(file, f.line(), f.function(), f.causeDepth())).stream())
                    .toList();
        }
    }
}
