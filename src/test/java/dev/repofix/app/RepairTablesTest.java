package dev.repofix.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.cases.ReferencePatch;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.Results;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RepairTablesTest {
    private static EvalCase kase(String id, String language, String operator) {
        return new EvalCase(id, "repo", "abc", Optional.empty(), language, List.of("acme.CalcTest#add"), List.of(),
                new ReferenceIssue("t", "d"), Optional.empty(), new ReferencePatch(Results.FIX, ""), Optional.empty(),
                Optional.empty(), List.of(), Optional.empty(), List.of("injected", operator), List.of(),
                Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static CaseResult result(String id, Results r) {
        r.caseId = id;
        return r.build();
    }

    @Test
    void countsScoredCasesPerOperatorLanguageAndFamilyAndTheOthersApart() {
        List<EvalCase> cases = List.of(kase("a", "java", "relational-op"), kase("b", "python", "boolean-literal"),
                kase("c", "java", "relational-op"), kase("d", "java", "relational-op"));
        Results error = Results.scored();
        error.status = ResultStatus.ERROR;
        error.withRecord = false;
        error.error = Optional.of("boom");
        List<CaseResult> results = List.of(result("a", Results.scored().fixedWith(Results.FIX)),
                result("b", Results.scored()), result("c", Results.scored()), result("d", error));

        RepairTables tables = RepairTables.of(results, cases);

        assertThat(tables.byOperator()).extracting(RepairTables.Row::operator, RepairTables.Row::inTemplates,
                r -> r.counts().cases(), r -> r.counts().fixed()).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("relational-op", "yes", 2, 1L),
                        org.assertj.core.groups.Tuple.tuple("boolean-literal", "no", 1, 0L));
        assertThat(tables.all().cases()).isEqualTo(3);
        assertThat(tables.all().referenceEqual()).isEqualTo(1);
        assertThat(tables.all().secondsPerBug()).isEqualTo(5.0);
        assertThat(tables.apart()).isEqualTo(1);
        assertThat(tables.byLanguageAndOperator()).containsOnlyKeys("java relational-op", "python boolean-literal");
        assertThat(tables.byFamily().keySet()).containsExactly("(not fixed)", "llm");
        assertThat(tables.byFamily().get("llm").fixed()).isEqualTo(1);
    }

    @Test
    void countsABugWrittenByHandUnderTheFamilyItStandsFor() {
        List<EvalCase> cases = List.of(kase("a", "java", "family:insert-statement"),
                kase("b", "java", "relational-op"));
        List<CaseResult> results = List.of(result("a", Results.scored().fixedWith(Results.FIX)),
                result("b", Results.scored()));

        RepairTables tables = RepairTables.of(results, cases);

        assertThat(tables.byOperator()).extracting(RepairTables.Row::operator, RepairTables.Row::inTemplates,
                r -> r.counts().fixed()).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("insert-statement", "by hand", 1L),
                        org.assertj.core.groups.Tuple.tuple("relational-op", "yes", 0L));
    }
}
