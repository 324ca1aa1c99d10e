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
 */
public record TestReach(Map<String, Set<String>> files, Optional<String> incomplete, String tool,
        String sourceSuffix) {
    public TestReach {
        Map<String, Set<String>> copy = new TreeMap<>();
        files.forEach((k, v) -> copy.put(Objects.requireNonNull(k, "test class"),
                Collections.unmodifiableSet(new TreeSet<>(v))));
        files = Collections.unmodifiableMap(copy);
        Objects.requireNonNull(incomplete, "incomplete");
        Objects.requireNonNull(tool, "tool");
        Objects.requireNonNull(sourceSuffix, "sourceSuffix");
    }

    /** The test class of a test id: {@code com.acme.FooTest#bar[1]} to {@code com.acme.FooTest}. */
    public static String testClass(String testId) {
        int hash = testId.indexOf('#');
        return hash < 0 ? testId : testId.substring(0, hash);
    }
}
