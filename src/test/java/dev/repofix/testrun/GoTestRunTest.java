package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.GoBuild;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code go test} for real on a fixture module: its report read, its frames mapped to the right lines. */
class GoTestRunTest {
    static final Map<String, String> MODULE = Map.of(
            "go.mod", "module example.com/m\n\ngo 1.21\n",
            "calc/calc.go", """
                    package calc

                    func Add(a, b int) int {
                    \treturn a - b
                    }

                    func Div(a, b int) int {
                    \treturn a / b
                    }
                    """,
            "calc/calc_test.go", """
                    package calc

                    import "testing"

                    func TestAdd(t *testing.T) {
                    \tif got := Add(1, 2); got != 3 {
                    \t\tt.Errorf("Add(1, 2) = %d, want 3", got)
                    \t}
                    }

                    func TestTable(t *testing.T) {
                    \tfor _, c := range []struct{ name string; a, want int }{{"zero", 0, 0}, {"one more", 1, 2}} {
                    \t\tt.Run(c.name, func(t *testing.T) {
                    \t\t\tif got := Add(c.a, 1); got != c.want+1-1 && c.name != "zero" {
                    \t\t\t\tt.Fatalf("got %d", got)
                    \t\t\t}
                    \t\t})
                    \t}
                    }

                    func TestDivByZero(t *testing.T) {
                    \tDiv(1, 0)
                    }
                    """,
            "calc/a_test.go", "package calc\n\nimport \"testing\"\n\nfunc TestNothing(t *testing.T) {}\n");

    @TempDir
    Path root;

    @Test
    void runsGoTestAndMapsTheFailuresToTheirFilesAndLines() throws IOException {
        FileIndex files = RealToolRuns.write(root, MODULE);

        TestOutcome.Completed done = RealToolRuns.run(root, new GoBuild(), files);

        TestRun run = done.run();
        assertThat(run.find("example.com/m/calc#TestNothing")).hasValueSatisfying(
                r -> assertThat(r.status()).isEqualTo(TestStatus.PASSED));
        assertThat(run.find("example.com/m/calc#TestTable/zero")).hasValueSatisfying(
                r -> assertThat(r.status()).isEqualTo(TestStatus.PASSED));
        assertThat(run.find("example.com/m/calc#TestTable/one_more")).hasValueSatisfying(r -> {
            assertThat(r.status()).isEqualTo(TestStatus.FAILED);
            assertThat(r.frames()).first().isEqualTo(new StackFrame("calc/calc_test.go", 15, ""));
        });
        assertThat(run.find("example.com/m/calc#TestAdd")).hasValueSatisfying(r -> {
            assertThat(r.message()).isEqualTo("Add(1, 2) = -1, want 3");
            assertThat(r.frames()).containsExactly(new StackFrame("calc/calc_test.go", 7, ""));
        });
        assertThat(run.find("example.com/m/calc#TestDivByZero")).hasValueSatisfying(r -> {
            assertThat(r.message()).startsWith("panic: runtime error: integer divide by zero");
            assertThat(r.frames()).extracting(StackFrame::file, StackFrame::line).startsWith(
                    org.assertj.core.groups.Tuple.tuple("calc/calc.go", 8),
                    org.assertj.core.groups.Tuple.tuple("calc/calc_test.go", 22));
        });
        // the log is what go test says, not its JSON events
        assertThat(done.exec().output()).contains("    calc_test.go:7: Add(1, 2) = -1, want 3").doesNotContain("\"Action\"");
    }

    @Test
    void reportsAPackageThatDoesNotCompileAsACollectionErrorNamingTheLine() throws IOException {
        Map<String, String> broken = new java.util.HashMap<>(MODULE);
        broken.put("calc/calc.go", "package calc\n\nfunc Add(a, b int) int {\n\treturn a - y\n}\n\nfunc Div(a, b int) int { return a / b }\n");
        FileIndex files = RealToolRuns.write(root, broken);

        TestOutcome.Completed done = RealToolRuns.run(root, new GoBuild(), files);

        assertThat(done.run().onlyCollectionErrors()).isTrue();
        assertThat(done.run().failing()).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("example.com/m/calc");
            assertThat(r.frames()).contains(new StackFrame("calc/calc.go", 4, ""));
        });
    }
}
