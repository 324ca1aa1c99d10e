package dev.repofix.validate;

import java.util.List;
import java.util.Objects;

/**
 * What the deciding run of a candidate runs: the whole suite, or only the test classes whose
 * per-test coverage reaches a file the candidate changes (with the baseline's failing tests'
 * classes always among them), and why.
 */
public sealed interface TestSelection {
    /** Why, for people. */
    String why();

    /** @param why why nothing was skipped: selection is off, or a rule forced the whole suite */
    record WholeSuite(String why) implements TestSelection {
        public WholeSuite {
            Objects.requireNonNull(why, "why");
        }
    }

    /**
     * @param testFiles the files of the classes that run, repository-relative
     * @param ran       the test classes that run
     * @param skipped   the test classes skipped: their coverage reaches none of the changed files
     * @param why       what was changed and how the classes were chosen
     */
    record Selected(List<String> testFiles, List<String> ran, List<String> skipped, String why)
            implements TestSelection {
        public Selected {
            testFiles = List.copyOf(testFiles);
            ran = List.copyOf(ran);
            skipped = List.copyOf(skipped);
            Objects.requireNonNull(why, "why");
            if (ran.isEmpty() || skipped.isEmpty()) {
                throw new IllegalArgumentException("a selection runs some test classes and skips some");
            }
        }
    }
}
