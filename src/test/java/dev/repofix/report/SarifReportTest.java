package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SarifReportTest {
    private static final String INSERTION_DIFF = """
            --- a/src/main/java/com/acme/Account.java
            +++ b/src/main/java/com/acme/Account.java
            @@ -5,2 +5,4 @@
                 if (amount >= balance) {
            +        // "quoted" \\ backslash
            +        log("é");
                     throw new IllegalStateException();
            """;

    private final SarifReport sarif = new SarifReport();
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void declaresTheSchemaVersionToolAndRules() {
        JsonNode root = parse(RunResults.fixed());

        assertThat(root.path("$schema").asText()).isEqualTo("https://json.schemastore.org/sarif-2.1.0.json");
        assertThat(root.path("version").asText()).isEqualTo("2.1.0");
        assertThat(root.path("runs")).hasSize(1);
        JsonNode driver = run(root).path("tool").path("driver");
        assertThat(driver.path("name").asText()).isEqualTo("repofix");
        assertThat(driver.path("version").asText()).isEqualTo("0.1.0");
        assertThat(driver.has("informationUri")).isFalse();
        assertThat(driver.path("rules")).extracting(rule -> rule.path("id").asText())
                .containsExactly("repofix/suspected-fault", "repofix/failing-test");
        assertThat(run(root).path("invocations").get(0).path("executionSuccessful").asBoolean()).isTrue();
        assertThat(run(root).path("properties").path("status").asText()).isEqualTo("FIXED");
        assertThat(run(root).path("properties").path("headline").asText())
                .isEqualTo("valid patch found for 2 failing test(s)");
    }

    @Test
    void reportsOneSuspectedFaultPerLocationWithRegionAndSnippet() {
        List<JsonNode> faults = results(parse(RunResults.notFixed()), SarifReport.SUSPECTED_FAULT);

        assertThat(faults).hasSize(2);
        JsonNode second = faults.get(1);
        assertThat(second.path("level").asText()).isEqualTo("warning");
        assertThat(second.path("message").path("text").asText()).isEqualTo(
                "`AccountTest.withdrawAll` fails: funds | overdraft — suspected line (rank 2): above "
                        + RunResults.ACCOUNT + ":6, where it is raised");
        JsonNode physical = second.path("locations").get(0).path("physicalLocation");
        assertThat(physical.path("artifactLocation").path("uri").asText()).isEqualTo(RunResults.ACCOUNT);
        assertThat(physical.path("artifactLocation").path("uriBaseId").asText()).isEqualTo("%SRCROOT%");
        assertThat(physical.path("region").path("startLine").asInt()).isEqualTo(5);
        assertThat(physical.path("region").path("snippet").path("text").asText())
                .isEqualTo("    if (amount >= balance || `raw` | x) {");
    }

    @Test
    void reportsTheTopTenSuspectedLinesOnly() {
        List<Location> many = IntStream.rangeClosed(1, 13)
                .mapToObj(i -> new Location("a.py", i, "x = " + i, 1.0 / i, "r")).toList();
        RunResult r = RunResults.copy(RunResults.notFixed(), Optional.empty(), Optional.of(new Localization(many)), "",
                List.of());

        List<JsonNode> faults = results(parse(r), SarifReport.SUSPECTED_FAULT);

        assertThat(faults).hasSize(10);
        assertThat(faults.get(1).path("message").path("text").asText()).isEqualTo("suspected line (rank 2): r");
    }

    @Test
    void reportsFailingTestsAtTheirFirstFrame() {
        List<JsonNode> tests = results(parse(RunResults.notFixed()), SarifReport.FAILING_TEST);

        assertThat(tests).hasSize(2);
        assertThat(tests.get(0).path("level").asText()).isEqualTo("error");
        assertThat(tests.get(0).path("message").path("text").asText()).isEqualTo("com.acme.AccountTest#withdrawAll: funds");
        JsonNode physical = tests.get(0).path("locations").get(0).path("physicalLocation");
        assertThat(physical.path("artifactLocation").path("uri").asText()).isEqualTo(RunResults.ACCOUNT);
        assertThat(physical.path("region").path("startLine").asInt()).isEqualTo(6);
        assertThat(tests.get(1).path("message").path("text").asText())
                .isEqualTo("com.acme.AccountTest#closeToZero: expected: <0> but was: <1>");
        assertThat(tests.get(1).has("locations")).isFalse();
    }

    @Test
    void attachesAOneLineFixToTheSuspectedLineItEdits() {
        List<JsonNode> faults = results(parse(RunResults.fixed()), SarifReport.SUSPECTED_FAULT);

        assertThat(faults.get(0).has("fixes")).isFalse();
        JsonNode fix = faults.get(1).path("fixes").get(0);
        assertThat(fix.path("description").path("text").asText()).isEqualTo("`>=` -> `>` (VALID: 2 failing tests now pass)");
        assertThat(fix.path("artifactChanges")).hasSize(1);
        JsonNode change = fix.path("artifactChanges").get(0);
        assertThat(change.path("artifactLocation").path("uri").asText()).isEqualTo(RunResults.ACCOUNT);
        assertThat(change.path("artifactLocation").path("uriBaseId").asText()).isEqualTo("%SRCROOT%");
        assertThat(change.path("replacements")).hasSize(1);
        JsonNode replacement = change.path("replacements").get(0);
        assertThat(replacement.path("deletedRegion").toString()).isEqualTo("{\"startLine\":5,\"endLine\":5}");
        assertThat(replacement.path("insertedContent").path("text").asText()).isEqualTo("    if (amount > balance) {\n");
        assertThat(results(parse(RunResults.fixed()), SarifReport.FAILING_TEST)).allSatisfy(
                t -> assertThat(t.has("fixes")).isFalse());
    }

    @Test
    void describesAPureInsertionAsAnEmptyRegionBeforeTheNextLine() {
        JsonNode fix = onlyFix(fixedWith(INSERTION_DIFF, RunResults.ACCOUNT, 6));

        JsonNode replacement = fix.path("artifactChanges").get(0).path("replacements").get(0);
        assertThat(fix.path("artifactChanges").get(0).path("replacements")).hasSize(1);
        assertThat(replacement.path("deletedRegion").toString())
                .isEqualTo("{\"startLine\":6,\"startColumn\":1,\"endColumn\":1}");
        assertThat(replacement.path("insertedContent").path("text").asText())
                .isEqualTo("        // \"quoted\" \\ backslash\n        log(\"é\");\n");
    }

    @Test
    void putsAFixAtNoSuspectedLineOnTheFirstSuspectedFault() {
        RunResult r = fixedWith(RunResults.OTHER_DIFF, "src/main/java/com/acme/Other.java", 40);

        List<JsonNode> faults = results(parse(r), SarifReport.SUSPECTED_FAULT);

        assertThat(faults.get(0).path("fixes")).hasSize(1);
        assertThat(faults.get(1).has("fixes")).isFalse();
    }

    @Test
    void leavesOutFixesOfADiffThatDoesNotParse() {
        RunResult r = fixedWith("this is no diff at all\n@@ nonsense", RunResults.ACCOUNT, 5);

        assertThatCode(() -> sarif.render(r)).doesNotThrowAnyException();
        assertThat(results(parse(r), null)).hasSize(4).allSatisfy(result -> assertThat(result.has("fixes")).isFalse());
    }

    @Test
    void leavesOutFixesWhoseLinesAreUnknown() {
        String editBlock = RunResults.ACCOUNT + "\n<<<<<<< SEARCH\n    if (amount >= balance) {\n=======\n"
                + "    if (amount > balance) {\n>>>>>>> REPLACE\n";

        RunResult r = fixedWith(editBlock, RunResults.ACCOUNT, 5);

        assertThat(results(parse(r), null)).allSatisfy(result -> assertThat(result.has("fixes")).isFalse());
    }

    @Test
    void hasAnEmptyResultListWhenTestsPass() {
        JsonNode root = parse(RunResults.testsPass());

        assertThat(run(root).path("results").isArray()).isTrue();
        assertThat(run(root).path("results")).isEmpty();
        assertThat(run(root).path("tool").path("driver").path("rules")).hasSize(2);
        assertThat(run(root).path("properties").path("status").asText()).isEqualTo("TESTS_PASS");
    }

    @Test
    void keepsOddCharactersThroughARoundTrip() {
        String odd = "\"quotes\" \\back\\slash </script> <b>&amp; ünïcødé 😀 \t tab";
        IssueDraft issue = new IssueDraft(odd, "", "", "wrong result");
        Localization localization = new Localization(List.of(new Location(RunResults.ACCOUNT, 3, odd, 0.5, odd)));
        RunResult r = RunResults.copy(RunResults.notFixed(), Optional.of(issue), Optional.of(localization), "", List.of());

        String text = sarif.render(r);
        JsonNode fault = results(parse(r), SarifReport.SUSPECTED_FAULT).get(0);

        assertThat(fault.path("message").path("text").asText()).isEqualTo(odd + " — suspected line (rank 1): " + odd);
        assertThat(fault.path("locations").get(0).path("physicalLocation").path("region").path("snippet").path("text")
                .asText()).isEqualTo(odd);
        assertThat(text).endsWith("}\n");
    }

    @Test
    void encodesAPathWithASpaceAsAUriReference() {
        Localization localization = new Localization(List.of(new Location("src/My File.py", 2, "x", 1.0, "r")));
        RunResult r = RunResults.copy(RunResults.notFixed(), Optional.empty(), Optional.of(localization), "", List.of());

        JsonNode fault = results(parse(r), SarifReport.SUSPECTED_FAULT).get(0);

        assertThat(fault.path("locations").get(0).path("physicalLocation").path("artifactLocation").path("uri").asText())
                .isEqualTo("src/My%20File.py");
    }

    @Test
    void givesEveryResultTheRequiredSarifProperties() {
        for (RunResult r : List.of(RunResults.fixed(), RunResults.notFixed(), RunResults.notFixedUnvalidated(),
                RunResults.buildBroken("[ERROR] x"), fixedWith(INSERTION_DIFF, RunResults.ACCOUNT, 6))) {
            JsonNode root = parse(r);
            List<String> rules = new ArrayList<>();
            run(root).path("tool").path("driver").path("rules").forEach(rule -> rules.add(rule.path("id").asText()));

            assertThat(results(root, null)).allSatisfy(result -> {
                assertThat(result.path("ruleId").asText()).isIn(rules);
                assertThat(rules.get(result.path("ruleIndex").asInt())).isEqualTo(result.path("ruleId").asText());
                assertThat(result.path("message").path("text").asText()).isNotBlank();
                assertThat(result.path("level").asText()).isIn("warning", "error");
                result.path("locations").forEach(l -> {
                    JsonNode physical = l.path("physicalLocation");
                    assertThat(physical.path("artifactLocation").path("uri").asText()).isNotBlank();
                    assertThat(physical.path("region").path("startLine").asInt()).isPositive();
                });
                result.path("fixes").forEach(fix -> assertThat(fix.path("artifactChanges")).isNotEmpty()
                        .allSatisfy(c -> assertThat(c.path("replacements")).isNotEmpty()));
            });
        }
    }

    /** {@link RunResults#fixed()} with its fix replaced by one with {@code diff} at {@code file:line}. */
    private static RunResult fixedWith(String diff, String file, int line) {
        PatchCandidate fix = new PatchCandidate("c1", "llm", file, line, "a change", PatchText.read(diff));
        Validation valid = new Validation("c1", Verdict.VALID, List.of(RunResults.WITHDRAW_ALL.id()), List.of(),
                List.of(), "", Duration.ZERO);
        return RunResults.result(RunStatus.FIXED, List.of(fix), List.of(valid), Optional.of(fix));
    }

    private JsonNode onlyFix(RunResult r) {
        List<JsonNode> withFixes = results(parse(r), null).stream().filter(n -> n.has("fixes")).toList();
        assertThat(withFixes).hasSize(1);
        assertThat(withFixes.get(0).path("fixes")).hasSize(1);
        return withFixes.get(0).path("fixes").get(0);
    }

    /** The results of the run with {@code ruleId}, or all when it is null. */
    private static List<JsonNode> results(JsonNode root, String ruleId) {
        List<JsonNode> out = new ArrayList<>();
        run(root).path("results").forEach(n -> {
            if (ruleId == null || ruleId.equals(n.path("ruleId").asText())) {
                out.add(n);
            }
        });
        return out;
    }

    private static JsonNode run(JsonNode root) {
        return root.path("runs").get(0);
    }

    @Test
    void aRunThatCouldNotFinishIsAnUnsuccessfulInvocationWithItsError() throws IOException {
        JsonNode run = new ObjectMapper().readTree(new SarifReport().render(RunResults.errorDuringValidation()))
                .path("runs").get(0);

        JsonNode invocation = run.path("invocations").get(0);
        assertThat(invocation.path("executionSuccessful").asBoolean()).isFalse();
        assertThat(invocation.path("toolExecutionNotifications").get(0).path("level").asText()).isEqualTo("error");
        assertThat(invocation.path("toolExecutionNotifications").get(0).path("message").path("text").asText())
                .startsWith("validate: the Docker engine stopped answering");
        assertThat(run.path("properties").path("runId").asText()).isEqualTo(RunResults.RUN_ID);
    }

    private JsonNode parse(RunResult r) {
        try {
            return mapper.readTree(sarif.render(r));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
