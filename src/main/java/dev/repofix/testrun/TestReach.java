package dev.repofix.testrun;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Which source files each test class ran, from per-test coverage of the unpatched code: what
 * the deciding run's test selection reads (a test class whose tests ran none of the files a
 * patch changes cannot see the change, as Ekstazi and STARTS reason at class level).
 *
 * @param files      test class (as in test ids, the part before {@code #}) to the repository-relative
 *                   source files its tests executed; a class that ran none maps to an empty set
 * @param incomplete why this coverage does not stand for every test class it names (a run cut
 *                   short, tests that dumped nothing); empty when it does. A class missing from
 *                   {@code files} is not covered either way
 * @param tool       what recorded it, for people (e.g. "JaCoCo")
 * @param sourceSuffix the source files the tool sees, e.g. {@code .java}: a change to any other
 *                   file is invisible to it
 * @param testOnlyLines where the tool counts code run outside any test only by line (coverage.py:
 *                   module and class bodies run at import, before and between tests): per source
 *                   file, the lines that tests ran and nothing outside a test ran. A change to
 *                   any other line may reach every test, so selection holds only for a change
 *                   within these lines. Empty where code run between tests already counts for
 *                   every test class ({@code files} says it all, as for JaCoCo)
 */
public record TestReach(Map<String, Set<String>> files, Optional<String> incomplete, String tool,
        String sourceSuffix, Optional<Map<String, Set<Integer>>> testOnlyLines) {
    public TestReach {
        Map<String, Set<String>> copy = new TreeMap<>();
        files.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "test class"),
                Collections.unmodifiableSet(new TreeSet<>(v))));
        files = Collections.unmodifiableMap(copy);
        Objects.requireNonNull(incomplete, "incomplete");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(sourceSuffix, "sourceSuffix");
        testOnlyLines = testOnlyLines.map(m -> {
            Map<String, Set<Integer>> lines = new TreeMap<>();
            m.forEach((k, v) -> lines.put(Objects.requireNonNull(k, "file"),
                    Collections.unmodifiableSet(new TreeSet<>(v))));
            return Collections.unmodifiableMap(lines);
        });
    }

    /** Reach at class level: code run between tests counts for every class in {@code files}. */
    public TestReach(Map<String, Set<String>> files, Optional<String> incomplete, String tool, String sourceSuffix) {
        this(files, incomplete, tool, sourceSuffix, Optional.empty());
    }

    /** The same reach, said to be incomplete for {@code why}. */
    public TestReach incompleteBecause(String why) {
        return new TestReach(files, Optional.of(why), tool, sourceSuffix, testOnlyLines);
    }

    /**
     * The test class of a test id: {@code com.acme.FooTest#bar[1]} to {@code com.acme.FooTest};
     * for a pytest node id, its file: {@code tests/test_calc.py::TestSum::test_one} to
     * {@code tests/test_calc.py}.
     */
    public static String testClass(String testId) {
        int hash = testId.indexOf('#');
        if (hash >= 0) {
            return testId.substring(0, hash);
        }
        int node = testId.indexOf("::");
        return node < 0 ? testId : testId.substring(0, node);
    }
}
