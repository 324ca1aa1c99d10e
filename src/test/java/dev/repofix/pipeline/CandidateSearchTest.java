package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.RunConfig;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestRun;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Validator;
import dev.repofix.validate.Verdict;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CandidateSearchTest {
    private static final Baseline BASELINE = Baseline.of(new TestRun(List.of()));

    @Test
    void stopsAtTheFirstValidCandidate() {
        List<String> tried = new ArrayList<>();
        Validator validator = (c, b, t) -> {
            tried.add(c.id());
            return verdict(c, c.id().equals("c3") ? Verdict.VALID : Verdict.TESTS_FAIL);
        };

        CandidateSearch.Outcome o = search(validator, 1, Duration.ofMinutes(10), ProgressListener.none())
                .validate(candidates(5), BASELINE);

        assertThat(tried).containsExactly("c1", "c2", "c3");
        assertThat(o.fixId()).contains("c3");
        assertThat(o.validations()).extracting(Validation::candidateId).containsExactly("c1", "c2", "c3");
        assertThat(o.failure()).isEmpty();
    }

    @Test
    void withSeveralJobsTheEarliestValidCandidateWinsEvenIfItFinishesLast() throws Exception {
        CountDownLatch laterDone = new CountDownLatch(1);
        Validator validator = (c, b, t) -> {
            if (c.id().equals("c1")) {
                await(laterDone); // c1 finishes only after c2 has
                return verdict(c, Verdict.VALID);
            }
            Validation v = verdict(c, Verdict.VALID);
            if (c.id().equals("c2")) {
                laterDone.countDown();
            }
            return v;
        };
        List<ProgressEvent> events = new ArrayList<>();

        CandidateSearch.Outcome o = search(validator, 3, Duration.ofMinutes(10), events::add)
                .validate(candidates(3), BASELINE);

        assertThat(o.fixId()).contains("c1");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(ProgressEvent.CandidateValidated.class,
                c -> assertThat(c.candidate().id()).isEqualTo("c1")));
    }

    @Test
    void noCandidateStartsWhenTheBudgetIsSpent() {
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        Clock late = Clock.fixed(start.plus(Duration.ofMinutes(10)), ZoneOffset.UTC);
        List<String> tried = new ArrayList<>();

        CandidateSearch.Outcome o = new CandidateSearch((c, b, t) -> {
            tried.add(c.id());
            return verdict(c, Verdict.TESTS_FAIL);
        }, ProgressListener.none(), late, start, Duration.ofMinutes(10), Duration.ofMinutes(1), 1)
                .validate(candidates(4), BASELINE);

        assertThat(tried).isEmpty();
        assertThat(o.notes()).anySatisfy(n -> assertThat(n).contains("ran out after 0 of 4"));
        assertThat(o.fixId()).isEmpty();
    }

    @Test
    void aValidatorThatFailsEndsTheSearchKeepingTheVerdictsReachedBeforeIt() {
        Validator validator = (c, b, t) -> {
            if (c.id().equals("c2")) {
                throw new dev.repofix.exec.ExecException("the Docker engine stopped answering", null);
            }
            return verdict(c, Verdict.TESTS_FAIL);
        };

        CandidateSearch.Outcome o = search(validator, 1, Duration.ofMinutes(10), ProgressListener.none())
                .validate(candidates(4), BASELINE);

        assertThat(o.validations()).extracting(Validation::candidateId).containsExactly("c1");
        assertThat(o.failure()).get().asString().contains("Docker engine stopped answering");
        assertThat(o.fixId()).isEmpty();
    }

    /**
     * The fix's verdict is out before any other candidate at its line runs; those are all
     * screened first, and only the ones that pass screening get a full run.
     */
    @Test
    void theFixIsReportedFirstThenAlternativesAreScreenedAndOnlyThosePassingGetAFullRun() {
        List<String> calls = new ArrayList<>();
        List<ProgressEvent> events = new ArrayList<>();
        Validator validator = new Validator() {
            @Override
            public Validation validate(PatchCandidate c, Baseline b, Duration t) {
                calls.add("full " + c.id());
                return verdict(c, Verdict.VALID);
            }

            @Override
            public Optional<Validation> screen(PatchCandidate c, Baseline b, Duration t) {
                calls.add("screen " + c.id());
                return c.id().equals("a2") ? Optional.empty() : Optional.of(verdict(c, Verdict.TESTS_FAIL));
            }
        };
        List<PatchCandidate> candidates = List.of(atLine("fix", 7), atLine("a1", 7), atLine("elsewhere", 8),
                atLine("a2", 7));

        CandidateSearch.Outcome o = search(validator, 1, Duration.ofMinutes(10), events::add)
                .validate(candidates, BASELINE);

        assertThat(o.fixId()).contains("fix");
        assertThat(calls).containsExactly("full fix", "screen a1", "screen a2", "full a2");
        assertThat(events).extracting(CandidateSearchTest::describe)
                .containsExactly("validated fix", "proven fix", "validated a1", "validated a2");
        assertThat(o.validations()).extracting(v -> v.candidateId() + "=" + v.verdict())
                .containsExactly("fix=VALID", "a1=TESTS_FAIL", "a2=VALID");
    }

    /** An alternative that passed screening and has no time left for its full run is named in the notes. */
    @Test
    void anAlternativeLeftWithoutItsFullRunIsNamed() {
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        MovableClock clock = new MovableClock(start);
        Validator validator = new Validator() {
            @Override
            public Validation validate(PatchCandidate c, Baseline b, Duration t) {
                clock.now = clock.now.plus(Duration.ofMinutes(4));
                return verdict(c, Verdict.VALID);
            }

            @Override
            public Optional<Validation> screen(PatchCandidate c, Baseline b, Duration t) {
                clock.now = clock.now.plus(Duration.ofSeconds(28));
                return Optional.empty();
            }
        };

        CandidateSearch.Outcome o = new CandidateSearch(validator, ProgressListener.none(), clock, start,
                Duration.ofMinutes(5), Duration.ofMinutes(1), 1)
                .validate(List.of(atLine("fix", 7), atLine("a1", 7), atLine("a2", 7)), BASELINE);

        assertThat(o.fixId()).contains("fix");
        assertThat(o.validations()).extracting(Validation::candidateId).containsExactly("fix");
        assertThat(o.notes()).containsExactly("the time budget ran out before the full run of a1, a2 at A.java:7, "
                + "which passed screening: whether the tests pin the fix down is not known");
    }

    private static String describe(ProgressEvent e) {
        return switch (e) {
            case ProgressEvent.CandidateValidated c -> "validated " + c.candidate().id();
            case ProgressEvent.FixProven p -> "proven " + p.fix().id();
            default -> e.toString();
        };
    }

    private static PatchCandidate atLine(String id, int line) {
        return new PatchCandidate(id, "t", "A.java", line, id, PatchText.read("diff " + id));
    }

    private static final class MovableClock extends Clock {
        Instant now;

        MovableClock(Instant now) {
            this.now = now;
        }

        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now;
        }
    }

    /** c1..c6: screening settles c1, c2 and c4; c3 and c5 fail their full run, c6 passes it. */
    private static Validator screened(List<String> screenedIds, List<String> fullRuns) {
        return new Validator() {
            @Override
            public Validation validate(PatchCandidate c, Baseline b, Duration t) {
                fullRuns.add(c.id());
                return verdict(c, c.id().equals("c6") ? Verdict.VALID : Verdict.TESTS_FAIL);
            }

            @Override
            public Optional<Validation> screen(PatchCandidate c, Baseline b, Duration t) {
                screenedIds.add(c.id());
                return List.of("c1", "c2", "c4").contains(c.id()) ? Optional.of(verdict(c, Verdict.TESTS_FAIL))
                        : Optional.empty();
            }
        };
    }

    private static CandidateSearch.Outcome screenedSearch(List<String> screenedIds, List<String> fullRuns,
            int maxFullRuns) {
        return new CandidateSearch(screened(screenedIds, fullRuns), ProgressListener.none(), Clock.systemUTC(),
                Instant.now(), Duration.ofMinutes(10), Duration.ofMinutes(1), 1, maxFullRuns, true)
                .validate(candidates(6), BASELINE);
    }

    @Test
    void withScreeningCandidatesPastTheFullRunBudgetAreScreenedAndOnlyThosePassingGetAFullRun() {
        List<String> screenedIds = new ArrayList<>();
        List<String> fullRuns = new ArrayList<>();

        CandidateSearch.Outcome o = screenedSearch(screenedIds, fullRuns, 3);

        assertThat(screenedIds).containsExactly("c1", "c2", "c3", "c4", "c5", "c6");
        assertThat(fullRuns).containsExactly("c3", "c5", "c6");
        assertThat(o.fixId()).contains("c6");
        assertThat(o.validations()).extracting(Validation::candidateId)
                .containsExactly("c1", "c2", "c3", "c4", "c5", "c6");
    }

    @Test
    void withScreeningMaxCandidatesCountsFullRunsOnly() {
        List<String> screenedIds = new ArrayList<>();
        List<String> fullRuns = new ArrayList<>();

        CandidateSearch.Outcome o = screenedSearch(screenedIds, fullRuns, 2);

        assertThat(fullRuns).containsExactly("c3", "c5");
        assertThat(screenedIds).containsExactly("c1", "c2", "c3", "c4", "c5");
        assertThat(o.fixId()).isEmpty();
        assertThat(o.notes()).anyMatch(n -> n.contains("--max-candidates") && n.contains("1 more were not screened"));
    }

    @Test
    void maxScreenedBoundsTheCandidatesAScreenedRunTries() {
        RunConfig config = new RunConfig("repo", Optional.empty(), Optional.empty(), java.nio.file.Path.of("out"), 2,
                Duration.ofMinutes(10), Duration.ofMinutes(5), new dev.repofix.config.HostEnvironment(java.util.Map.of()),
                0, 1, List.of(), 5);
        RunAssembly run = new RunAssembly(config, "run-1", "builtin", Instant.now(), Clock.systemUTC());

        assertThat(run.withinBudget(candidates(9), true)).extracting(PatchCandidate::id)
                .containsExactly("c1", "c2", "c3", "c4", "c5");
        assertThat(run.withinBudget(candidates(9), false)).extracting(PatchCandidate::id).containsExactly("c1", "c2");
    }

    @Test
    void aValidCandidateThatMakesCodeUnreachableIsRankedAfterOneThatDoesNot() {
        List<String> tried = new ArrayList<>();
        Validator validator = (c, b, t) -> {
            tried.add(c.id());
            return verdict(c, c.id().equals("c2") || c.id().equals("c4") ? Verdict.VALID : Verdict.TESTS_FAIL);
        };

        for (int jobs : new int[] {1, 3}) {
            tried.clear();
            CandidateSearch.Outcome o = new CandidateSearch(validator, ProgressListener.none(), Clock.systemUTC(),
                    Instant.now(), Duration.ofMinutes(10), Duration.ofMinutes(1), jobs, Integer.MAX_VALUE, false,
                    c -> c.id().equals("c2") ? List.of("the branch `elif x:` can no longer run") : List.of())
                    .validate(candidates(6), BASELINE);

            assertThat(o.fixId()).as("jobs %d", jobs).contains("c4");
            assertThat(tried).as("jobs %d", jobs).contains("c1", "c2", "c3", "c4");
            if (jobs == 1) {
                assertThat(tried).containsExactly("c1", "c2", "c3", "c4");
            }
            assertThat(o.caveats()).containsOnlyKeys("c2");
            assertThat(o.validations()).extracting(Validation::candidateId).contains("c2", "c4");
        }
    }

    @Test
    void aValidCandidateThatMakesCodeUnreachableIsStillTheFixWhenNoOtherIsValid() {
        Validator validator = (c, b, t) -> verdict(c, c.id().equals("c2") ? Verdict.VALID : Verdict.TESTS_FAIL);

        CandidateSearch.Outcome o = new CandidateSearch(validator, ProgressListener.none(), Clock.systemUTC(),
                Instant.now(), Duration.ofMinutes(10), Duration.ofMinutes(1), 1, Integer.MAX_VALUE, false,
                c -> List.of("the branch `elif x:` can no longer run"))
                .validate(candidates(4), BASELINE);

        assertThat(o.fixId()).contains("c2");
        assertThat(o.validations()).hasSize(4);
        assertThat(o.caveats()).containsOnlyKeys("c2");
        assertThat(o.caveats().get("c2")).containsExactly("the branch `elif x:` can no longer run");
    }

    private static CandidateSearch search(Validator validator, int jobs, Duration budget, ProgressListener progress) {
        return new CandidateSearch(validator, progress, Clock.systemUTC(), Instant.now(), budget,
                Duration.ofMinutes(1), jobs);
    }

    private static List<PatchCandidate> candidates(int n) {
        return IntStream.rangeClosed(1, n)
                .mapToObj(i -> new PatchCandidate("c" + i, "t", "A.java", i, "change " + i, PatchText.read("diff")))
                .toList();
    }

    private static Validation verdict(PatchCandidate c, Verdict v) {
        return new Validation(c.id(), v, List.of(), List.of(), List.of(), "", Duration.ofMillis(1));
    }

    /**
     * Two tests fail for different causes and no candidate makes both pass: the one that made
     * one pass in screening gets a full run with the other set apart, and is a partial fix.
     */
    @Test
    void withNoValidCandidateOneThatMakesSomeFailingTestsPassGetsAFullRunWithTheOthersSetApart() {
        List<String> calls = new ArrayList<>();

        CandidateSearch.Outcome o = twoCauses(calls, Verdict.VALID).validate(candidates(3), TWO_FAILING);

        assertThat(o.fixId()).isEmpty();
        assertThat(calls).containsExactly("screen c1", "screen c2", "screen c3",
                "full c2, targets [T#bug], apart [T#env]");
        assertThat(o.validations()).extracting(v -> v.candidateId() + "=" + v.verdict())
                .containsExactly("c1=TESTS_FAIL", "c2=PARTIAL", "c3=TESTS_FAIL");
        Validation partial = o.validations().get(1);
        assertThat(partial.fixed()).containsExactly("T#bug");
        assertThat(partial.stillFailing()).containsExactly("T#env");
        assertThat(partial.detail()).contains("1 of 2 failing tests pass", "breaks no passing test", "T#env");
        assertThat(o.notes()).anyMatch(n -> n.contains("c2 is a partial fix"));
    }

    @Test
    void aCandidateWhoseFullRunBreaksAPassingTestIsNoPartialFix() {
        List<String> calls = new ArrayList<>();

        CandidateSearch.Outcome o = twoCauses(calls, Verdict.TESTS_FAIL).validate(candidates(3), TWO_FAILING);

        assertThat(o.validations()).extracting(Validation::verdict).containsOnly(Verdict.TESTS_FAIL);
        assertThat(o.notes()).anyMatch(n -> n.contains("c2 made 1 of 2 pass, but not with the whole suite"));
    }

    @Test
    void withOneFailingTestOrNoFullRunLeftNoPartialFixIsSought() {
        List<String> calls = new ArrayList<>();
        Baseline one = new Baseline(new TestRun(List.of()), List.of("T#bug"), List.of("T#ok"), List.of());

        twoCauses(calls, Verdict.VALID).validate(candidates(3), one);
        new CandidateSearch(twoCausesValidator(calls, Verdict.VALID), ProgressListener.none(), Clock.systemUTC(),
                Instant.now(), Duration.ofMinutes(10), Duration.ofMinutes(1), 1, 0, true)
                .validate(candidates(3), TWO_FAILING);

        assertThat(calls).noneMatch(c -> c.startsWith("full"));
    }

    private static final Baseline TWO_FAILING = new Baseline(new TestRun(List.of()), List.of("T#bug", "T#env"),
            List.of("T#ok"), List.of());

    private static CandidateSearch twoCauses(List<String> calls, Verdict withTheOtherApart) {
        return new CandidateSearch(twoCausesValidator(calls, withTheOtherApart), ProgressListener.none(),
                Clock.systemUTC(), Instant.now(), Duration.ofMinutes(10), Duration.ofMinutes(1), 1, 30, true);
    }

    /** Screening: c2 makes {@code T#bug} pass, no candidate {@code T#env}; a full run says {@code withTheOtherApart}. */
    private static Validator twoCausesValidator(List<String> calls, Verdict withTheOtherApart) {
        return new Validator() {
            @Override
            public Validation validate(PatchCandidate c, Baseline b, Duration t) {
                calls.add("full " + c.id() + ", targets " + b.failing() + ", apart " + b.outside());
                return new Validation(c.id(), withTheOtherApart, b.failing(), List.of(),
                        withTheOtherApart == Verdict.VALID ? List.of() : List.of("T#ok"),
                        withTheOtherApart == Verdict.VALID ? "" : "1 test broke: T#ok", Duration.ZERO);
            }

            @Override
            public Optional<Validation> screen(PatchCandidate c, Baseline b, Duration t) {
                calls.add("screen " + c.id());
                List<String> fixed = c.id().equals("c2") ? List.of("T#bug") : List.of();
                List<String> still = c.id().equals("c2") ? List.of("T#env") : b.failing();
                return Optional.of(new Validation(c.id(), Verdict.TESTS_FAIL, fixed, still, List.of(),
                        still.size() + " target test(s) still fail", Duration.ZERO));
            }
        };
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
