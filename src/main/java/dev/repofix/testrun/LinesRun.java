package dev.repofix.testrun;

import dev.repofix.build.TestCommand;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The source lines the tests ran, by file: what the baseline's passing tests ran (from the
 * per-test coverage localization read), and a way to run the same tests under the same
 * coverage in a patched copy, to tell which of those lines a candidate stops running.
 */
public interface LinesRun {
    /** Per repository-relative source file, the lines at least one passing test ran in the baseline; never null. */
    Map<String, Set<Integer>> baseline();

    /** Which tests ran under coverage, for people ("of the whole suite", "from 2 test file(s)"). */
    String tests();

    /**
     * Runs, under the same coverage, in {@code copy} (a copy of the checkout with a candidate
     * applied) and within {@code limit}, the tests of those {@link #baseline()} came from that can
     * have run lines of {@code editedFiles} (repository-relative) in the baseline: every line of
     * them that a passing test ran is one those tests ran. Never throws for what the repository
     * does: a run that gives no data is {@link Rerun.NotRun}.
     */
    Rerun rerun(Path copy, Duration limit, Set<String> editedFiles);

    /**
     * How a candidate's deciding run in {@code copy} (a copy with the candidate applied) runs
     * {@code command} under the same coverage, so that {@link #read} gives what it ran and no
     * {@link #rerun} is needed: the command with the tool's variables added, or why it runs
     * plain. Never throws for what the repository does. By default plain.
     */
    default TestInstrumentation.Instrumented instrument(Path copy, TestCommand command) {
        return new TestInstrumentation.Instrumented.Off("the coverage cannot be put on a candidate's deciding run");
    }

    /**
     * What a run that {@link #instrument} set up left in {@code copy}: every line at least one
     * test ran; {@link Rerun.NotRun} where it left no data.
     *
     * @param tests which tests the run ran, for people
     */
    default Rerun read(Path copy, String tests) {
        return new Rerun.NotRun("the deciding run was not under coverage");
    }

    /** What a run in a patched copy gave. */
    sealed interface Rerun {
        /**
         * @param lines per file, the lines at least one test ran (passing or failing)
         * @param tests which tests ran, for people ("1 of 2 test class(es) whose coverage reaches ..."); empty:
         *              those of {@link LinesRun#tests()}
         */
        record Ran(Map<String, Set<Integer>> lines, String tests) implements Rerun {
            public Ran {
                lines = copyOf(lines);
                Objects.requireNonNull(tests, "tests");
            }

            /** A run of the tests {@link LinesRun#tests()} names. */
            public Ran(Map<String, Set<Integer>> lines) {
                this(lines, "");
            }
        }

        /** @param why what was missing or failed */
        record NotRun(String why) implements Rerun {
            public NotRun {
                Objects.requireNonNull(why, "why");
            }
        }
    }

    /** An unmodifiable, sorted copy of per-file line sets. */
    static Map<String, Set<Integer>> copyOf(Map<String, Set<Integer>> lines) {
        Map<String, Set<Integer>> out = new TreeMap<>();
        lines.forEach((k, v) -> out.put(Objects.requireNonNull(k, "file"), Collections.unmodifiableSet(new TreeSet<>(v))));
        return Collections.unmodifiableMap(out);
    }
}
