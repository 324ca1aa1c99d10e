package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestStatus;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Run results of every status, built in code, for the renderers' tests. */
final class RunResults {
    static final Instant STARTED = Instant.parse("2025-03-04T05:06:07Z");
    static final String ACCOUNT = "src/main/java/com/acme/Account.java";
    static final String SOURCE = "https://example.org/acme/bank.git@main";
    static final String COMMIT = "0123456789abcdef0123456789abcdef01234567";
    static final String COMMAND = "mvn -B test";
    /** A fix whose context holds a Markdown fence, as a Java text block could. */
    static final String FIX_DIFF = """
            diff --git a/src/main/java/com/acme/Account.java b/src/main/java/com/acme/Account.java
            --- a/src/main/java/com/acme/Account.java
            +++ b/src/main/java/com/acme/Account.java
            @@ -4,3 +4,3 @@
                 String fence = "```";
            -    if (amount >= balance) {
            +    if (amount > balance) {
                     throw new IllegalStateException();
            """;
    static final String OTHER_DIFF = """
            diff --git a/src/main/java/com/acme/Account.java b/src/main/java/com/acme/Account.java
            --- a/src/main/java/com/acme/Account.java
            +++ b/src/main/java/com/acme/Account.java
            @@ -5,1 +5,1 @@
            -    if (amount >= balance) {
            +    if (amount < balance) {
            """;

    static final TestResult WITHDRAW_ALL = new TestResult("com.acme.AccountTest#withdrawAll", TestStatus.ERRORED,
            "funds", "java.lang.IllegalStateException: funds\n\tat com.acme.Account.withdraw(Account.java:6)\n",
            List.of(new StackFrame(ACCOUNT, 6, "withdraw")));
    static final TestResult CLOSE_TO_ZERO = new TestResult("com.acme.AccountTest#closeToZero", TestStatus.FAILED,
            "expected: <0> but was: <1>", "", List.of());

    static final PatchCandidate RELATIONAL_LT = new PatchCandidate("c1", "relational-op", ACCOUNT, 5,
            "`>=` -> `<`", OTHER_DIFF);
    static final PatchCandidate RELATIONAL_GT = new PatchCandidate("c2", "relational-op", ACCOUNT, 5,
            "`>=` -> `>`", FIX_DIFF);
    static final PatchCandidate NEGATED = new PatchCandidate("c3", "negate-condition", ACCOUNT, 5,
            "negated the condition", OTHER_DIFF.replace("amount < balance", "!(amount >= balance)"));

    private RunResults() {}

    static RunResult fixed() {
        Validation failed = new Validation("c1", Verdict.TESTS_FAIL, List.of(), List.of(WITHDRAW_ALL.id()),
                List.of("com.acme.AccountTest#deposit"), "1 passing test(s) broke: a | b", Duration.ofMillis(1500));
        Validation valid = new Validation("c2", Verdict.VALID, List.of(WITHDRAW_ALL.id(), CLOSE_TO_ZERO.id()),
                List.of(), List.of(), "", Duration.ofMillis(2500));
        return result(RunStatus.FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT, NEGATED), List.of(failed, valid),
                Optional.of(RELATIONAL_GT));
    }

    static RunResult notFixed() {
        Validation failed = new Validation("c1", Verdict.TESTS_FAIL, List.of(CLOSE_TO_ZERO.id()),
                List.of(WITHDRAW_ALL.id()), List.of(), "1 target test(s) still fail: `withdrawAll` | again",
                Duration.ofMillis(900));
        Validation broken = new Validation("c2", Verdict.BUILD_FAILED, List.of(), List.of(), List.of(),
                "Account.java:[5,9] cannot find symbol", Duration.ofSeconds(65));
        return result(RunStatus.NOT_FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT), List.of(failed, broken),
                Optional.empty());
    }

    /** Candidates were made, but the time budget ran out before the first was validated. */
    static RunResult notFixedUnvalidated() {
        RunResult r = result(RunStatus.NOT_FIXED, List.of(RELATIONAL_LT, RELATIONAL_GT), List.of(), Optional.empty());
        return copy(r, r.issue(), r.localization(), "", List.of("time budget (--timeout 1m00s) ran out after 0 of 2 "
                + "candidates"));
    }

    static RunResult testsPass() {
        return new RunResult(SOURCE, Optional.of(COMMIT), "maven", COMMAND, RunStatus.TESTS_PASS, List.of(), 7, List.of(),
                Optional.empty(), Optional.empty(), List.of(), List.of(), Optional.empty(), "", List.of(),
                timings(), STARTED, Duration.ofSeconds(12));
    }

    static RunResult buildBroken(String log) {
        return new RunResult(SOURCE, Optional.empty(), "maven", COMMAND, RunStatus.BUILD_BROKEN, List.of(), 0, List.of(),
                Optional.empty(), Optional.empty(), List.of(), List.of(), Optional.empty(), log, List.of(),
                timings(), STARTED, Duration.ofSeconds(3));
    }

    static IssueDraft issue() {
        return new IssueDraft("`AccountTest.withdrawAll` fails: funds | overdraft",
                "2 of 9 tests fail.\n\n**Reproduce**\n\n```sh\nmvn -B test\n```\n",
                "It is raised in the code under test at `" + ACCOUNT + ":6`.", "unexpected exception (X)");
    }

    static Localization localization() {
        return new Localization(List.of(
                new Location(ACCOUNT, 6, "        throw new IllegalStateException();", 1.0,
                        "raised here in com.acme.AccountTest#withdrawAll"),
                new Location(ACCOUNT, 5, "    if (amount >= balance || `raw` | x) {", 0.85,
                        "above " + ACCOUNT + ":6, where it is raised")));
    }

    static RunResult result(RunStatus status, List<PatchCandidate> candidates, List<Validation> validations,
            Optional<PatchCandidate> fix) {
        return new RunResult(SOURCE, Optional.of(COMMIT), "maven", COMMAND, status,
                List.of(WITHDRAW_ALL, CLOSE_TO_ZERO), 7, List.of(), Optional.of(issue()), Optional.of(localization()),
                candidates, validations, fix, "", List.of(), timings(), STARTED, Duration.ofSeconds(75));
    }

    /** {@code r} with another issue, localization, build log and notes. */
    static RunResult copy(RunResult r, Optional<IssueDraft> issue, Optional<Localization> localization,
            String buildLog, List<String> notes) {
        return new RunResult(r.source(), r.commit(), r.build(), r.testCommand(), r.status(), r.failing(),
                r.passingCount(), r.flaky(), issue, localization, r.candidates(), r.validations(), r.fix(), buildLog, notes,
                r.timings(), r.startedAt(), r.total());
    }

    private static Map<String, Duration> timings() {
        Map<String, Duration> t = new LinkedHashMap<>();
        t.put("checkout", Duration.ofMillis(420));
        t.put("baseline", Duration.ofSeconds(9));
        return t;
    }
}
