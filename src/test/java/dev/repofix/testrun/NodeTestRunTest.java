package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** {@code node --test} for real, directly and through {@code npm test}: the TAP report read, frames mapped. */
class NodeTestRunTest {
    static final String CALC = """
            function add(a, b) {
              return a - b;
            }

            function boom() {
              throw new Error('boom');
            }

            module.exports = { add, boom };
            """;
    static final String TEST = """
            const test = require('node:test');
            const assert = require('node:assert');
            const { add, boom } = require('../src/calc');

            test('adds', () => {
              assert.strictEqual(add(1, 2), 3);
            });

            test('group', async (t) => {
              await t.test('inner ok', () => {});
              await t.test('throws', () => { boom(); });
            });
            """;

    @TempDir
    Path root;

    @ParameterizedTest
    @ValueSource(strings = {"{\"name\":\"calc\",\"scripts\":{\"test\":\"node --test\"}}", "{\"name\":\"calc\"}"})
    void runsNodesTestRunnerAndMapsTheFailuresToTheirLines(String packageJson) throws IOException {
        FileIndex files = RealToolRuns.write(root, Map.of("package.json", packageJson, "src/calc.js", CALC,
                "test/calc.test.js", TEST));
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        TestOutcome.Completed done = RealToolRuns.run(root, build, files);

        TestRun run = done.run();
        assertThat(run.find("group > inner ok")).hasValueSatisfying(
                r -> assertThat(r.status()).isEqualTo(TestStatus.PASSED));
        assertThat(run.find("adds")).hasValueSatisfying(r -> {
            assertThat(r.status()).isEqualTo(TestStatus.FAILED);
            assertThat(r.frames()).first().isEqualTo(new StackFrame("test/calc.test.js", 6, "TestContext.<anonymous>"));
        });
        assertThat(run.find("group > throws")).hasValueSatisfying(r -> {
            assertThat(r.message()).isEqualTo("boom");
            assertThat(r.frames()).first().isEqualTo(new StackFrame("src/calc.js", 6, "boom"));
        });
        assertThat(done.exec().output()).contains("adds").doesNotContain("TAP version");
    }

    @Test
    void mapsATestFileThatDoesNotLoadToTheLineNodeNamed() throws IOException {
        FileIndex files = RealToolRuns.write(root, Map.of("package.json", "{\"name\":\"calc\"}", "src/calc.js", CALC,
                "test/calc.test.js", TEST + "\nsyntax error here(\n"));

        TestOutcome.Completed done = RealToolRuns.run(root, new BuildDetector().detect(root, Optional.empty()), files);

        assertThat(done.run().failing()).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("test/calc.test.js");
            assertThat(r.frames()).contains(new StackFrame("test/calc.test.js", 14, ""));
        });
    }
}
