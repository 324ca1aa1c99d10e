package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verdict from a baseline and the run with the patch: {@link PatchValidator#compare}. */
class PatchValidatorTest {
    private static final Duration ELAPSED = Duration.ofSeconds(4);
    private static final Baseline BASELINE = Baseline.of(run(
            failed("AccountTest#withdrawAll"), errored("AccountTest#overdraft"),
            passed("AccountTest#deposit"), passed("LedgerTest#sums"), skipped("LedgerTest#slow")));

    @Test
    void isValidWhenEveryTargetPassesAndEveryPassingTestStillPasses() {
        Validation v = compare(
                targetsPassAnd(passed("AccountTest#deposit"), passed("LedgerTest#sums"), skipped("LedgerTest#slow")));

        assertThat(v).isEqualTo(new Validation("c1", Verdict.VALID,
                List.of("AccountTest#withdrawAll", "AccountTest#overdraft"), List.of(), List.of(), "", ELAPSED));
    }

    @Test
    void failsWhenOneTargetStillFails() {
        Validation v = compare(run(passed("AccountTest#withdrawAll"), failed("AccountTest#overdraft"),
                passed("AccountTest#deposit"), passed("LedgerTest#sums")));

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.fixed()).containsExactly("AccountTest#withdrawAll");
        assertThat(v.stillFailing()).containsExactly("AccountTest#overdraft");
        assertThat(v.broken()).isEmpty();
        assertThat(v.detail()).isEqualTo("1 target test(s) still fail: AccountTest#overdraft");
    }

    @Test
    void aTargetThatIsSkippedOrMissingIsNotFixed() {
        Validation v = compare(run(skipped("AccountTest#withdrawAll"), passed("AccountTest#deposit"),
                passed("LedgerTest#sums")));

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.stillFailing()).containsExactly("AccountTest#withdrawAll", "AccountTest#overdraft");
    }

    @Test
    void failsWhenAPassingTestBreaks() {
        Validation v = compare(targetsPassAnd(errored("AccountTest#deposit"), passed("LedgerTest#sums")));

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.stillFailing()).isEmpty();
        assertThat(v.broken()).containsExactly("AccountTest#deposit");
        assertThat(v.detail()).isEqualTo("1 passing test(s) broke: AccountTest#deposit");
    }

    @Test
    void failsWhenAPassingTestDisappears() {
        Validation v = compare(targetsPassAnd(passed("AccountTest#deposit")));

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.broken()).containsExactly("LedgerTest#sums");
    }

    @Test
    void aPassingTestSkippedAfterThePatchIsBroken() {
        Validation v = compare(targetsPassAnd(skipped("AccountTest#deposit"), passed("LedgerTest#sums")));

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.broken()).containsExactly("AccountTest#deposit");
        assertThat(v.detail()).isEqualTo("1 passing test(s) broke: AccountTest#deposit (skipped)");
    }

    @Test
    void aBaselineSkippedTestMayFailOrVanish() {
        Validation v = compare(targetsPassAnd(passed("AccountTest#deposit"), passed("LedgerTest#sums"),
                failed("LedgerTest#slow"), failed("NewTest#added")));

        assertThat(v.verdict()).isEqualTo(Verdict.VALID);
    }

    @Test
    void aRerunThatFailsOnceCountsAsFailing() {
        Validation v = compare(
                targetsPassAnd(passed("AccountTest#deposit"), failed("AccountTest#deposit"), passed("LedgerTest#sums")));

        assertThat(v.broken()).containsExactly("AccountTest#deposit");
    }

    @Test
    void describesBothProblemsAndCutsLongListsAfterThree() {
        List<TestResult> before = new ArrayList<>();
        List<TestResult> after = new ArrayList<>();
        for (int i = 1; i <= 5; i++) {
            before.add(failed("T#target" + i));
            after.add(failed("T#target" + i));
            before.add(passed("T#kept" + i));
        }
        Baseline baseline = Baseline.of(new TestRun(before));

        Validation v = PatchValidator.compare("c9", baseline, new TestRun(after), ELAPSED);

        assertThat(v.candidateId()).isEqualTo("c9");
        assertThat(v.elapsed()).isEqualTo(ELAPSED);
        assertThat(v.detail()).isEqualTo("5 target test(s) still fail: T#target1, T#target2, T#target3, ...; "
                + "5 passing test(s) broke: T#kept1, T#kept2, T#kept3, ...");
    }

    @Test
    void originalTestsThatNoLongerBuildWithTheirOwnTestsPassingIsAChangedApiNotTampering() {
        Validation a = Validation.of("c1", Verdict.BUILD_FAILED,
                "AccountTest.java:[12,9] cannot find symbol: method withdrawAll()", ELAPSED);
        Validation b = new Validation("c1", Verdict.VALID, List.of(), List.of(), List.of(), "", ELAPSED);

        Validation v = PatchValidator.combine(a, b);

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_CHANGED_API);
        assertThat(v.detail()).startsWith("changes an API with its tests")
                .endsWith("cannot find symbol: method withdrawAll()");
    }

    @Test
    void originalTestsThatRunAndFailWithTheirOwnTestsPassingIsTampering() {
        Validation a = compare(run(failed("AccountTest#withdrawAll"), passed("AccountTest#overdraft"),
                passed("AccountTest#deposit"), passed("LedgerTest#sums")));
        Validation b = new Validation("c1", Verdict.VALID, List.of(), List.of(), List.of(), "", ELAPSED);

        assertThat(PatchValidator.combine(a, b).verdict()).isEqualTo(Verdict.TESTS_TAMPERED);
    }

    @Test
    void aRunWithFailuresCountedAndNotKeptIsNeverValid() {
        List<TestResult> all = new ArrayList<>(List.of(passed("AccountTest#withdrawAll"), passed("AccountTest#overdraft"),
                passed("AccountTest#deposit"), passed("LedgerTest#sums")));
        TestRun after = new TestRun(all, 2_000, 0);

        Validation v = compare(after);

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.detail()).contains("2000 more failing test(s) not kept");
    }

    @Test
    void whenTheBaselineDidNotKeepAllItsFailuresAnyOtherFailureNowCountsAsBroken() {
        TestRun before = new TestRun(List.of(failed("T#kept"), passed("T#passes")), 5, 0);
        Baseline baseline = Baseline.of(before);

        Validation v = PatchValidator.compare("c1", baseline,
                run(passed("T#kept"), passed("T#passes"), failed("T#oneOfTheFiveNotKept")), ELAPSED);

        assertThat(v.verdict()).isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.broken()).containsExactly("T#oneOfTheFiveNotKept");
    }

    @Test
    void aPassingTestMissingFromARunThatDidNotKeepAllItsPassingTestsIsNotBroken() {
        TestRun after = new TestRun(List.of(passed("AccountTest#withdrawAll"), passed("AccountTest#overdraft"),
                passed("AccountTest#deposit")), 0, 1);

        assertThat(compare(after).verdict()).isEqualTo(Verdict.VALID);
    }

    private static Validation compare(TestRun after) {
        return PatchValidator.compare("c1", BASELINE, after, ELAPSED);
    }

    /** A run in which both baseline targets pass, plus {@code others}. */
    private static TestRun targetsPassAnd(TestResult... others) {
        List<TestResult> all = new ArrayList<>(
                List.of(passed("AccountTest#withdrawAll"), passed("AccountTest#overdraft")));
        all.addAll(List.of(others));
        return new TestRun(all);
    }

    private static TestRun run(TestResult... results) {
        return new TestRun(List.of(results));
    }

    private static TestResult passed(String id) {
        return TestResult.passed(id);
    }

    private static TestResult failed(String id) {
        return new TestResult(id, TestStatus.FAILED, "expected: <1> but was: <2>", "", List.of());
    }

    private static TestResult errored(String id) {
        return new TestResult(id, TestStatus.ERRORED, "boom", "", List.of());
    }

    private static TestResult skipped(String id) {
        return new TestResult(id, TestStatus.SKIPPED, "", "", List.of());
    }
}
