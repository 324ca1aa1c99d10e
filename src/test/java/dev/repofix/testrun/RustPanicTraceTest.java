package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RustPanicTraceTest {
    @TempDir
    Path root;

    @Test
    void readsThePanicLocationThenTheBacktraceWithoutTheStandardLibrary() {
        FileIndex files = new FileIndex(root, List.of("src/lib.rs", "tests/api.rs"));
        String trace = """
                thread 'divides_by_zero' (6240) panicked at src/lib.rs:11:5:
                attempt to divide by zero
                stack backtrace:
                   1: core::panicking::panic_fmt
                             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:80:14
                   3: calc::div
                             at ./src/lib.rs:11:5
                   4: api::divides_by_zero
                             at ./tests/api.rs:3:5
                """;

        assertThat(new StackFrameExtractor().extract(trace, files)).containsExactly(
                new StackFrame("src/lib.rs", 11, ""),
                new StackFrame("tests/api.rs", 3, "api::divides_by_zero"));
    }

    @Test
    void readsTheOldPanicFormatAndAWorkspaceMembersPaths() {
        FileIndex files = new FileIndex(root, List.of("calc/src/lib.rs", "app/src/main.rs"));

        assertThat(new RustPanicTrace().framesDeepestFirst(
                "thread 'tests::adds' panicked at 'assertion failed: x', calc/src/lib.rs:10:5", files))
                .containsExactly(new StackFrame("calc/src/lib.rs", 10, ""));
        assertThat(new RustPanicTrace().framesDeepestFirst("error[E0425]: nope\n --> src/main.rs:3:9", files))
                .containsExactly(new StackFrame("app/src/main.rs", 3, ""));
    }
}
