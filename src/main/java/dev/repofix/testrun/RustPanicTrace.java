package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Rust dialect: the panic's location ({@code panicked at src/lib.rs:10:5:}, or
 * {@code panicked at 'msg', src/lib.rs:10:5} before Rust 1.73), the frames of a
 * {@code RUST_BACKTRACE=1} backtrace ({@code at ./src/lib.rs:10:5} under {@code 3: calc::div}),
 * and compiler errors ({@code --> src/lib.rs:7:9}). Paths are relative to the workspace
 * root or to the member; the standard library's ({@code /rustc/<hash>/library/...}) name no
 * file of the repository and are dropped. Pure. Deepest first: where it panicked, then the
 * backtrace as printed (innermost call first), then compiler errors.
 */
final class RustPanicTrace implements FrameDialect {
    private static final Pattern PANIC_AT = Pattern.compile(
            "panicked at (?:'.*', )?(\\S+?\\.rs):(\\d{1,9}):\\d+:?$");
    private static final Pattern BACKTRACE_AT = Pattern.compile("^\\s+at (\\S+?\\.rs):(\\d{1,9})(?::\\d+)?$");
    private static final Pattern BACKTRACE_FUNCTION = Pattern.compile("^\\s*\\d+: (.+)$");
    private static final Pattern COMPILER_AT = Pattern.compile("^\\s*--> (\\S+?\\.rs):(\\d{1,9}):\\d+$");

    @Override
    public List<StackFrame> framesDeepestFirst(String trace, FileIndex files) {
        List<StackFrame> panics = new ArrayList<>();
        List<StackFrame> backtrace = new ArrayList<>();
        List<StackFrame> compiler = new ArrayList<>();
        String function = "";
        for (String line : trace.lines().toList()) {
            Matcher m;
            if ((m = PANIC_AT.matcher(line)).find()) {
                add(panics, files, m.group(1), m.group(2), "");
            } else if ((m = BACKTRACE_AT.matcher(line)).matches()) {
                add(backtrace, files, m.group(1), m.group(2), function);
            } else if ((m = BACKTRACE_FUNCTION.matcher(line)).matches()) {
                function = m.group(1).strip();
            } else if ((m = COMPILER_AT.matcher(line)).matches()) {
                add(compiler, files, m.group(1), m.group(2), "");
            }
        }
        List<StackFrame> out = new ArrayList<>(panics);
        out.addAll(backtrace);
        out.addAll(compiler);
        return out;
    }

    private static void add(List<StackFrame> out, FileIndex files, String path, String line, String function) {
        files.relativize(path).ifPresent(f -> out.add(new StackFrame(f, Integer.parseInt(line), function)));
    }
}
