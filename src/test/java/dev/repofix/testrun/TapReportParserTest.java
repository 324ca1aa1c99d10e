package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TapReportParserTest {
    @TempDir
    Path root;

    @Test
    void readsNestedTestsWithTheirFileTheirErrorAndStack() throws IOException {
        List<TestResult> results = parse("""
                TAP version 13
                # Subtest: adds
                not ok 1 - adds
                  ---
                  duration_ms: 19.12441
                  location: '%1$s/test/calc.test.js:5:1'
                  failureType: 'testCodeFailure'
                  error: |-
                    Expected values to be strictly equal:

                    -1 !== 3

                  code: 'ERR_ASSERTION'
                  stack: |-
                    TestContext.<anonymous> (%1$s/test/calc.test.js:6:10)
                    Test.runInAsyncScope (node:async_hooks:206:9)
                  ...
                # Subtest: group
                    # Subtest: inner ok
                    ok 1 - inner ok
                      ---
                      duration_ms: 0.283662
                      ...
                    # Subtest: throws
                    not ok 2 - throws
                      ---
                      location: '%1$s/test/calc.test.js:11:11'
                      error: 'it''s boom'
                      stack: |-
                        boom (%1$s/src/calc.js:5:9)
                      ...
                    1..2
                not ok 2 - group
                  ---
                  location: '%1$s/test/calc.test.js:9:1'
                  failureType: 'subtestsFailed'
                  error: '1 subtest failed'
                  ...
                # Subtest: skipped
                ok 3 - skipped # SKIP later
                ok 4 - passes
                1..4
                # tests 6
                """.formatted(root.toAbsolutePath()));

        assertThat(results).extracting(TestResult::id, TestResult::status).containsExactly(
                tuple("adds", TestStatus.FAILED),
                tuple("group > inner ok", TestStatus.PASSED),
                tuple("group > throws", TestStatus.FAILED),
                tuple("group", TestStatus.FAILED),
                tuple("skipped", TestStatus.SKIPPED),
                tuple("passes", TestStatus.PASSED));
        assertThat(results.get(0).message()).isEqualTo("Expected values to be strictly equal:");
        assertThat(results.get(0).trace()).contains("-1 !== 3").contains("(" + root.toAbsolutePath() + "/test/calc.test.js:6:10)");
        assertThat(results.get(2).message()).isEqualTo("it's boom");
        assertThat(results.get(2).trace()).endsWith("boom (" + root.toAbsolutePath() + "/src/calc.js:5:9)");
    }

    @Test
    void givesATestFileThatDidNotLoadWhatNodePrintedBeforeIt() throws IOException {
        List<TestResult> results = parse("""
                TAP version 13
                # %1$s/test/b.test.js:2
                # syntax error here(
                # SyntaxError: Unexpected identifier 'error'
                # Subtest: %1$s/test/b.test.js
                not ok 1 - %1$s/test/b.test.js
                  ---
                  location: '%1$s/test/b.test.js:1:1'
                  error: 'test failed'
                  ...
                1..1
                """.formatted(root.toAbsolutePath()));

        assertThat(results).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("test/b.test.js");
            assertThat(r.trace()).contains("SyntaxError: Unexpected identifier 'error'")
                    .contains(root.toAbsolutePath() + "/test/b.test.js:2");
        });
    }

    private List<TestResult> parse(String tap) throws IOException {
        Path report = Files.createDirectories(root.resolve(".repofix-reports")).resolve("node-test.tap");
        Files.writeString(report, tap);
        return new TapReportParser().parse(report);
    }
}
