package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model, running locally, on a Go, a Cargo and a Node project
 * whose max() compares the wrong way round: the issue draft names the failing test and
 * the test's file and line, and the relational-operator template finds a VALID patch.
 * Real go, cargo and node (about 25 s each), so tagged slow.
 */
@Tag("slow")
class BuiltinLanguageFixEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void fixesAGoComparisonAndNamesTheTestsLine() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("go"), Map.of(
                "go.mod", "module example.com/m\n\ngo 1.21\n",
                "calc/calc.go", "package calc\n\n// Max returns the larger of a and b.\nfunc Max(a, b int) int {\n"
                        + "\tif a < b {\n\t\treturn a\n\t}\n\treturn b\n}\n",
                "calc/calc_test.go", "package calc\n\nimport \"testing\"\n\nfunc TestMax(t *testing.T) {\n"
                        + "\tif got := Max(2, 5); got != 5 {\n\t\tt.Errorf(\"Max(2, 5) = %d, want 5\", got)\n\t}\n}\n\n"
                        + "func TestMaxEqual(t *testing.T) {\n\tif got := Max(3, 3); got != 3 {\n\t\tt.Errorf(\"got %d\", got)\n"
                        + "\t}\n}\n"));

        JsonNode report = BuiltinFixRuns.assertFixed(BuiltinFixRuns.fix(temp, repo));

        assertNamed(report, "example.com/m/calc#TestMax", "calc/calc_test.go:7");
        assertThat(report.path("patch").asText()).contains("-\tif a < b {\n+\tif a >");
    }

    @Test
    void fixesARustComparisonAndNamesTheTestsLine() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("rs"), Map.of(
                "Cargo.toml", "[package]\nname = \"calc\"\nversion = \"0.1.0\"\nedition = \"2021\"\n",
                "src/lib.rs", "/// The larger of a and b.\npub fn max(a: i32, b: i32) -> i32 {\n    if a < b {\n        a\n"
                        + "    } else {\n        b\n    }\n}\n",
                "tests/api.rs", "#[test]\nfn picks_the_larger() {\n    assert_eq!(calc::max(2, 5), 5);\n}\n\n#[test]\n"
                        + "fn equal_values() {\n    assert_eq!(calc::max(3, 3), 3);\n}\n"));

        JsonNode report = BuiltinFixRuns.assertFixed(BuiltinFixRuns.fix(temp, repo));

        assertNamed(report, "api::picks_the_larger", "tests/api.rs:3");
        assertThat(report.path("patch").asText()).contains("-    if a < b {\n+    if a >");
    }

    @Test
    void fixesAJavaScriptComparisonAndNamesTheTestsLine() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("js"), Map.of(
                "package.json", "{ \"name\": \"calc\", \"version\": \"1.0.0\", \"scripts\": { \"test\": \"node --test\" } }\n",
                "src/calc.js", "function max(a, b) {\n  if (a < b) {\n    return a;\n  }\n  return b;\n}\n\n"
                        + "module.exports = { max };\n",
                "test/calc.test.js", "const test = require('node:test');\nconst assert = require('node:assert');\n"
                        + "const { max } = require('../src/calc');\n\ntest('picks the larger', () => {\n"
                        + "  assert.strictEqual(max(2, 5), 5);\n});\n\ntest('equal values', () => {\n"
                        + "  assert.strictEqual(max(3, 3), 3);\n});\n"));

        JsonNode report = BuiltinFixRuns.assertFixed(BuiltinFixRuns.fix(temp, repo));

        assertNamed(report, "picks the larger", "test/calc.test.js:6");
        assertThat(report.path("patch").asText()).contains("-  if (a < b) {\n+  if (a >");
    }

    private static void assertNamed(JsonNode report, String testId, String fileLine) {
        assertThat(report.path("failing")).singleElement().satisfies(f -> assertThat(f.path("id").asText()).isEqualTo(testId));
        assertThat(report.path("issue").path("description").asText()).contains(testId).contains(fileLine);
    }
}
