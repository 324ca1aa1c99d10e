package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoTraceTest {
    @TempDir
    Path root;

    @Test
    void mapsALoggedLineToTheFileInTheFailingPackagesFolder() {
        FileIndex files = index("calc/calc_test.go", "money/calc_test.go", "calc_test.go");
        String trace = "    calc_test.go:7: got -1\n--- FAIL: TestAdd (0.00s)\nFAIL\texample.com/m/money";

        assertThat(new StackFrameExtractor().extract(trace, files))
                .containsExactly(new StackFrame("money/calc_test.go", 7, ""));
    }

    @Test
    void mapsALoggedLineOfTheRootPackageAndOfAModuleInASubFolder() {
        assertThat(new GoTrace().framesDeepestFirst("    calc_test.go:7: got\nFAIL\texample.com/m",
                index("calc_test.go", "calc/calc_test.go"))).containsExactly(new StackFrame("calc_test.go", 7, ""));
        assertThat(new GoTrace().framesDeepestFirst("    calc_test.go:7: got\nFAIL\texample.com/m/calc",
                index("backend/calc/calc_test.go", "frontend/calc_test.go")))
                .containsExactly(new StackFrame("backend/calc/calc_test.go", 7, ""));
    }

    @Test
    void readsPanicFramesDeepestFirstAndDropsTheRuntimes() {
        FileIndex files = index("calc/calc.go", "calc/calc_test.go");
        String trace = """
                --- FAIL: TestPanic (0.00s)
                panic: runtime error: integer divide by zero [recovered]
                goroutine 22 [running]:
                testing.tRunner.func1.2({0x55b800, 0x6cbe90})
                \t/usr/local/go/src/testing/testing.go:1974 +0x232
                panic({0x55b800?, 0x6cbe90?})
                \t/usr/local/go/src/runtime/panic.go:860 +0x13a
                example.com/m/calc.Div(...)
                \t%1$s/calc/calc.go:8
                example.com/m/calc.(*Calc).TestPanic(0x2f692aa6d88?)
                \t%1$s/calc/calc_test.go:22 +0xa
                created by testing.(*T).Run in goroutine 1
                \t/usr/local/go/src/testing/testing.go:2101 +0x4c5
                FAIL\texample.com/m/calc
                """.formatted(root.toAbsolutePath());

        assertThat(new StackFrameExtractor().extract(trace, files)).containsExactly(
                new StackFrame("calc/calc.go", 8, "calc.Div"),
                new StackFrame("calc/calc_test.go", 22, "calc.(*Calc).TestPanic"));
    }

    @Test
    void readsCompilerErrorsRelativeToTheModuleRoot() {
        FileIndex files = index("broken/b.go");
        String trace = "# example.com/m/broken [example.com/m/broken.test]\nbroken/b.go:3:23: undefined: y\n"
                + "FAIL\texample.com/m/broken [build failed]";

        assertThat(new StackFrameExtractor().extract(trace, files)).containsExactly(new StackFrame("broken/b.go", 3, ""));
    }

    private FileIndex index(String... files) {
        return new FileIndex(root, List.of(files));
    }
}
