package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestRun;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Validator;
import dev.repofix.validate.Verdict;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CandidateSearchTest {
    private static final Baseline BASELINE = Baseline.of(new TestRun(List.of()));

    @Test
    void stopsAtTheFirstValidCandidate() {
        RunState run = run(1, Duration.ofMinutes(10), 5);
        List<String> tried = new ArrayList<>();
        Validator validator = (c, b, t) -> {
            tried.add(c.id());
            return verdict(c, c.id().equals("c3") ? Verdict.VALID : Verdict.TESTS_FAIL);
        };

        new CandidateSearch(run, validator, ProgressListener.none(), Clock.systemUTC()).validate(BASELINE);

        assertThat(tried).containsExactly("c1", "c2", "c3");
        assertThat(run.fix).map(PatchCandidate::id).contains("c3");
        assertThat(run.validations).extracting(Validation::candidateId).containsExactly("c1", "c2", "c3");
    }

    @Test
    void withSeveralJobsTheEarliestValidCandidateWinsEvenIfItFinishesLast() throws Exception {
        RunState run = run(3, Duration.ofMinutes(10), 3);
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

        new CandidateSearch(run, validator, events::add, Clock.systemUTC()).validate(BASELINE);

        assertThat(run.fix).map(PatchCandidate::id).contains("c1");
        assertThat(events).anySatisfy(e -> assertThat(e).isInstanceOfSatisfying(ProgressEvent.CandidateValidated.class,
                c -> assertThat(c.candidate().id()).isEqualTo("c1")));
    }

    @Test
    void noCandidateStartsWhenTheBudgetIsSpent() {
        Instant start = Instant.parse("2026-01-01T00:00:00Z");
        Clock late = Clock.fixed(start.plus(Duration.ofMinutes(10)), ZoneOffset.UTC);
        RunState run = new RunState(config(1, Duration.ofMinutes(10)), start, late);
        run.candidates = candidates(4);
        List<String> tried = new ArrayList<>();

        new CandidateSearch(run, (c, b, t) -> {
            tried.add(c.id());
            return verdict(c, Verdict.TESTS_FAIL);
        }, ProgressListener.none(), late).validate(BASELINE);

        assertThat(tried).isEmpty();
        assertThat(run.notes).anySatisfy(n -> assertThat(n).contains("ran out after 0 of 4"));
        assertThat(run.fix).isEmpty();
    }

    private static RunState run(int jobs, Duration timeout, int candidates) {
        RunState run = new RunState(config(jobs, timeout), Instant.now(), Clock.systemUTC());
        run.candidates = candidates(candidates);
        return run;
    }

    private static List<PatchCandidate> candidates(int n) {
        return IntStream.rangeClosed(1, n)
                .mapToObj(i -> new PatchCandidate("c" + i, "t", "A.java", i, "change " + i, "diff"))
                .toList();
    }

    private static RunConfig config(int jobs, Duration timeout) {
        return new RunConfig(".", Optional.empty(), Optional.empty(), Path.of("out"), 30, timeout,
                Duration.ofMinutes(1), new HostEnvironment(Map.of()), 0, jobs);
    }

    private static Validation verdict(PatchCandidate c, Verdict v) {
        return new Validation(c.id(), v, List.of(), List.of(), List.of(), "", Duration.ofMillis(1));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
