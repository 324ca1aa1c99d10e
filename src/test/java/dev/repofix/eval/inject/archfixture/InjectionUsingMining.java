package dev.repofix.eval.inject.archfixture;

import dev.repofix.eval.mine.IssueTracker;

/** Test-only: a class in {@code eval.inject} that wrongly uses {@code eval.mine} beside it, to prove the eval rule bites. */
public final class InjectionUsingMining {
    private InjectionUsingMining() {}

    public static Object tracker(IssueTracker issues) {
        return issues;
    }
}
