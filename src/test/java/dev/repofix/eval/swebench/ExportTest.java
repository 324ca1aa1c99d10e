package dev.repofix.eval.swebench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.Results;
import dev.repofix.validate.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ExportTest {
    @Test
    void oneLinePerCaseWithTheFixOrTheFirstAppliedCandidateOrNothing() throws Exception {
        Results fixed = Results.scored().fixedWith(Results.FIX);
        fixed.caseId = "acme__calc-1";
        Results applied = Results.scored();
        applied.caseId = "acme__calc-2";
        applied.candidates = List.of(Results.candidate("c1", "not applied", Verdict.NOT_APPLIED),
                Results.candidate("c2", Results.OTHER, Verdict.TESTS_FAIL),
                Results.candidate("c3", "later", Verdict.BUILD_FAILED));
        Results nothing = Results.scored();
        nothing.caseId = "acme__calc-3";
        nothing.candidates = List.of(Results.candidate("c1", "not applied", Verdict.NOT_APPLIED));
        Results error = Results.scored();
        error.caseId = "acme__calc-4";
        error.status = ResultStatus.ERROR;
        error.withRecord = false;
        error.error = Optional.of("disk full");

        String jsonl = SwebenchExport.render(List.of(nothing.build(), fixed.build(), applied.build(), error.build()),
                Optional.empty(), OptionalInt.empty());

        List<JsonNode> lines = new ArrayList<>();
        for (String l : jsonl.split("\n")) {
            lines.add(new ObjectMapper().readTree(l));
        }
        assertThat(lines).extracting(n -> n.path("instance_id").asText())
                .containsExactly("acme__calc-1", "acme__calc-2", "acme__calc-3", "acme__calc-4");
        assertThat(lines.get(0).path("model_patch").asText()).isEqualTo(Results.FIX);
        assertThat(lines.get(1).path("model_patch").asText()).isEqualTo(Results.OTHER);
        assertThat(lines.get(2).path("model_patch").asText()).isEmpty();
        assertThat(lines.get(3).path("model_patch").asText()).isEmpty();
        assertThat(lines).allSatisfy(n -> {
            assertThat(n.path("model_name_or_path").asText()).isEqualTo("openai:gpt-test");
            assertThat(n.size()).isEqualTo(4);
        });
        assertThat(lines).extracting(n -> n.path(SwebenchExport.PROVEN).asBoolean())
                .containsExactly(true, false, false, false);
    }

    @Test
    void onlyValidLeavesOutEveryCaseWhosePatchRepofixSawFail() throws Exception {
        Results fixed = Results.scored().fixedWith(Results.FIX);
        fixed.caseId = "acme__calc-1";
        Results failed = Results.scored();
        failed.caseId = "acme__calc-2";
        failed.candidates = List.of(Results.candidate("c1", Results.OTHER, Verdict.TESTS_FAIL));
        Results flaky = Results.scored().fixedWith(Results.FIX);
        flaky.caseId = "acme__calc-3";
        flaky.status = ResultStatus.FLAKY;
        flaky.error = Optional.of("test_add passed once and failed once");
        List<CaseResult> all = List.of(fixed.build(), failed.build(), flaky.build());

        SwebenchExport.Rendered onlyValid = SwebenchExport.render(all, Optional.empty(), OptionalInt.empty(), true);

        assertThat(onlyValid.jsonl().lines().toList()).hasSize(1);
        JsonNode line = new ObjectMapper().readTree(onlyValid.jsonl().lines().findFirst().orElseThrow());
        assertThat(line.path("instance_id").asText()).isEqualTo("acme__calc-1");
        assertThat(line.path("model_patch").asText()).isEqualTo(Results.FIX);
        assertThat(line.path(SwebenchExport.PROVEN).isBoolean()).isTrue();
        assertThat(line.path(SwebenchExport.PROVEN).asBoolean()).isTrue();
        assertThat(onlyValid.written()).isEqualTo(new SwebenchExport.Written(1, 2));
        // Without the flag the failed patch is there, marked unproven: a user can still tell it apart.
        String all3 = SwebenchExport.render(all, Optional.empty(), OptionalInt.empty());
        assertThat(all3.lines().map(l -> l.contains("\"" + SwebenchExport.PROVEN + "\":false")).toList())
                .containsExactly(false, true, true);
    }

    @Test
    void refusesACaseWithSeveralResultsUnlessOneIsChosen() {
        Results origin = Results.scored();
        origin.setting = Optional.of("origin");
        Results oracle = Results.scored().fixedWith(Results.FIX);
        oracle.setting = Optional.of("oracle");
        List<CaseResult> both = List.of(origin.build(), oracle.build());

        assertThatThrownBy(() -> SwebenchExport.render(both, Optional.empty(), OptionalInt.empty()))
                .isInstanceOf(RepofixException.class)
                .hasMessageContaining("case calc-1 has 2 results (calc-1.origin, calc-1.oracle)")
                .hasMessageContaining("--setting");
        assertThat(SwebenchExport.render(both, Optional.of("oracle"), OptionalInt.empty()))
                .contains("\"model_patch\":\"diff --git");
    }

    @Test
    void unsupportedFormatListsTheSupportedOnes() {
        assertThat(ExportFormat.parse("SWEBench")).isEqualTo(ExportFormat.SWEBENCH);
        assertThatThrownBy(() -> ExportFormat.parse("defects4j")).isInstanceOf(RepofixException.class)
                .hasMessage("unsupported export format 'defects4j'; supported: swebench");
    }
}
