package dev.repofix.pipeline;

import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.BehaviourComparison;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One patch candidate and what the tests said of it.
 *
 * @param candidate  its id, origin (template or model), location, description and diff
 * @param validation its verdict with the evidence and time per phase; empty when it was
 *                   never validated (the budget ran out, an earlier one was VALID, the run stopped)
 * @param caveats    what it makes unreachable, one sentence each, though it passes the tests;
 *                   empty for most (and for every candidate that is not VALID)
 * @param behaviour  for a VALID alternative of the fix, how it behaves against the fix on inputs derived
 *                   from the failing tests' calls; empty for every other candidate, and when not probed
 */
public record CandidateRecord(PatchCandidate candidate, Optional<Validation> validation, List<String> caveats,
        Optional<BehaviourComparison> behaviour) {
    public CandidateRecord {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(validation, "validation");
        caveats = List.copyOf(caveats);
        Objects.requireNonNull(behaviour, "behaviour");
        if (validation.isPresent() && !validation.get().candidateId().equals(candidate.id())) {
            throw new IllegalArgumentException("validation of " + validation.get().candidateId() + " given for "
                    + candidate.id());
        }
    }

    /** Without caveats or a compared behaviour. */
    public CandidateRecord(PatchCandidate candidate, Optional<Validation> validation) {
        this(candidate, validation, List.of(), Optional.empty());
    }

    /** With caveats, no compared behaviour. */
    public CandidateRecord(PatchCandidate candidate, Optional<Validation> validation, List<String> caveats) {
        this(candidate, validation, caveats, Optional.empty());
    }

    /** With a compared behaviour, no caveats. */
    public CandidateRecord(PatchCandidate candidate, Optional<Validation> validation,
            Optional<BehaviourComparison> behaviour) {
        this(candidate, validation, List.of(), behaviour);
    }

    public String id() {
        return candidate.id();
    }

    public Optional<Verdict> verdict() {
        return validation.map(Validation::verdict);
    }
}
