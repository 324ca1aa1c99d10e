package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoTestJsonParserTest {
    private static final String PKG = "\"Package\":\"example.com/m/calc\"";

    @TempDir
    Path dir;

    @Test
    void readsPassFailSkipAndNestedSubtestsWithTheirOutputAsTrace() throws IOException {
        List<TestResult> results = parse("""
                {"Action":"start",%1$s}
                {"Action":"run",%1$s,"Test":"TestAdd"}
                {"Action":"output",%1$s,"Test":"TestAdd","Output":"=== RUN   TestAdd\\n"}
                {"Action":"output",%1$s,"Test":"TestAdd","Output":"    calc_test.go:7: got -1\\n"}
                {"Action":"output",%1$s,"Test":"TestAdd","Output":"--- FAIL: TestAdd (0.00s)\\n"}
                {"Action":"fail",%1$s,"Test":"TestAdd","Elapsed":0}
                {"Action":"run",%1$s,"Test":"TestTable"}
                {"Action":"run",%1$s,"Test":"TestTable/one_plus_one"}
                {"Action":"output",%1$s,"Test":"TestTable/one_plus_one","Output":"    calc_test.go:15: Add(1,1) = 0\\n"}
                {"Action":"fail",%1$s,"Test":"TestTable/one_plus_one","Elapsed":0}
                {"Action":"run",%1$s,"Test":"TestTable/zero"}
                {"Action":"pass",%1$s,"Test":"TestTable/zero","Elapsed":0}
                {"Action":"fail",%1$s,"Test":"TestTable","Elapsed":0}
                {"Action":"run",%1$s,"Test":"TestLater"}
                {"Action":"output",%1$s,"Test":"TestLater","Output":"    calc_test.go:30: not on this platform\\n"}
                {"Action":"skip",%1$s,"Test":"TestLater","Elapsed":0}
                {"Action":"output",%1$s,"Output":"FAIL\\texample.com/m/calc\\t0.005s\\n"}
                {"Action":"fail",%1$s,"Elapsed":0.005}
                """.formatted(PKG));

        assertThat(results).extracting(TestResult::id, TestResult::status).containsExactly(
                org.assertj.core.groups.Tuple.tuple("example.com/m/calc#TestAdd", TestStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("example.com/m/calc#TestTable/one_plus_one", TestStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("example.com/m/calc#TestTable/zero", TestStatus.PASSED),
                org.assertj.core.groups.Tuple.tuple("example.com/m/calc#TestTable", TestStatus.FAILED),
                org.assertj.core.groups.Tuple.tuple("example.com/m/calc#TestLater", TestStatus.SKIPPED));
        TestResult add = results.get(0);
        assertThat(add.message()).isEqualTo("got -1");
        assertThat(add.trace()).isEqualTo("    calc_test.go:7: got -1\n--- FAIL: TestAdd (0.00s)\nFAIL\texample.com/m/calc");
        assertThat(results.get(4).message()).isEqualTo("not on this platform");
    }

    @Test
    void takesAPanicsFirstLineAsMessageAndKeepsTheGoroutineTrace() throws IOException {
        List<TestResult> results = parse("""
                {"Action":"run",%1$s,"Test":"TestPanic"}
                {"Action":"output",%1$s,"Test":"TestPanic","Output":"--- FAIL: TestPanic (0.00s)\\n"}
                {"Action":"output",%1$s,"Test":"TestPanic","Output":"panic: runtime error: integer divide by zero [recovered]\\n"}
                {"Action":"output",%1$s,"Test":"TestPanic","Output":"example.com/m/calc.Div(...)\\n"}
                {"Action":"output",%1$s,"Test":"TestPanic","Output":"\\t/w/calc/calc.go:8\\n"}
                {"Action":"fail",%1$s,"Test":"TestPanic","Elapsed":0}
                {"Action":"fail",%1$s,"Elapsed":0.005}
                """.formatted(PKG));

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.message()).isEqualTo("panic: runtime error: integer divide by zero [recovered]");
            assertThat(r.trace()).contains("example.com/m/calc.Div(...)\n\t/w/calc/calc.go:8\n");
        });
    }

    @Test
    void reportsAPackageWhoseTestsDidNotBuildAsACollectionFailureWithTheCompilerOutput() throws IOException {
        List<TestResult> results = parse("""
                {"ImportPath":"example.com/m/broken [example.com/m/broken.test]","Action":"build-output","Output":"# example.com/m/broken [example.com/m/broken.test]\\n"}
                {"ImportPath":"example.com/m/broken [example.com/m/broken.test]","Action":"build-output","Output":"broken/b.go:3:23: undefined: y\\n"}
                {"ImportPath":"example.com/m/broken [example.com/m/broken.test]","Action":"build-fail"}
                {"Action":"start","Package":"example.com/m/broken"}
                {"Action":"output","Package":"example.com/m/broken","Output":"FAIL\\texample.com/m/broken [build failed]\\n"}
                {"Action":"fail","Package":"example.com/m/broken","Elapsed":0,"FailedBuild":"example.com/m/broken [example.com/m/broken.test]"}
                """);

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("example.com/m/broken");
            assertThat(r.isCollectionError()).isTrue();
            assertThat(r.trace()).contains("broken/b.go:3:23: undefined: y");
        });
    }

    @Test
    void reportsATestThatNeverEndedAsErroredWithWhatThePackagePrinted() throws IOException {
        List<TestResult> results = parse("""
                {"Action":"run",%1$s,"Test":"TestExit"}
                {"Action":"output",%1$s,"Test":"TestExit","Output":"=== RUN   TestExit\\n"}
                {"Action":"output",%1$s,"Output":"FAIL\\texample.com/m/calc\\t0.002s\\n"}
                {"Action":"fail",%1$s,"Elapsed":0.002}
                """.formatted(PKG));

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("example.com/m/calc#TestExit");
            assertThat(r.status()).isEqualTo(TestStatus.ERRORED);
        });
    }

    @Test
    void reportsAPackageThatFailedWithoutAnyTestAsErrored() throws IOException {
        List<TestResult> results = parse("""
                {"Action":"start",%1$s}
                {"Action":"output",%1$s,"Output":"panic: init failed\\n"}
                {"Action":"output",%1$s,"Output":"FAIL\\texample.com/m/calc\\t0.002s\\n"}
                {"Action":"fail",%1$s,"Elapsed":0.002}
                """.formatted(PKG));

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("example.com/m/calc");
            assertThat(r.status()).isEqualTo(TestStatus.ERRORED);
            assertThat(r.message()).isEqualTo("panic: init failed");
        });
    }

    @Test
    void skipsLinesThatAreNotEventsAndRefusesABrokenEvent() throws IOException {
        assertThat(parse("go: downloading example.com/x v1.0.0\n")).isEmpty();

        assertThatThrownBy(() -> parse("{\"Action\":\"run\",\n"))
                .isInstanceOf(ReportException.class).hasMessageContaining("go test -json");
    }

    private List<TestResult> parse(String events) throws IOException {
        Path report = dir.resolve("go-test.json");
        Files.writeString(report, events);
        return new GoTestJsonParser().parse(report);
    }
}
