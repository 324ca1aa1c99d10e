package dev.repofix.history;

import java.util.Objects;
import java.util.Optional;

/**
 * One case two eval runs got differently: in one run only, or with another outcome.
 *
 * @param key    the case's result key
 * @param before its score in the first run, when it was there
 * @param after  its score in the second run, when it was there
 */
public record CaseChange(String key, Optional<CaseScore> before, Optional<CaseScore> after) {
    public CaseChange {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(before, "before");
        Objects.requireNonNull(after, "after");
    }

    /** One word for what changed: new, gone, fixed, unfixed, or changed (scores moved, the fix did not). */
    public String change() {
        if (before.isEmpty()) {
            return "new";
        }
        if (after.isEmpty()) {
            return "gone";
        }
        if (after.get().fixed() != before.get().fixed()) {
            return after.get().fixed() ? "fixed" : "unfixed";
        }
        return "changed";
    }

    /** Whether two scores of one case differ in anything compare shows. */
    static boolean differ(CaseScore a, CaseScore b) {
        return !a.status().equals(b.status()) || a.localized() != b.localized() || a.fileHit() != b.fileHit()
                || a.applied() != b.applied() || a.fixed() != b.fixed()
                || Math.abs(a.f1() - b.f1()) > 1e-9 || !a.issueScore().equals(b.issueScore());
    }
}
