package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CargoLibtestParserTest {
    @TempDir
    Path dir;

    @Test
    void readsUnitIntegrationAndDocTestsOfSeveralBinariesApart() throws IOException {
        List<TestResult> results = parse("""
                   Compiling calc v0.1.0 (/w/calc)
                    Finished `test` profile [unoptimized + debuginfo] target(s) in 2.18s
                     Running unittests src/lib.rs (target/debug/deps/calc-c6626fb655a8d231)

                running 4 tests
                test tests::divides ... ok
                test tests::later ... ignored
                test tests::refuses - should panic ... ok
                test tests::adds ... FAILED

                failures:

                ---- tests::adds stdout ----

                thread 'tests::adds' (6234) panicked at src/lib.rs:20:9:
                assertion `left == right` failed
                  left: -1
                 right: 3
                stack backtrace:
                   4: calc::tests::adds
                             at ./src/lib.rs:20:9
                note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.


                failures:
                    tests::adds

                test result: FAILED. 2 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.40s

                error: test failed, to rerun pass `--lib`
                     Running tests/api.rs (target/debug/deps/api-14943844c8ca6ed4)

                running 2 tests
                test adds ... ok
                test divides_by_zero ... FAILED

                failures:

                ---- divides_by_zero stdout ----
                thread 'divides_by_zero' panicked at 'attempt to divide by zero', src/lib.rs:11:5
                note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace

                failures:
                    divides_by_zero

                test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.28s

                   Doc-tests calc

                running 1 test
                test src/lib.rs - add (line 3) ... FAILED

                failures:

                ---- src/lib.rs - add (line 3) stdout ----
                Test executable failed (exit status: 101).

                stderr:

                thread 'main' (6257) panicked at src/lib.rs:5:1:
                assertion failed: 1 == 2

                failures:
                    src/lib.rs - add (line 3)

                test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.57s
                """);

        assertThat(results).extracting(TestResult::id, TestResult::status).containsExactly(
                tuple("calc::tests::divides", TestStatus.PASSED),
                tuple("calc::tests::later", TestStatus.SKIPPED),
                tuple("calc::tests::refuses", TestStatus.PASSED),
                tuple("calc::tests::adds", TestStatus.FAILED),
                tuple("api::adds", TestStatus.PASSED),
                tuple("api::divides_by_zero", TestStatus.FAILED),
                tuple("doc:calc::src/lib.rs - add (line 3)", TestStatus.FAILED));
        assertThat(results.get(3).message()).isEqualTo("assertion `left == right` failed\n  left: -1\n right: 3");
        assertThat(results.get(3).trace()).startsWith("thread 'tests::adds' (6234) panicked at src/lib.rs:20:9:")
                .contains("at ./src/lib.rs:20:9").doesNotContain("failures:");
        assertThat(results.get(5).message()).isEqualTo("attempt to divide by zero");
        assertThat(results.get(6).message()).isEqualTo("assertion failed: 1 == 2");
    }

    @Test
    void reportsCodeThatDoesNotCompileAsACollectionFailureWithTheCompilersErrors() throws IOException {
        List<TestResult> results = parse("""
                   Compiling calc v0.1.0 (/w/calc)
                warning: unused variable: `z`
                 --> src/lib.rs:2:9

                error[E0425]: cannot find value `y` in this scope
                 --> src/lib.rs:7:9
                  |
                7 |     a - y
                  |         ^

                For more information about this error, try `rustc --explain E0425`.
                error: could not compile `calc` (lib test) due to 1 previous error
                """);

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("calc (lib test)");
            assertThat(r.isCollectionError()).isTrue();
            assertThat(r.trace()).contains("--> src/lib.rs:7:9").doesNotContain("unused variable");
        });
    }

    private List<TestResult> parse(String output) throws IOException {
        Path report = dir.resolve("cargo-test.txt");
        Files.writeString(report, output);
        return new CargoLibtestParser().parse(report);
    }
}
