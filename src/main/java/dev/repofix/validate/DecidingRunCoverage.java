package dev.repofix.validate;

import dev.repofix.build.TestCommand;
import dev.repofix.patch.Patch;
import java.nio.file.Path;

/**
 * Puts a candidate's deciding run (its source changes with the original tests) under the
 * baseline's coverage where a check after the verdict reads what that run ran, so the check
 * needs no run of its own; and hands the check the run's copy before it is discarded. The
 * verdict stays the run's: a run under coverage that ends without reports (its build failed,
 * no test ran) runs again plain, as the instrumented baseline does.
 */
public interface DecidingRunCoverage {
    /**
     * The command candidate {@code candidateId}'s deciding run runs in {@code copy}: {@code plain}
     * itself, or with a coverage tool's variables added. Never null; never throws for what the
     * repository does.
     *
     * @param source the candidate's source changes (its test changes left out)
     */
    TestCommand command(String candidateId, Patch source, Path copy, TestCommand plain);

    /**
     * The deciding run that {@link #command} set up ended; {@code copy} is still there.
     *
     * @param tests     which tests it ran, for people
     * @param completed whether it completed with reports (else its data is not read)
     */
    void ran(String candidateId, Path copy, String tests, boolean completed);

    /** Every deciding run plain. */
    static DecidingRunCoverage none() {
        return new DecidingRunCoverage() {
            @Override
            public TestCommand command(String candidateId, Patch source, Path copy, TestCommand plain) {
                return plain;
            }

            @Override
            public void ran(String candidateId, Path copy, String tests, boolean completed) {
                // nothing was put under coverage
            }
        };
    }
}
