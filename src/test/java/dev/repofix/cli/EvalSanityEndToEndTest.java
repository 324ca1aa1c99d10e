package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval check --run} on real pytest cases: gold must pass, the empty patch must
 * not; a case whose reference patch is wrong, or whose tests pass without any fix, is
 * broken, and {@code eval run --sanity} records it so instead of scoring it.
 */
class EvalSanityEndToEndTest {
    @TempDir
    Path temp;

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void findsTheBrokenCasesAndARunLeavesThemOutOfTheScores() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>(Files.readAllLines(cases).subList(0, 2));
        // A reference patch that breaks a passing test, and a case whose new test already passes.
        ObjectNode wrongGold = (ObjectNode) json.readTree(lines.get(0));
        wrongGold.put("id", "wrong-gold");
        ((ObjectNode) wrongGold.path("patch")).put("source", "--- a/lib/ages.py\n+++ b/lib/ages.py\n@@ -2 +2 @@\n"
                + "-    return age > 18\n+    return age != 18 or True\n");
        ObjectNode vacuous = (ObjectNode) json.readTree(lines.get(1));
        vacuous.put("id", "vacuous");
        ((ObjectNode) vacuous.path("patch")).put("test", "--- /dev/null\n+++ b/tests/test_old.py\n@@ -0,0 +1,5 @@\n"
                + "+from lib.ages import is_teen\n+\n+\n+def test_fifteen_is_teen():\n+    assert is_teen(15)\n");
        ((ObjectNode) vacuous).putArray("fail_to_pass").add("tests/test_old.py::test_fifteen_is_teen");
        lines.add(wrongGold.toString());
        lines.add(vacuous.toString());
        Files.write(cases, lines);

        RunOutput check = eval("eval", "check", "--cases", cases.toString(), "--run", "--repeat", "2", "--out",
                temp.resolve("sanity").toString());

        assertThat(check.exitCode()).as(check.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(check.stdout()).contains("ages-adult: OK", "ages-teen: OK")
                .contains("wrong-gold: BROKEN: the reference patch does not pass")
                .contains("vacuous: BROKEN: no test fails at the base commit")
                .contains("2 of 4 cases sound");

        RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--sanity",
                temp.resolve("sanity/sanity.json").toString(), "--out", temp.resolve("gold").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("gold"))).extracting(r -> r.path("case_id").asText()
                + " " + r.path("status").asText()).containsExactlyInAnyOrder("ages-adult SCORED", "ages-teen SCORED",
                "wrong-gold BROKEN", "vacuous BROKEN");
        RunOutput report = eval("eval", "report", "--results", temp.resolve("gold").toString(), "--out",
                temp.resolve("report").toString());
        assertThat(report.exitCode()).as(report.stderr()).isZero();
        assertThat(Files.readString(temp.resolve("report/report.md"))).contains("wrong-gold").contains("vacuous");
    }
}
