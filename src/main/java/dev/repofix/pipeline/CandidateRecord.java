package dev.repofix.pipeline;

import dev.repofix.stage.PatchCandidate;
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
 */
public record CandidateRecord(PatchCandidate candidate, Optional<Validation> validation, List<String> caveats) {
    public CandidateRecord {
        Objects.requireNonNull(candidate, "candidate");
        Objects.requireNonNull(validation, "validation");
        caveats = List.copyOf(caveats);
        if (validation.isPresent() && !validation.get().candidateId().equals(candidate.id())) {
            throw new IllegalArgumentException("validation of " + validation.get().candidateId() + " given for "
                    + candidate.id());
        }
    }

    /** Without caveats. */
    public CandidateRecord(PatchCandidate candidate, Optional<Validation> validation) {
        this(candidate, validation, List.of());
    }

    public String id() {
        return candidate.id();
    }

    public Optional<Verdict> verdict() {
        return validation.map(Validation::verdict);
    }
}
