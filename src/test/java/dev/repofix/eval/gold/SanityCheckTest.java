package dev.repofix.eval.gold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.cases.ReferencePatch;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.Results;
import dev.repofix.validate.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SanityCheckTest {
    @TempDir
    Path temp;

    private static CaseResult gold(String id, int sample, boolean fixed) {
        Results r = Results.scored();
        r.caseId = id;
        r.sample = OptionalInt.of(sample);
        if (fixed) {
            r.fixedWith(Results.FIX);
        } else {
            r.candidates = List.of(Results.candidate("gold", Results.FIX, Verdict.TESTS_FAIL));
        }
        return r.build();
    }

    private static CaseResult empty(String id, boolean fixed) {
        Results r = Results.scored();
        r.caseId = id;
        if (fixed) {
            r.fixedWith("");
        }
        return r.build();
    }

    private static CaseResult error(String id) {
        Results r = Results.scored();
        r.caseId = id;
        r.status = ResultStatus.ERROR;
        r.withRecord = false;
        r.error = Optional.of("docker: no space left on device");
        return r.build();
    }

    private static List<EvalCase> cases(String... ids) {
        return java.util.Arrays.stream(ids).map(SanityCheckTest::kase).toList();
    }

    private static EvalCase kase(String id) {
        return new EvalCase(id, "repo", "abc", Optional.empty(), "java", List.of("acme.CalcTest#add"), List.of(),
                new ReferenceIssue("t", "d"), Optional.empty(), new ReferencePatch(Results.FIX, ""), Optional.empty(),
                Optional.empty(), List.of(), Optional.empty(), List.of(), List.of(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    @Test
    void goldMustPassEveryRunAndTheEmptyPatchMustNot() {
        List<SanityCheck.Verdict> verdicts = SanityCheck.judge(cases("ok", "flaky", "broken", "vacuous", "error"),
                List.of(gold("ok", 1, true), gold("ok", 2, true), gold("ok", 3, true),
                        gold("flaky", 1, true), gold("flaky", 2, false), gold("flaky", 3, true),
                        gold("broken", 1, false), gold("broken", 2, false), gold("broken", 3, false),
                        gold("vacuous", 1, true), gold("vacuous", 2, true), gold("vacuous", 3, true),
                        gold("error", 1, true), error("error")),
                List.of(empty("ok", false), empty("flaky", false), empty("broken", false), empty("vacuous", true),
                        empty("error", false)));

        assertThat(verdicts).extracting(v -> v.caseId() + " " + v.status()).containsExactly("ok OK", "flaky FLAKY",
                "broken BROKEN", "vacuous BROKEN", "error ERROR");
        assertThat(verdicts.get(1).reason()).isEqualTo("the reference patch passed 2 of 3 runs: FIXED, NOT_FIXED, FIXED");
        assertThat(verdicts.get(2).reason()).startsWith("the reference patch does not pass: TESTS_FAIL");
        assertThat(verdicts.get(3).reason()).contains("the empty patch passes too");
        assertThat(verdicts.get(4).reason()).contains("no space left on device");
    }

    @Test
    void writesVerdictsThatARunReadsBackAsTheCasesToLeaveOut() {
        Path file = temp.resolve("sanity.json");
        SanityCheck.write(file, List.of(new SanityCheck.Verdict("a", SanityCheck.Status.OK, ""),
                new SanityCheck.Verdict("b", SanityCheck.Status.BROKEN, "gold fails"),
                new SanityCheck.Verdict("c", SanityCheck.Status.FLAKY, "2 of 3")));

        assertThat(SanityCheck.read(file)).containsOnlyKeys("b", "c");
        assertThat(SanityCheck.read(file).get("b").reason()).isEqualTo("gold fails");
    }

    @Test
    void aFileThatIsNoSanityFileIsAnInputErrorSayingWhichToGive() throws Exception {
        Path file = Files.writeString(temp.resolve("report.json"), "{\"schema\":\"repofix.run/2\"}");

        assertThatThrownBy(() -> SanityCheck.read(file)).isInstanceOf(RepofixException.class)
                .hasMessageContaining("is not a sanity.json").hasMessageContaining("eval check --run");
    }
}
