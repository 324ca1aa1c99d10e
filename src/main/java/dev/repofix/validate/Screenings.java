package dev.repofix.validate;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.env.PreparedEnvironment;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Opens the screening of one run, from what its baseline left. */
@FunctionalInterface
public interface Screenings {
    /**
     * A screening for the run whose baseline ran {@code command} in {@code baselineCopy},
     * which stays until the screening is closed; or why there is none.
     *
     * @param override the user's own test command, or null
     * @param failing     the baseline's failing tests: screening the unpatched code must fail them
     * @param environment what the run's set-up prepared, which the baseline ran in: screening runs in it too
     */
    Opened open(Path baselineCopy, BuildSystem build, TestCommand command, String override, List<String> failing,
            PreparedEnvironment environment);

    /**
     * A screening, or why there is none: empty {@code why} when screening does not apply
     * (not a Maven build), else a sentence for the run's notes.
     */
    record Opened(Optional<Screening> screening, String why) {
        public Opened {
            Objects.requireNonNull(screening, "screening");
            Objects.requireNonNull(why, "why");
        }

        static Opened none(String why) {
            return new Opened(Optional.empty(), why);
        }
    }

    /** No screening of this kind: candidates are screened through the build, as before. */
    static Screenings none() {
        return (copy, build, command, override, failing, environment) -> Opened.none("");
    }
}
