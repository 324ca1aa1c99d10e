package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.pipeline.RunResult;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class JsonReportTest {
    private final JsonReport json = new JsonReport();
    private final ObjectMapper mapper = new ObjectMapper();

    @Test
    void writesTheSchemaStatusAndRunFacts() throws IOException {
        JsonNode root = parse(RunResults.fixed());

        assertThat(root.path("schema").asText()).isEqualTo("repofix.run/2").isEqualTo(JsonReport.SCHEMA);
        assertThat(root.path("status").asText()).isEqualTo("FIXED");
        assertThat(root.path("headline").asText()).isEqualTo("valid patch found for 2 failing test(s)");
        assertThat(root.path("source").asText()).isEqualTo(RunResults.SOURCE);
        assertThat(root.path("commit").asText()).isEqualTo(RunResults.COMMIT);
        assertThat(root.path("build").asText()).isEqualTo("maven");
        assertThat(root.path("testCommand").asText()).isEqualTo("mvn -B test");
        assertThat(root.path("startedAt").asText()).isEqualTo("2025-03-04T05:06:07Z");
        assertThat(root.path("totalMillis").asLong()).isEqualTo(75_000);
        assertThat(root.path("runId").asText()).isEqualTo(RunResults.RUN_ID);
        assertThat(root.path("reproduce").asText()).isEqualTo(RunResults.REPRODUCE);
        assertThat(root.path("model").asText()).isEqualTo("builtin");
        assertThat(root.path("sandbox").asText()).isEqualTo("local");
        assertThat(root.path("stages")).extracting(st -> st.path("stage").asText() + "=" + st.path("status").asText())
                .startsWith("checkout=OK", "baseline=OK");
        assertThat(root.path("stages").get(1).path("elapsedMillis").asLong()).isEqualTo(9000);
        assertThat(root.get("error").isNull()).isTrue();
        assertThat(root.path("passingCount").asInt()).isEqualTo(7);
    }

    @Test
    void writesFailingTestsWithTheirFrames() throws IOException {
        JsonNode failing = parse(RunResults.fixed()).path("failing");

        assertThat(failing).hasSize(2);
        assertThat(failing.get(0).path("id").asText()).isEqualTo("com.acme.AccountTest#withdrawAll");
        assertThat(failing.get(0).path("status").asText()).isEqualTo("ERRORED");
        assertThat(failing.get(0).path("message").asText()).isEqualTo("funds");
        assertThat(failing.get(0).path("trace").asText()).startsWith("java.lang.IllegalStateException: funds\n\tat ");
        assertThat(failing.get(0).path("frames").toString()).isEqualTo(
                "[{\"file\":\"" + RunResults.ACCOUNT + "\",\"line\":6,\"function\":\"withdraw\"}]");
        assertThat(failing.get(1).path("frames")).isEmpty();
    }

    @Test
    void writesTheIssueAndLocations() throws IOException {
        JsonNode root = parse(RunResults.fixed());

        assertThat(root.path("issue").path("title").asText())
                .isEqualTo("`AccountTest.withdrawAll` fails: funds | overdraft");
        assertThat(root.path("issue").path("description").asText()).contains("```sh\nmvn -B test\n```");
        assertThat(root.path("issue").path("explanation").asText()).startsWith("It is raised");
        assertThat(root.path("issue").path("bugType").asText()).isEqualTo("unexpected exception (X)");
        JsonNode second = root.path("locations").get(1);
        assertThat(root.path("locations")).hasSize(2);
        assertThat(second.path("file").asText()).isEqualTo(RunResults.ACCOUNT);
        assertThat(second.path("line").asInt()).isEqualTo(5);
        assertThat(second.path("content").asText()).isEqualTo("    if (amount >= balance || `raw` | x) {");
        assertThat(second.path("score").asDouble()).isEqualTo(0.85);
        assertThat(second.path("reason").asText()).startsWith("above ");
    }

    @Test
    void writesCandidatesWithTheirValidationVerdictsAndThePatch() throws IOException {
        JsonNode root = parse(RunResults.fixed());
        JsonNode candidates = root.path("candidates");

        assertThat(candidates).hasSize(3);
        JsonNode failed = candidates.get(0);
        assertThat(failed.path("id").asText()).isEqualTo("c1");
        assertThat(failed.path("origin").asText()).isEqualTo("relational-op");
        assertThat(failed.path("file").asText()).isEqualTo(RunResults.ACCOUNT);
        assertThat(failed.path("line").asInt()).isEqualTo(5);
        assertThat(failed.path("description").asText()).isEqualTo("`>=` -> `<`");
        assertThat(failed.path("diff").asText()).isEqualTo(RunResults.OTHER_DIFF);
        assertThat(failed.path("validation").path("verdict").asText()).isEqualTo("TESTS_FAIL");
        assertThat(failed.path("validation").path("elapsedMillis").asLong()).isEqualTo(1500);
        assertThat(failed.path("validation").path("detail").asText()).isEqualTo("1 passing test(s) broke: a | b");
        assertThat(failed.path("validation").path("failToPass").path("passed")).isEmpty();
        assertThat(failed.path("validation").path("failToPass").path("failed").toString())
                .isEqualTo("[\"com.acme.AccountTest#withdrawAll\"]");
        assertThat(failed.path("validation").path("passToPass").path("broken").toString())
                .isEqualTo("[\"com.acme.AccountTest#deposit\"]");
        JsonNode valid = candidates.get(1).path("validation");
        assertThat(valid.path("verdict").asText()).isEqualTo("VALID");
        assertThat(valid.path("failToPass").path("passed")).hasSize(2);
        assertThat(candidates.get(2).get("validation").isNull()).as("never validated").isTrue();
        assertThat(root.path("fix").asText()).isEqualTo("c2");
        assertThat(root.path("patch").asText()).isEqualTo(RunResults.FIX_DIFF);
    }

    @Test
    void hasANullPatchAndNoFixWhenNotFixed() throws IOException {
        JsonNode root = parse(RunResults.notFixed());

        assertThat(root.path("status").asText()).isEqualTo("NOT_FIXED");
        assertThat(root.get("fix").isNull()).isTrue();
        assertThat(root.get("patch").isNull()).isTrue();
        assertThat(root.path("candidates")).extracting(c -> c.path("validation").path("verdict").asText())
                .containsExactly("TESTS_FAIL", "BUILD_FAILED");
        assertThat(root.path("buildLog").asText()).isEmpty();
    }

    @Test
    void leavesOutIssueAndLocationsWhenTestsPass() throws IOException {
        JsonNode root = parse(RunResults.testsPass());

        assertThat(root.path("status").asText()).isEqualTo("TESTS_PASS");
        assertThat(root.get("issue").isNull()).isTrue();
        assertThat(root.get("locations").isNull()).isTrue();
        assertThat(root.path("failing")).isEmpty();
        assertThat(root.path("candidates")).isEmpty();
        assertThat(root.path("notes")).isEmpty();
    }

    @Test
    void carriesTheBuildLogAndANullCommitOfABrokenBuild() throws IOException {
        String log = "[ERROR] \"Account.java\":[5,9] cannot find symbol\n\tsymbol: \\u0000`x`";

        JsonNode root = parse(RunResults.buildBroken(log));

        assertThat(root.path("status").asText()).isEqualTo("BUILD_BROKEN");
        assertThat(root.path("buildLog").asText()).isEqualTo(log);
        assertThat(root.get("commit").isNull()).isTrue();
    }

    @Test
    void carriesNotesAndEndsWithANewline() throws IOException {
        RunResult r = RunResults.notFixedUnvalidated();

        String text = json.render(r);

        assertThat(text).endsWith("}\n");
        assertThat(mapper.readTree(text).path("notes").get(0).asText()).startsWith("time budget");
    }

    @Test
    void carriesAnErrorWithTheVerdictsReachedBeforeIt() throws IOException {
        JsonNode root = parse(RunResults.errorDuringValidation());

        assertThat(root.path("status").asText()).isEqualTo("ERROR");
        assertThat(root.path("error").path("kind").asText()).isEqualTo("ENVIRONMENT");
        assertThat(root.path("error").path("stage").asText()).isEqualTo("validate");
        assertThat(root.path("candidates").get(0).path("validation").path("verdict").asText()).isEqualTo("TESTS_FAIL");
        assertThat(root.path("candidates").get(1).get("validation").isNull()).isTrue();
        assertThat(root.path("stages").get(2).path("status").asText()).isEqualTo("FAILED");
    }

    @Test
    void carriesTokensCostAndAttemptsAsNumbers() throws IOException {
        JsonNode root = parse(RunResults.fixedByModel());

        assertThat(root.path("model").asText()).isEqualTo("openai:gpt-4o");
        assertThat(root.path("tokens").path("input").asLong()).isEqualTo(4200);
        assertThat(root.path("tokens").path("output").asLong()).isEqualTo(1100);
        assertThat(root.path("costUsd").asDouble()).isCloseTo(0.0215, org.assertj.core.data.Offset.offset(1e-9));
        JsonNode patch = root.path("stages").get(2).path("model");
        assertThat(patch.path("attempts").asInt()).isEqualTo(2);
        assertThat(patch.path("parsedOn").asInt()).isEqualTo(2);
        assertThat(patch.path("parseErrors").get(0).asText()).contains("no JSON");
        assertThat(root.path("origin").path("pullRequest").asInt()).isEqualTo(7);
        assertThat(root.path("notes")).isEmpty();
    }

    /** The cost model: T_suite once per run, and per candidate where its validation's time went. */
    @Test
    void writesTSuiteAndEachCandidatesApplyBuildScreenAndFullRunTimes() throws IOException {
        JsonNode root = parse(RunResults.fixedWithCosts());

        assertThat(root.path("suiteMillis").asLong()).isEqualTo(9000);
        JsonNode screened = root.path("candidates").get(0).path("validation").path("phasesMillis");
        assertThat(screened.path("apply").asLong()).isEqualTo(30);
        assertThat(screened.path("build").asLong()).isEqualTo(120);
        assertThat(screened.path("screen").asLong()).isEqualTo(350);
        assertThat(screened.get("fullRun").isNull()).isTrue();
        JsonNode valid = root.path("candidates").get(1).path("validation").path("phasesMillis");
        assertThat(valid.path("fullRun").asLong()).isEqualTo(9400);
        assertThat(parse(RunResults.fixed()).get("suiteMillis").isNull()).isTrue();
    }

    /** Records written before T_suite and the build phase were recorded still read. */
    @Test
    void readsARecordWrittenWithoutTheCostModel() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode root = (com.fasterxml.jackson.databind.node.ObjectNode)
                parse(RunResults.fixedWithCosts());
        root.remove("suiteMillis");
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.path("candidates").get(0).path("validation")
                .path("phasesMillis")).remove("build");

        RunResult read = new RunRecordReader().read(mapper.writeValueAsString(root), "old.json");

        assertThat(read.suiteTime()).isEmpty();
        assertThat(read.candidates().get(0).validation().orElseThrow().phases().build()).isEmpty();
        assertThat(read.candidates().get(0).validation().orElseThrow().phases().screen()).isPresent();
    }

    @ParameterizedTest
    @MethodSource("everyKindOfRun")
    void everyKindOfRunMatchesTheSchemaAndReadsBackAsTheSameRecord(RunResult r) throws IOException {
        String text = json.render(r);

        assertThat(new ReportSchema().problems(mapper.readTree(text))).isEmpty();
        assertThat(new RunRecordReader().read(text, "report.json")).isEqualTo(r);
    }

    static java.util.stream.Stream<RunResult> everyKindOfRun() {
        return java.util.stream.Stream.of(RunResults.fixed(), RunResults.notFixed(), RunResults.notFixedUnvalidated(),
                RunResults.testsPass(), RunResults.buildBroken("[ERROR] x"), RunResults.errorDuringValidation(),
                RunResults.cancelledInBaseline(), RunResults.fixedByModel(), RunResults.fixedWithCosts(),
                RunResults.fixedAmongAlternativesProbed(new dev.repofix.validate.BehaviourComparison.Differs("f([])",
                        "returns 0", "throws IndexError", 2)),
                RunResults.fixedAmongAlternativesProbed(new dev.repofix.validate.BehaviourComparison.NoDifference(40)),
                RunResults.fixedAmongAlternativesProbed(new dev.repofix.validate.BehaviourComparison.NotCompared("why")));
    }

    @Test
    void writesWhereAProbedAlternativeDiffersFromTheFix() throws IOException {
        JsonNode c3 = parse(RunResults.fixedAmongAlternativesProbed(new dev.repofix.validate.BehaviourComparison.Differs(
                "f([])", "returns 0", "throws IndexError", 2))).path("candidates").get(2);

        assertThat(c3.path("id").asText()).isEqualTo("c3");
        assertThat(c3.path("behaviour").path("result").asText()).isEqualTo("differs");
        assertThat(c3.path("behaviour").path("call").asText()).isEqualTo("f([])");
        assertThat(c3.path("behaviour").path("fix").asText()).isEqualTo("returns 0");
        assertThat(c3.path("behaviour").path("alternative").asText()).isEqualTo("throws IndexError");
        assertThat(c3.path("behaviour").path("tried").asInt()).isEqualTo(2);
        assertThat(parse(RunResults.fixedAmongAlternatives()).path("candidates").get(2).has("behaviour")).isFalse();
    }

    @Test
    void refusesADocumentThatDoesNotMatchTheSchema() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode root =
                (com.fasterxml.jackson.databind.node.ObjectNode) parse(RunResults.fixed());
        root.put("status", "PWNED");
        root.remove("runId");

        assertThatThrownBy(() -> new RunRecordReader().read(root.toString(), "saved.json"))
                .hasMessageContaining("saved.json").hasMessageContaining("does not match docs/report.schema.json")
                .hasMessageContaining("runId").hasMessageContaining("status");
    }

    @Test
    void refusesAnErrorStatusWithoutItsError() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode root =
                (com.fasterxml.jackson.databind.node.ObjectNode) parse(RunResults.notFixed());
        root.put("status", "ERROR");

        assertThatThrownBy(() -> new RunRecordReader().read(root.toString(), "r.json"))
                .hasMessageContaining("does not match");
    }

    @Test
    void refusesAFixThatIsNoCandidateAndAnOlderSchema() throws IOException {
        com.fasterxml.jackson.databind.node.ObjectNode root =
                (com.fasterxml.jackson.databind.node.ObjectNode) parse(RunResults.fixed());
        root.put("fix", "c99");
        assertThatThrownBy(() -> new RunRecordReader().read(root.toString(), "r.json"))
                .hasMessageContaining("do not hold together").hasMessageContaining("c99");

        root.put("schema", "repofix.run/1");
        assertThatThrownBy(() -> new RunRecordReader().read(root.toString(), "r.json"))
                .hasMessageContaining("repofix.run/1");
        assertThatThrownBy(() -> new RunRecordReader().read("{\"schema\": ", "r.json"))
                .hasMessageContaining("not JSON");
    }

    private JsonNode parse(RunResult r) throws IOException {
        return mapper.readTree(json.render(r));
    }
}
