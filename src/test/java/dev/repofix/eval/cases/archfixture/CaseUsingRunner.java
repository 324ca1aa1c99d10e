package dev.repofix.eval.cases.archfixture;

import dev.repofix.eval.run.EvalRunner;

/** Test-only: a class in {@code eval.cases} that wrongly uses {@code eval.run}, to prove the eval rule bites. */
public final class CaseUsingRunner {
    private CaseUsingRunner() {}

    public static Object runner(EvalRunner runner) {
        return runner;
    }
}
