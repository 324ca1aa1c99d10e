package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.app.FixBench;
import dev.repofix.pipeline.GeneratedPytestProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} of a generated pytest project (real pytest and coverage.py): the instrumented
 * baseline's per-test contexts let the fix's deciding run skip the test files that never ran the
 * changed file, and every candidate's verdict is the same with test selection off.
 */
@Tag("slow")
class PytestTestSelectionEndToEndTest {
    @TempDir
    Path temp;

    private JsonNode fix(Path project, String selection) throws Exception {
        Path out = temp.resolve("out-" + selection);
        RunOutput run = RunOutput.run(temp.resolve("work-" + selection), out, Map.of(), "fix", "--repo",
                project.toString(), "--out", out.toString(), "--timeout", "5m", "--sandbox", "local",
                "--test-selection", selection);
        assertThat(run.exitCode()).as(run.stderr()).isZero();
        return new ObjectMapper().readTree(Files.readString(out.resolve("report.json")));
    }

    private static List<String> verdicts(JsonNode report) {
        List<String> out = new ArrayList<>();
        report.path("candidates").forEach(c -> out.add(c.path("id").asText() + " "
                + c.path("validation").path("verdict").asText("not validated")));
        return out;
    }

    private static JsonNode fixSelection(JsonNode report) {
        for (JsonNode c : report.path("candidates")) {
            if (c.path("validation").path("verdict").asText().equals("VALID")) {
                return c.path("validation").path("testSelection");
            }
        }
        throw new AssertionError("no VALID candidate: " + verdicts(report));
    }

    @Test
    void theFixRunsOnlyTheFailingTestsFileAndEveryVerdictMatchesTheWholeSuites() throws Exception {
        Path project = FixBench.generate(FixBench.Kind.PYTEST, temp.resolve("project"), Duration.ofMillis(900));

        JsonNode on = fix(project, "on");
        JsonNode off = fix(project, "off");

        JsonNode selected = fixSelection(on);
        assertThat(selected.path("mode").asText()).as("%s", selected).isEqualTo("selected");
        assertThat(selected.path("ran")).extracting(JsonNode::asText).containsExactly("tests/test_calc.py");
        assertThat(selected.path("skipped")).extracting(JsonNode::asText).contains("tests/test_module1.py",
                "tests/test_module3.py");
        assertThat(selected.path("reason").asText()).contains("coverage.py", GeneratedPytestProject.CALC);
        assertThat(fixSelection(off).path("mode").asText()).isEqualTo("whole-suite");
        assertThat(verdicts(on)).isNotEmpty().isEqualTo(verdicts(off));
    }
}
