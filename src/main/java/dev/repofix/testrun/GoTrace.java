package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Go dialect: panic traces ({@code \t/abs/calc.go:12 +0x1d} under the function's
 * line), compiler errors ({@code calc/calc.go:5:2: undefined: y}, relative to where
 * {@code go test} ran) and what {@code t.Errorf} prints ({@code     calc_test.go:12: got 3}),
 * which names the file relative to its package's folder. That folder is found from the
 * package's import path on the trace's {@code FAIL\timportpath} line: the longest tail of
 * the import path that is a folder of the repository holding the file (the module path
 * in go.mod plus the folder, so the tail is the folder when go.mod is at the root).
 * Pure: reads no files. Frames deepest first: panic frames as Go prints them (the
 * panicking call first), then logged lines, then compiler errors.
 */
final class GoTrace implements FrameDialect {
    /** {@code example.com/m/calc.Div(...)} then {@code \t/abs/calc/calc.go:8 +0x1d}. */
    private static final Pattern PANIC_FRAME = Pattern.compile("^\\t(\\S+\\.go):(\\d{1,9})(?: \\+0x[0-9a-f]+)?$");
    private static final Pattern LOGGED = Pattern.compile("^\\s+([\\w.-]+\\.go):(\\d{1,9}): ");
    private static final Pattern COMPILER = Pattern.compile("^(?:\\./)?([\\w./-]+\\.go):(\\d{1,9}):\\d+: ");
    private static final Pattern PACKAGE = Pattern.compile("^(?:FAIL|ok)\\s+(\\S+)");
    /** {@code example.com/m/calc.(*T).Div(...)}: the function of the frame below it. */
    private static final Pattern FUNCTION = Pattern.compile("^(?:created by )?(\\S+?)(?: in goroutine \\d+)?$");

    @Override
    public List<StackFrame> framesDeepestFirst(String trace, FileIndex files) {
        List<String> lines = trace.lines().toList();
        String pkg = lines.stream().map(PACKAGE::matcher).filter(Matcher::find).map(m -> m.group(1))
                .reduce((a, b) -> b).orElse("");
        List<StackFrame> panics = new ArrayList<>();
        List<StackFrame> logged = new ArrayList<>();
        List<StackFrame> compiler = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            Matcher m = PANIC_FRAME.matcher(line);
            if (m.matches()) {
                String function = i > 0 ? function(lines.get(i - 1)) : "";
                files.relativize(m.group(1)).ifPresent(f -> panics.add(frame(f, m.group(2), function)));
                continue;
            }
            Matcher log = LOGGED.matcher(line);
            if (log.find()) {
                inPackage(log.group(1), pkg, files).ifPresent(f -> logged.add(frame(f, log.group(2), "")));
                continue;
            }
            Matcher c = COMPILER.matcher(line);
            if (c.find()) {
                files.relativize(c.group(1)).ifPresent(f -> compiler.add(frame(f, c.group(2), "")));
            }
        }
        List<StackFrame> out = new ArrayList<>(panics);
        out.addAll(logged);
        out.addAll(compiler);
        return out;
    }

    private static StackFrame frame(String file, String line, String function) {
        return new StackFrame(file, Integer.parseInt(line), function);
    }

    private static String function(String line) {
        Matcher m = FUNCTION.matcher(line.strip());
        if (!m.matches()) {
            return "";
        }
        String qualified = m.group(1);
        if (qualified.endsWith(")")) {
            qualified = qualified.substring(0, qualified.lastIndexOf('(')); // the arguments Go printed
        }
        return qualified.substring(qualified.lastIndexOf('/') + 1);
    }

    /**
     * {@code file} (a bare name) in the package {@code importPath}: the longest tail of the
     * import path that, joined with the name, is a file of the repository; else the one
     * file of that name anywhere.
     */
    static Optional<String> inPackage(String file, String importPath, FileIndex files) {
        String[] segments = importPath.isEmpty() ? new String[0] : importPath.split("/");
        for (int from = 0; from <= segments.length; from++) {
            String dir = String.join("/", java.util.Arrays.copyOfRange(segments, from, segments.length));
            String candidate = dir.isEmpty() ? file : dir + "/" + file;
            if (files.contains(candidate)) {
                return Optional.of(candidate);
            }
        }
        // go.mod below the root (a module in a sub-folder): the tail is a suffix of the path.
        for (int from = 0; from < segments.length; from++) {
            List<String> below = files.endingWith(String.join("/", java.util.Arrays.copyOfRange(segments, from,
                    segments.length)) + "/" + file);
            if (below.size() == 1) {
                return Optional.of(below.get(0));
            }
        }
        return files.relativize(file);
    }
}
