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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/**
 * Validates candidates in their order, up to {@code --jobs} at once, until one is
 * VALID or the time budget ends. With several jobs the winner is still the first
 * VALID candidate in order: a later one that finishes first waits for earlier ones.
 * Returns what it reached; a validator that throws (Docker gone, a copy that fails)
 * ends the search with the verdicts reached before it, and the failure. Where screening is
 * on, each candidate is screened first and only those that pass take a full run, which
 * {@code --max-candidates} counts (see the constructor).
 *
 * <p>A VALID candidate with a caveat (it makes code unreachable: {@code DeadBranches}; it stops
 * running lines the passing tests ran: {@link StoppedLinesCheck}) is
 * ranked after the VALID ones without: the search goes on past it, within the same budget,
 * and it is the fix only when no other VALID candidate is found; its caveats go with it.
 *
 * <p>When no candidate is VALID and several tests fail, the first candidate that made the
 * most of them pass without breaking any gets, within the budget and {@code --max-candidates},
 * a full run with the tests it did not fix set apart: if no passing test breaks, it is reported
 * as {@link Verdict#PARTIAL}, never as the fix.
 */
final class CandidateSearch {
    /** A candidate is not started with less time than this left: it could not finish. */
    private static final Duration MIN_CANDIDATE_TIME = Duration.ofSeconds(5);
    /** Candidates validated after the fix, at its place, to see whether the tests pin it down. */
    static final int MAX_ALTERNATIVES = 4;

    /**
     * What the search reached.
     *
     * @param validations the verdicts reached, in candidate order
     * @param fixId       the first VALID candidate whose predecessors all have verdicts
     * @param notes       what the user should know (the budget ran out)
     * @param failure     what stopped the search early, if anything did
     * @param interrupted whether the thread was interrupted while waiting
     * @param caveats     what each VALID candidate with a caveat makes unreachable, by candidate id
     */
    record Outcome(List<Validation> validations, Optional<String> fixId, List<String> notes,
            Optional<RuntimeException> failure, boolean interrupted, Map<String, List<String>> caveats) {
        Outcome {
            validations = List.copyOf(validations);
            notes = List.copyOf(notes);
            caveats = Map.copyOf(caveats);
        }
    }

    private final Validator validator;
    private final ProgressListener progress;
    private final Clock clock;
    private final Instant startedAt;
    private final Instant deadline;
    private final Duration budget;
    private final Duration testTimeout;
    private final int maxJobs;
    /** Full runs at most; screened-out candidates do not count. */
    private final int maxFullRuns;
    /** Whether each candidate is screened (in order, one at a time) before it may take a full run. */
    private final boolean screenFirst;
    /** What a candidate makes unreachable (nothing for most); asked of VALID candidates only. */
    private final Function<PatchCandidate, List<String>> caveatsOf;

    /**
     * @param startedAt   when the run began
     * @param budget      the run's time budget: no candidate starts with less than
     *                    {@link #MIN_CANDIDATE_TIME} of it left
     * @param testTimeout limit of one suite run; a candidate gets three
     */
    CandidateSearch(Validator validator, ProgressListener progress, Clock clock, Instant startedAt, Duration budget,
            Duration testTimeout, int jobs) {
        this(validator, progress, clock, startedAt, budget, testTimeout, jobs, Integer.MAX_VALUE, false, c -> List.of());
    }

    /**
     * A search that screens each candidate first when {@code screenFirst}: one that screening
     * settles (it fails the failing tests, does not compile) gets that verdict at once, the others
     * a full run, at most {@code maxFullRuns} of them ({@code --max-candidates}), so the list may
     * be longer than that ({@code --max-screened}).
     */
    CandidateSearch(Validator validator, ProgressListener progress, Clock clock, Instant startedAt, Duration budget,
            Duration testTimeout, int jobs, int maxFullRuns, boolean screenFirst) {
        this(validator, progress, clock, startedAt, budget, testTimeout, jobs, maxFullRuns, screenFirst,
                c -> List.of());
    }

    /**
     * The same, with {@code caveatsOf} saying what a VALID candidate makes unreachable: one
     * that makes some is ranked after those that make none.
     */
    CandidateSearch(Validator validator, ProgressListener progress, Clock clock, Instant startedAt, Duration budget,
            Duration testTimeout, int jobs, int maxFullRuns, boolean screenFirst,
            Function<PatchCandidate, List<String>> caveatsOf) {
        this.caveatsOf = caveatsOf;
        this.maxFullRuns = maxFullRuns;
        this.screenFirst = screenFirst;
        this.validator = validator;
        this.progress = progress;
        this.clock = clock;
        this.startedAt = startedAt;
        this.deadline = startedAt.plus(budget);
        this.budget = budget;
        this.testTimeout = testTimeout;
        this.maxJobs = jobs;
    }

    Outcome validate(List<PatchCandidate> candidates, Baseline baseline) {
        // Written by the workers; a verdict counts only once the main thread has taken it,
        // so every verdict used is also reported, in the order the progress shows.
        Validation[] done = new Validation[candidates.size()];
        Validation[] taken = new Validation[candidates.size()];
        Map<String, List<String>> caveats = new HashMap<>();
        List<String> notes = new ArrayList<>();
        Optional<RuntimeException> failure = Optional.empty();
        boolean interrupted = false;
        int jobs = Math.min(maxJobs, Math.max(1, candidates.size()));
        ExecutorService pool = Executors.newFixedThreadPool(jobs, r -> Thread.ofPlatform().daemon().name("repofix-validate").unstarted(r));
        ExecutorCompletionService<Integer> completion = new ExecutorCompletionService<>(pool);
        List<Future<Integer>> running = new ArrayList<>();
        int fullRuns = 0;
        int next = 0;
        try {
            int inFlight = 0;
            while (true) {
                while (inFlight < jobs && next < candidates.size() && !anyValid(taken, candidates, caveats) && fullRuns < maxFullRuns) {
                    Optional<Duration> left = timeLeft();
                    if (left.isEmpty()) {
                        notes.add("time budget (--timeout " + Durations.format(budget) + ") ran out after " + next + " of " + candidates.size() + " candidates");
                        next = candidates.size();
                        break;
                    }
                    int index = next++;
                    Duration limit = min(left.get(), testTimeout.multipliedBy(3));
                    if (screenFirst) {
                        // In order and before any full run of it: full runs go to candidates in their order.
                        Optional<Validation> screened = validator.screen(candidates.get(index), baseline, limit);
                        if (screened.isPresent()) {
                            done[index] = screened.get();
                            report(candidates, index, taken, screened.get());
                            review(candidates, index, taken, caveats);
                            continue;
                        }
                    }
                    fullRuns++;
                    running.add(completion.submit(() -> {
                        done[index] = validator.validate(candidates.get(index), baseline, limit);
                        return index;
                    }));
                    inFlight++;
                }
                if (inFlight == 0 || winner(taken, candidates, caveats).isPresent()) {
                    break;
                }
                int finished = completion.take().get();
                taken[finished] = done[finished];
                review(candidates, finished, taken, caveats);
                inFlight--;
                progress.onEvent(new ProgressEvent.CandidateValidated(finished + 1, candidates.size(),
                        candidates.get(finished), done[finished]));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            interrupted = true;
        } catch (ExecutionException e) {
            failure = Optional.of(e.getCause() instanceof RuntimeException re ? re
                    : new IllegalStateException(e.getCause()));
        } catch (RuntimeException e) {
            // Screening, which runs on this thread, failed: what was reached before it stays.
            failure = Optional.of(e);
        } finally {
            running.forEach(f -> f.cancel(true));
            pool.shutdownNow();
        }
        Optional<Integer> win = winner(taken, candidates, caveats).or(() -> firstValid(taken));
        if (screenFirst && win.isEmpty() && fullRuns >= maxFullRuns && next < candidates.size()) {
            notes.add("gave the full run to " + fullRuns + " candidates that passed screening (--max-candidates); "
                    + (candidates.size() - next) + " more were not screened");
        }
        if (win.isEmpty() && failure.isEmpty() && !interrupted && fullRuns < maxFullRuns) {
            try {
                partial(candidates, taken, baseline, notes);
            } catch (RuntimeException e) {
                // A failure here takes nothing the search reached: the verdicts stand without it.
                failure = Optional.of(e);
            }
        }
        if (win.isPresent() && failure.isEmpty() && !interrupted) {
            // The verdict is out before the alternatives run: they cannot change it, only add to it.
            progress.onEvent(new ProgressEvent.FixProven(candidates.get(win.get()), taken[win.get()],
                    Duration.between(startedAt, clock.instant())));
            try {
                interrupted = alternatives(candidates, win.get(), taken, baseline, notes);
                for (int i = 0; i < taken.length; i++) {
                    review(candidates, i, taken, caveats);
                }
            } catch (RuntimeException e) {
                // An interrupt (or a failure) while the alternatives run takes nothing the fix proved.
                failure = Optional.of(e);
            }
        }
        List<Validation> reached = new ArrayList<>();
        for (Validation v : taken) {
            if (v != null) {
                reached.add(v);
            }
        }
        Optional<String> fix = win.map(i -> candidates.get(i).id());
        Map<String, List<String>> found = new HashMap<>(caveats);
        found.values().removeIf(List::isEmpty);
        return new Outcome(reached, fix, notes, failure, interrupted, found);
    }

    /**
     * A VALID patch is only plausible: when another candidate at the same place passes
     * every test too, the tests cannot tell the two apart, and the user must know. So the
     * candidates after the fix that edit the same line are tried as well, at most
     * {@value #MAX_ALTERNATIVES} and within the budget, one at a time: all of them screened
     * first (cheap), then a full run for each that passed screening only. Returns whether
     * the thread was interrupted.
     */
    private boolean alternatives(List<PatchCandidate> candidates, int fix, Validation[] taken, Baseline baseline,
            List<String> notes) {
        PatchCandidate winner = candidates.get(fix);
        String place = winner.file() + ":" + winner.line();
        List<Integer> passed = new ArrayList<>();
        for (int i : sameLine(candidates, fix)) {
            if (taken[i] != null) {
                continue; // tried already, past a VALID candidate ranked later for its caveats
            }
            Optional<Duration> left = timeLeft();
            if (left.isEmpty()) {
                notes.add("the time budget ran out before the other candidates at " + place
                        + " were tried: whether the tests pin the fix down is not known");
                return false;
            }
            if (Thread.currentThread().isInterrupted()) {
                return true;
            }
            Optional<Validation> screened = validator.screen(candidates.get(i), baseline,
                    min(left.get(), testTimeout.multipliedBy(3)));
            if (screened.isPresent()) {
                report(candidates, i, taken, screened.get());
            } else {
                passed.add(i);
            }
        }
        for (int k = 0; k < passed.size(); k++) {
            int i = passed.get(k);
            Optional<Duration> left = timeLeft();
            if (left.isEmpty()) {
                notes.add("the time budget ran out before the full run of " + String.join(", ", passed.subList(k,
                        passed.size()).stream().map(j -> candidates.get(j).id()).toList()) + " at " + place
                        + ", which passed screening: whether the tests pin the fix down is not known");
                return false;
            }
            if (Thread.currentThread().isInterrupted()) {
                return true;
            }
            report(candidates, i, taken, validator.validate(candidates.get(i), baseline,
                    min(left.get(), testTimeout.multipliedBy(3))));
        }
        return false;
    }

    /**
     * With no VALID candidate, the first that made the most of several failing tests pass and
     * broke none its run looked at (a screening runs the failing tests only) gets a full run
     * with the tests it left failing set apart ({@link Baseline#apart}): VALID there makes it
     * {@link Verdict#PARTIAL} here. Otherwise its verdict stays as it was.
     */
    private void partial(List<PatchCandidate> candidates, Validation[] taken, Baseline baseline, List<String> notes) {
        if (baseline.failing().size() < 2) {
            return;
        }
        int best = -1;
        for (int i = 0; i < taken.length; i++) {
            Validation v = taken[i];
            if (v != null && v.verdict() == Verdict.TESTS_FAIL && !v.fixed().isEmpty() && !v.stillFailing().isEmpty()
                    && v.broken().isEmpty() && (best < 0 || v.fixed().size() > taken[best].fixed().size())) {
                best = i;
            }
        }
        Optional<Duration> left = timeLeft();
        if (best < 0 || left.isEmpty()) {
            return;
        }
        Validation before = taken[best];
        Validation v = validator.validate(candidates.get(best), baseline.apart(before.stillFailing()),
                min(left.get(), testTimeout.multipliedBy(3)));
        if (v.verdict() != Verdict.VALID) {
            notes.add("no candidate made every failing test pass; " + candidates.get(best).id() + " made "
                    + before.fixed().size() + " of " + baseline.failing().size() + " pass, but not with the whole "
                    + "suite: " + v.detail());
            return;
        }
        report(candidates, best, taken, new Validation(v.candidateId(), Verdict.PARTIAL, before.fixed(),
                before.stillFailing(), List.of(), "makes " + before.fixed().size() + " of " + baseline.failing().size()
                        + " failing tests pass and breaks no passing test (whole suite run); still failing: "
                        + String.join(", ", before.stillFailing()), v.evidence(), v.elapsed(), v.phases(),
                v.selection()));
        notes.add("no candidate made every failing test pass: " + candidates.get(best).id() + " is a partial fix ("
                + before.fixed().size() + " of " + baseline.failing().size() + " failing tests pass with it, no passing "
                + "test breaks); the others may fail for another cause");
    }

    /** The candidates after {@code fix} that edit its line differently, at most {@value #MAX_ALTERNATIVES}. */
    private static List<Integer> sameLine(List<PatchCandidate> candidates, int fix) {
        PatchCandidate winner = candidates.get(fix);
        List<Integer> out = new ArrayList<>();
        for (int i = fix + 1; i < candidates.size() && out.size() < MAX_ALTERNATIVES; i++) {
            PatchCandidate c = candidates.get(i);
            if (c.file().equals(winner.file()) && c.line() == winner.line() && !c.file().isEmpty()
                    && !c.diff().equals(winner.diff())) {
                out.add(i);
            }
        }
        return out;
    }

    private void report(List<PatchCandidate> candidates, int i, Validation[] taken, Validation v) {
        taken[i] = v;
        progress.onEvent(new ProgressEvent.CandidateValidated(i + 1, candidates.size(), candidates.get(i), v));
    }

    /** The first VALID candidate without caveats such that every earlier one has its verdict. */
    private static Optional<Integer> winner(Validation[] done, List<PatchCandidate> candidates,
            Map<String, List<String>> caveats) {
        for (int i = 0; i < done.length; i++) {
            if (done[i] == null) {
                return Optional.empty();
            }
            if (done[i].verdict() == Verdict.VALID && !flagged(caveats, candidates.get(i))) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    /** The first VALID candidate, caveats or not: the fix when none without caveats was found. */
    private static Optional<Integer> firstValid(Validation[] done) {
        for (int i = 0; i < done.length; i++) {
            if (done[i] != null && done[i].verdict() == Verdict.VALID) {
                return Optional.of(i);
            }
        }
        return Optional.empty();
    }

    private static boolean anyValid(Validation[] done, List<PatchCandidate> candidates,
            Map<String, List<String>> caveats) {
        for (int i = 0; i < done.length; i++) {
            if (done[i] != null && done[i].verdict() == Verdict.VALID && !flagged(caveats, candidates.get(i))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Asks once what a VALID candidate makes unreachable and keeps the answer. A check that fails says nothing: it adds a caveat, it never takes a verdict away.
     */
    private void review(List<PatchCandidate> candidates, int i, Validation[] taken,
            Map<String, List<String>> caveats) {
        PatchCandidate c = candidates.get(i);
        if (taken[i] == null || taken[i].verdict() != Verdict.VALID || caveats.containsKey(c.id())) {
            return;
        }
        List<String> found;
        try {
            found = caveatsOf.apply(c);
        } catch (RuntimeException e) {
            found = List.of();
        }
        caveats.put(c.id(), List.copyOf(found));
    }

    private static boolean flagged(Map<String, List<String>> caveats, PatchCandidate c) {
        return !caveats.getOrDefault(c.id(), List.of()).isEmpty();
    }

    private Optional<Duration> timeLeft() {
        Duration left = Duration.between(clock.instant(), deadline);
        return left.compareTo(MIN_CANDIDATE_TIME) < 0 ? Optional.empty() : Optional.of(left);
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }
}
