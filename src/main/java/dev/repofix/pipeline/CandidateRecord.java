package dev.repofix.pipeline;

import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.BehaviourComparison;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.util.Objects;
import java.util.Optional;

/**
 * One patch candidate and what the tests said of it.
 *
 * @param candidate  its id, origin (template or model), location, description and diff
 * @param validation its verdict with the evidence and time per phase; empty when it was
 *                   never validated (the budget ran out, an earlier one was VALID, the run stopped)
 * @param behaviour  for a VALID alternative of the fix, how it behaves against the fix on inputs derived
 *                   from the failing tests' calls; empty for every other candidate, and when not probed
 */
public record CandidateRecord(PatchCandidate candidate, Optional<Validation> validation,
        Optional<BehaviourComparison> behaviour) {
    public CandidateRecord {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(validation, "validation");
        Objects.requireNonNull(behaviour, "behaviour");
        if (validation.isPresent() && !validation.get().candidateId().equals(candidate.id())) {
            throw new IllegalArgumentException("validation of " + validation.get().candidateId() + " given for "
                    + candidate.id());
        }
    }

    /** A candidate with no behaviour compared. */
    public CandidateRecord(PatchCandidate candidate, Optional<Validation> validation) {
        this(candidate, validation, Optional.empty());
    }

    public String id() {
        return candidate.id();
    }

    public Optional<Verdict> verdict() {
        return validation.map(Validation::verdict);
    }
}
