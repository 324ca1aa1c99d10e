package dev.repofix.pipeline;

import dev.repofix.config.RunConfig;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Validation;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Mutable state of one run, turned into an immutable {@link RunResult} at the end. */
final class RunState {
    final RunConfig config;
    final Instant startedAt;
    final Clock clock;
    final Map<String, Duration> timings = new LinkedHashMap<>();
    final List<String> notes = Collections.synchronizedList(new ArrayList<>());
    final List<Validation> validations = new ArrayList<>();
    Optional<IssueDraft> issue = Optional.empty();
    Optional<Localization> localization = Optional.empty();
    List<PatchCandidate> candidates = List.of();
    Optional<PatchCandidate> fix = Optional.empty();

    RunState(RunConfig config, Instant startedAt, Clock clock) {
        this.config = config;
        this.startedAt = startedAt;
        this.clock = clock;
    }

    RunResult result(RepairPipeline.Ready ready, RunStatus status, String buildLog) {
        return new RunResult(ready.ws().source(), ready.ws().commit(), ready.build().name(), ready.command().shell(),
                status, ready.run().failing(), ready.baseline().passing().size(), ready.baseline().flaky(), issue,
                localization, candidates, validations, fix, buildLog, notes, timings, startedAt,
                Duration.between(startedAt, clock.instant()));
    }
}
