package dev.repofix.validate;

import java.util.Objects;

/**
 * How an alternative VALID patch behaves against the fix on inputs derived from the failing
 * tests' own calls of the changed method: a closed outcome, never null.
 */
public sealed interface BehaviourComparison {
    /**
     * The first input on which they differ.
     *
     * @param call        the call as written in the probe ({@code in_range(1, 0, 10)})
     * @param fix         what the fix gave: {@code returns <value>} or {@code throws <type>}
     * @param alternative what the alternative gave, in the same form
     * @param tried       inputs tried up to and including this one
     */
    record Differs(String call, String fix, String alternative, int tried) implements BehaviourComparison {
        public Differs {
            Objects.requireNonNull(call, "call");
            Objects.requireNonNull(fix, "fix");
            Objects.requireNonNull(alternative, "alternative");
        }
    }

    /** Every one of {@code tried} inputs gave the same result with both. */
    record NoDifference(int tried) implements BehaviourComparison {}

    /** Not compared, and why (no call of the changed method in the tests, the budget, a probe that did not run). */
    record NotCompared(String why) implements BehaviourComparison {
        public NotCompared {
            Objects.requireNonNull(why, "why");
        }
    }
}
