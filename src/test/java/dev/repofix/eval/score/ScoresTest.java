package dev.repofix.eval.score;

import static dev.repofix.eval.result.Results.CALC;
import static dev.repofix.eval.result.Results.UTIL;
import static dev.repofix.eval.result.Results.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.IssueScore;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.Results;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.validate.Verdict;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScoresTest {
    @Test
    void precisionRecallAndF1OverFileLineSets() {
        Results r = Results.scored().predicting(at(CALC, 11), at(UTIL, 3), at(CALC, 40));
        r.reference = List.of(at(CALC, 11), at(CALC, 12));

        CaseScores s = Scores.of(r.build());

        // 1 of 3 predicted lines is a reference line, 1 of 2 reference lines is predicted:
        // P = 1/3, R = 1/2, F1 = 2 (1/6) / (5/6) = 0.4.
        assertThat(s.truePositives()).isEqualTo(1);
        assertThat(s.precision()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(s.recall()).isCloseTo(0.5, within(1e-12));
        assertThat(s.f1()).isCloseTo(0.4, within(1e-12));
        assertThat(s.loads()).isTrue();
        assertThat(s.fileHit()).isTrue();
        assertThat(s.top1()).isTrue();
        assertThat(s.top5()).isTrue();
    }

    @Test
    void duplicatePredictedLinesCountOnceAtTheirFirstRank() {
        Results r = Results.scored().predicting(at(CALC, 40), at(CALC, 40), at(CALC, 11), at(CALC, 11));

        CaseScores s = Scores.of(r.build());

        assertThat(s.predicted()).containsExactly(at(CALC, 40), at(CALC, 11));
        assertThat(s.precision()).isEqualTo(0.5);
        assertThat(s.recall()).isEqualTo(1.0);
        assertThat(s.f1()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(s.top1()).isFalse();
        assertThat(s.top5()).isTrue();
    }

    @Test
    void noPredictionScoresPrecisionAndRecallZero() {
        CaseScores s = Scores.of(Results.scored().build());

        assertThat(s.loads()).as("an empty answer still parsed").isTrue();
        assertThat(s.precision()).isZero();
        assertThat(s.recall()).isZero();
        assertThat(s.f1()).isZero();
        assertThat(s.fileHit()).isFalse();
        assertThat(s.top1()).isFalse();
        assertThat(s.top5()).isFalse();
    }

    @Test
    void localizationNotAskedOfTheModelDoesNotLoadThoughItsStageIsOk() {
        Results r = Results.scored().predicting(at(CALC, 11));
        r.notAsked = List.of("issue", "localize");

        CaseScores s = Scores.of(r.build());

        assertThat(s.loads()).as("the reference's locations are no answer of the model").isFalse();
        assertThat(Scores.notAsked(r.build().record().orElseThrow())).containsExactly("issue", "localize");
    }

    @Test
    void localizationThatNeverParsedDoesNotLoad() {
        Results r = Results.scored();
        r.localizes = false;

        CaseScores s = Scores.of(r.build());

        assertThat(s.loads()).isFalse();
        assertThat(s.predicted()).isEmpty();
        assertThat(s.applied()).isFalse();
        assertThat(s.passed()).isFalse();
    }

    @Test
    void aHitAtRankSixIsNoTopFiveHit() {
        Results r = Results.scored().predicting(at(CALC, 1), at(CALC, 2), at(CALC, 3), at(CALC, 4), at(CALC, 5),
                at(CALC, 11));

        CaseScores s = Scores.of(r.build());

        assertThat(s.top5()).isFalse();
        assertThat(s.truePositives()).isEqualTo(1);
        assertThat(s.precision()).isCloseTo(1.0 / 6, within(1e-12));
    }

    @Test
    void pureAdditionIsLocalizedByTheLinesAroundTheInsertion() {
        // The reference patch inserts a line after line 20: its reference lines are 20 and 21.
        Results r = Results.scored().predicting(at(CALC, 21), at(CALC, 30));
        r.reference = List.of(at(CALC, 20), at(CALC, 21));

        CaseScores s = Scores.of(r.build());

        assertThat(s.precision()).isEqualTo(0.5);
        assertThat(s.recall()).isEqualTo(0.5);
        assertThat(s.top1()).isTrue();
    }

    @Test
    void multiFileReferenceCountsLinesOfEveryFileAndAFileHitOnAnyOfThem() {
        Results r = Results.scored().predicting(at(UTIL, 5), at(UTIL, 6));
        r.reference = List.of(at(CALC, 11), at(UTIL, 5));

        CaseScores s = Scores.of(r.build());

        assertThat(s.precision()).isEqualTo(0.5);
        assertThat(s.recall()).isEqualTo(0.5);
        assertThat(s.f1()).isEqualTo(0.5);
        assertThat(s.fileHit()).isTrue();
    }

    @Test
    void microFiguresSumTruePositivesOverCases() {
        Results a = Results.scored().predicting(at(CALC, 11), at(UTIL, 3), at(CALC, 40));
        a.reference = List.of(at(CALC, 11), at(CALC, 12));
        Results b = Results.scored().predicting(at(UTIL, 5), at(UTIL, 6));
        b.caseId = "calc-2";
        b.reference = List.of(at(CALC, 11), at(UTIL, 5));

        Aggregate all = Aggregates.summarize(List.of(a.build(), b.build())).settings().get(0).overall();

        // tp 1 + 1 over 3 + 2 predicted and 2 + 2 reference lines: P = 0.4, R = 0.5, F1 = 0.4/0.9.
        assertThat(all.microPrecision()).isCloseTo(0.4, within(1e-12));
        assertThat(all.microRecall()).isCloseTo(0.5, within(1e-12));
        assertThat(all.microF1()).isCloseTo(0.4 / 0.9, within(1e-12));
        // per case F1 0.4 and 0.5
        assertThat(all.meanF1()).isCloseTo(0.45, within(1e-12));
    }

    @Test
    void causeLineCountsAsHitAtAnyRankAndEffectIsUnmeasuredWhereTheCaseHasNone() {
        Results r = Results.scored().predicting(at(CALC, 1), at(CALC, 2), at(CALC, 3), at(CALC, 4), at(CALC, 5),
                at(CALC, 6), at(CALC, 11));
        r.cause = Optional.of(at(CALC, 11));

        CaseScores s = Scores.of(r.build());

        assertThat(s.causeHit()).contains(true);
        assertThat(s.effectHit()).isEmpty();
    }

    @Test
    void effectLineMissedWhenNotPredicted() {
        Results r = Results.scored().predicting(at(CALC, 11));
        r.effect = Optional.of(at("src/test/java/acme/CalcTest.java", 9));

        assertThat(Scores.of(r.build()).effectHit()).contains(false);
    }

    @Test
    void applyIsAnyVerdictButNotAppliedAndPassIsAFixedRun() {
        Results none = Results.scored();
        none.candidates = List.of(Results.candidate("c1", Results.OTHER, Verdict.NOT_APPLIED));
        Results failing = Results.scored();
        failing.candidates = List.of(Results.candidate("c1", Results.OTHER, Verdict.NOT_APPLIED),
                Results.candidate("c2", Results.OTHER, Verdict.TESTS_FAIL));
        Results fixed = Results.scored().fixedWith(Results.FIX);

        assertThat(Scores.of(none.build()).applied()).isFalse();
        assertThat(Scores.of(failing.build()).applied()).isTrue();
        assertThat(Scores.of(failing.build()).passed()).isFalse();
        assertThat(Scores.of(fixed.build()).applied()).isTrue();
        assertThat(Scores.of(fixed.build()).passed()).isTrue();
    }

    @Test
    void fixEqualsReferenceDespiteIndentationHunkHeadersContextAndTestEdits() {
        String sameChange = """
                diff --git a/src/main/java/acme/Calc.java b/src/main/java/acme/Calc.java
                --- a/src/main/java/acme/Calc.java
                +++ b/src/main/java/acme/Calc.java
                @@ -9,5 +9,5 @@
                 class Calc {
                   int add(int a, int b) {
                -    return a - b;
                +    return a  +  b;
                   }
                 }
                diff --git a/src/test/java/acme/CalcTest.java b/src/test/java/acme/CalcTest.java
                --- a/src/test/java/acme/CalcTest.java
                +++ b/src/test/java/acme/CalcTest.java
                @@ -3,1 +3,1 @@
                -    assertEquals(1, 1);
                +    assertEquals(2, 2);
                """;

        CaseScores s = Scores.of(Results.scored().fixedWith(sameChange).build());

        assertThat(s.passed()).isTrue();
        assertThat(s.referenceEqual()).contains(true);
    }

    @Test
    void plausibleFixThatDiffersFromTheReferenceIsNotReferenceEqual() {
        String other = Results.FIX.replace("+        return a + b;", "+        return b + a;");

        CaseScores s = Scores.of(Results.scored().fixedWith(other).build());

        assertThat(s.passed()).isTrue();
        assertThat(s.referenceEqual()).contains(false);
    }

    @Test
    void fixMissingOneFileOfAMultiFileReferenceIsNotReferenceEqual() {
        Results r = Results.scored().fixedWith(Results.FIX);
        r.sourcePatch = Results.FIX + """
                diff --git a/src/main/java/acme/Util.java b/src/main/java/acme/Util.java
                --- a/src/main/java/acme/Util.java
                +++ b/src/main/java/acme/Util.java
                @@ -5,1 +5,1 @@
                -    static int zero = 1;
                +    static int zero = 0;
                """;

        assertThat(Scores.of(r.build()).referenceEqual()).contains(false);
    }

    @Test
    void referenceEqualityIsUnknownWithoutAReferencePatchOrWithoutAFix() {
        Results noReference = Results.scored().fixedWith(Results.FIX);
        noReference.sourcePatch = "";

        assertThat(Scores.of(noReference.build()).referenceEqual()).isEmpty();
        assertThat(Scores.of(Results.scored().build()).referenceEqual()).isEmpty();
    }

    @Test
    void costSumsTokensAndKnownPricesAndTimesEachStage() {
        CaseScores s = Scores.of(Results.scored().build());

        assertThat(s.inputTokens()).isEqualTo(450);
        assertThat(s.outputTokens()).isEqualTo(100);
        assertThat(s.costUsd()).contains(0.75);
        assertThat(s.stageMs().keySet()).containsExactly("baseline", "issue", "localize", "patch", "validate");
        assertThat(s.stageMs().values()).containsExactly(1000L, 200L, 300L, 400L, 2000L);
    }

    @Test
    void issueScoreIsCarriedFromTheJudge() {
        Results r = Results.scored();
        r.issueScore = Optional.of(new IssueScore(8, 7, 6, 7, 70, "judge-model", "v1"));

        assertThat(Scores.of(r.build()).issueScore()).hasValue(70.0);
    }

    @Test
    void anErroredCaseIsNotScoredButCountedApart() {
        Results error = Results.scored();
        error.caseId = "calc-err";
        error.status = ResultStatus.ERROR;
        error.withRecord = false;
        error.error = Optional.of("the Docker engine stopped answering");

        assertThatThrownBy(() -> Scores.of(error.build())).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("calc-err is ERROR");
        Summary summary = Aggregates.summarize(List.of(Results.scored().predicting(at(CALC, 11)).build(),
                error.build()));
        assertThat(summary.settings().get(0).overall().cases()).isEqualTo(1);
        assertThat(summary.excluded(ResultStatus.ERROR)).extracting(CaseResult::caseId).containsExactly("calc-err");
    }

    @Test
    void aFlakyCaseIsLeftOutOfTheScoresAndListed() {
        Results flaky = Results.scored();
        flaky.caseId = "calc-flaky";
        flaky.status = ResultStatus.FLAKY;
        flaky.runStatus = RunStatus.NOT_FIXED;
        Results fixed = Results.scored().fixedWith(Results.FIX);

        Summary summary = Aggregates.summarize(List.of(fixed.build(), flaky.build()));

        Aggregate all = summary.settings().get(0).overall();
        assertThat(all.cases()).isEqualTo(1);
        assertThat(all.pass()).isEqualTo(new Rate(1, 1));
        assertThat(summary.excluded(ResultStatus.FLAKY)).extracting(CaseResult::caseId).containsExactly("calc-flaky");
    }

    @Test
    void loadsAtKIsTheShareOfCasesWhereOneOfTheFirstKSamplesParses() {
        // case a: sample 1 fails to parse, sample 2 parses; case b: both fail; case c: sample 1 parses.
        Results a1 = sample("a", 1, false);
        Results a2 = sample("a", 2, true);
        Results b1 = sample("b", 1, false);
        Results b2 = sample("b", 2, false);
        Results c1 = sample("c", 1, true);

        SettingSummary s = Aggregates.summarize(List.of(a1.build(), a2.build(), b1.build(), b2.build(), c1.build()))
                .settings().get(0);

        assertThat(s.loadsAtK()).containsEntry(1, new Rate(1, 3)).containsEntry(2, new Rate(1, 2));
        assertThat(s.overall().loads()).isEqualTo(new Rate(2, 5));
    }

    private static Results sample(String id, int n, boolean loads) {
        Results r = Results.scored();
        r.caseId = id;
        r.sample = java.util.OptionalInt.of(n);
        r.localizes = loads;
        return r;
    }

    @Test
    void bugIdentificationReadsBothTheCaseAndStageOneThroughTheOneTaxonomy() {
        Results r = Results.scored();
        r.bugTypes = List.of("off-by-one", "Wrong Operator");
        r.saidBugType = "wrong_operator";
        assertThat(Scores.of(r.build()).bugTypeHit()).contains(true);

        r.saidBugType = "other: a typo";
        r.bugTypes = List.of("other: a typo");
        assertThat(Scores.of(r.build()).bugTypeHit()).as("'other' identifies nothing").contains(false);

        r.saidBugType = "condition";
        r.bugTypes = List.of("wrong operator");
        assertThat(Scores.of(r.build()).bugTypeHit()).contains(false);

        r.bugTypes = List.of();
        assertThat(Scores.of(r.build()).bugTypeHit()).as("a case without a type is not measured").isEmpty();
    }

    @Test
    void aMultiBugCaseIsLocalizedOnlyWhenEveryCauseLineIsPredicted() {
        Results r = Results.scored().predicting(at(CALC, 11), at(CALC, 40));
        r.cause = Optional.of(at(CALC, 11));
        r.reference = List.of(at(CALC, 11), at(CALC, 20));

        CaseScores one = Scores.of(r.build());
        CaseScores both = Scores.of(r.predicting(at(CALC, 20), at(CALC, 11)).build());
        r.cause = Optional.empty();
        CaseScores noCause = Scores.of(r.build());

        assertThat(one.causeHit()).contains(true);
        assertThat(one.allCausesHit()).contains(false);
        assertThat(both.allCausesHit()).contains(true);
        assertThat(noCause.allCausesHit()).isEmpty();
    }

    @Test
    void theReportSplitsCasesWithACauseIntoSingleAndMultiBugAndSingleAndMultiHop() {
        Results single = Results.scored().predicting(at(CALC, 11));
        single.caseId = "single";
        single.cause = Optional.of(at(CALC, 11));
        single.effect = Optional.of(at(CALC, 11));
        Results multi = Results.scored().predicting(at(CALC, 11), at(UTIL, 30));
        multi.caseId = "multi";
        multi.cause = Optional.of(at(CALC, 11));
        multi.effect = Optional.of(at(UTIL, 30));
        multi.reference = List.of(at(CALC, 11), at(CALC, 20));
        multi.saidBugType = "condition";
        Results mined = Results.scored();
        mined.caseId = "mined";

        Summary summary = Aggregates.summarize(List.of(single.build(), multi.build(), mined.build()));
        SettingSummary s = summary.settings().get(0);

        assertThat(s.byShape()).extracting(Aggregate::group)
                .containsExactly("single-bug", "multi-bug", "single-hop", "multi-hop");
        Aggregate multiBug = s.byShape().get(1);
        assertThat(multiBug.cases()).isEqualTo(1);
        assertThat(multiBug.allCauses().hits()).isZero();
        assertThat(multiBug.cause().hits()).isEqualTo(1);
        assertThat(multiBug.effect().hits()).as("its effect line is predicted").isEqualTo(1);
        assertThat(s.overall().bugType().hits()).isEqualTo(2);
        assertThat(s.overall().bugType().n()).isEqualTo(3);
        assertThat(s.overall().allCauses().n()).isEqualTo(2);
        String md = MarkdownSummary.render(summary);
        assertThat(md).containsPattern("\\| shape: multi-hop +\\| 1 ").contains("all causes").containsPattern("\\| BI +\\|");
    }
}
