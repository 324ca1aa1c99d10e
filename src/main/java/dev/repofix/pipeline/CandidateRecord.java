package dev.repofix.pipeline;

import dev.repofix.stage.PatchCandidate;
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
 */
public record CandidateRecord(PatchCandidate candidate, Optional<Validation> validation) {
    public CandidateRecord {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(validation, "validation");
        if (validation.isPresent() && !validation.get().candidateId().equals(candidate.id())) {
            throw new IllegalArgumentException("validation of " + validation.get().candidateId() + " given for "
                    + candidate.id());
        }
    }

    public String id() {
        return candidate.id();
    }

    public Optional<Verdict> verdict() {
        return validation.map(Validation::verdict);
    }
}
