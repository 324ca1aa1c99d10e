package dev.repofix.validate;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * Where one candidate's validation spent its time; a phase that did not run is empty.
 * The build of a full run is part of that run (the test command compiles); {@code build}
 * is the compilation of the patched files for screening in a warm test JVM.
 *
 * @param apply         making the copies and applying the patch to them
 * @param build         compiling the patched source files for screening
 * @param screen        the baseline's failing tests alone, before the whole suite (in the
 *                      warm JVM, this includes {@code build})
 * @param fullRun       the whole suite with the original tests
 * @param modifiedTests the whole suite with the patch's own test edits
 */
public record PhaseTimes(Optional<Duration> apply, Optional<Duration> build, Optional<Duration> screen, Optional<Duration> fullRun,
        Optional<Duration> modifiedTests) {
    public PhaseTimes {
        Objects.requireNonNull(apply, "apply");
        Objects.requireNonNull(build, "build");
        Objects.requireNonNull(screen, "screen");
        Objects.requireNonNull(fullRun, "fullRun");
        Objects.requireNonNull(modifiedTests, "modifiedTests");
    }

    /** No phase measured. */
    public static PhaseTimes none() {
        return new PhaseTimes(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    PhaseTimes plusApply(Duration d) {
        return new PhaseTimes(Optional.of(apply.orElse(Duration.ZERO).plus(d)), build, screen, fullRun, modifiedTests);
    }

    PhaseTimes withScreen(Duration d) {
        return new PhaseTimes(apply, build, Optional.of(d), fullRun, modifiedTests);
    }

    PhaseTimes withBuild(Duration d) {
        return new PhaseTimes(apply, Optional.of(d), screen, fullRun, modifiedTests);
    }

    PhaseTimes withFullRun(Duration d) {
        return new PhaseTimes(apply, build, screen, Optional.of(d), modifiedTests);
    }

    PhaseTimes withModifiedTests(Duration d) {
        return new PhaseTimes(apply, build, screen, fullRun, Optional.of(d));
    }
}
