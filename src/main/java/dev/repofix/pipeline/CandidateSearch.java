package dev.repofix.pipeline;

import dev.repofix.config.Durations;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Baseline;
import dev.repofix.validate.Validator;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Validates candidates in their order, up to {@code --jobs} at once, until one is
 * VALID or the time budget ends. With several jobs the winner is still the first
 * VALID candidate in order: a later one that finishes first waits for earlier ones.
 */
final class CandidateSearch {
    /** A candidate is not started with less time than this left: it could not finish. */
    private static final Duration MIN_CANDIDATE_TIME = Duration.ofSeconds(5);

    private final RunState run;
    private final Validator validator;
    private final ProgressListener progress;
    private final Clock clock;

    CandidateSearch(RunState run, Validator validator, ProgressListener progress, Clock clock) {
        this.run = run;
        this.validator = validator;
        this.progress = progress;
        this.clock = clock;
    }

    /** Fills {@code run.validations} (in candidate order) and {@code run.fix}. */
    Void validate(Baseline baseline) {
        Instant deadline = run.startedAt.plus(run.config.timeout());
        List<PatchCandidate> candidates = run.candidates;
        // Written by the workers; a verdict counts only once the main thread has taken it,
        // so every verdict used is also reported, in the order the progress shows.
        Validation[] done = new Validation[candidates.size()];
        Validation[] taken = new Validation[candidates.size()];
        int jobs = Math.min(run.config.jobs(), Math.max(1, candidates.size()));
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> Thread.ofPlatform().daemon().name("repofix-validate").unstarted(r));
        ExecutorCompletionService<Integer> completion = new ExecutorCompletionService<>(pool);
        List<Future<Integer>> running = new ArrayList<>();
        try {
            int next = 0;
            int inFlight = 0;
            while (true) {
                while (inFlight < jobs && next < candidates.size() && !anyValid(taken)) {
                    Optional<Duration> left = timeLeft(deadline);
                    if (left.isEmpty()) {
                        run.notes.add("time budget (--timeout " + Durations.format(run.config.timeout())
                                + ") ran out after " + next + " of " + candidates.size() + " candidates");
                        next = candidates.size();
                        break;
                    }
                    int index = next++;
                    Duration limit = min(left.get(), run.config.testTimeout().multipliedBy(3));
                    running.add(completion.submit(() -> {
                        done[index] = validator.validate(candidates.get(index), baseline, limit);
                        return index;
                    }));
                    inFlight++;
                }
                if (inFlight == 0 || settled(taken)) {
                    break;
                }
                int finished = completion.take().get();
                taken[finished] = done[finished];
                inFlight--;
                progress.onEvent(new ProgressEvent.CandidateValidated(finished + 1, candidates.size(),
                        candidates.get(finished), done[finished]));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
        } finally {
            running.forEach(f -> f.cancel(true));
            pool.shutdownNow();
        }
        for (Validation v : taken) {
            if (v != null) {
                run.validations.add(v);
            }
        }
        winner(taken).ifPresent(i -> run.fix = Optional.of(candidates.get(i)));
        return null;
    }

    /** The first VALID candidate such that every earlier one has its verdict. */
    private static Optional<Integer> winner(Validation[] done) {
        for (int i = 0; i < done.length; i++) {
            if (done[i] == null) {
                return Optional.empty();
            }
            if (done[i].verdict() == Verdict.VALID) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    private static boolean anyValid(Validation[] done) {
        for (Validation v : done) {
            if (v != null && v.verdict() == Verdict.VALID) {
                return true;
            }
        }
        return false;
    }

    private static boolean settled(Validation[] done) {
        return winner(done).isPresent();
    }

    private Optional<Duration> timeLeft(Instant deadline) {
        Duration left = Duration.between(clock.instant(), deadline);
        return left.compareTo(MIN_CANDIDATE_TIME) < 0 ? Optional.empty() : Optional.of(left);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
