package dev.repofix.build;

import java.util.Objects;

/**
 * Go test ids: {@code importpath#TestName}, a subtest as Go names it
 * ({@code example.com/m/calc#TestTable/one_plus_one}); a package that failed without a
 * test is its import path alone. An import path holds no {@code #}.
 *
 * @param importPath the package, e.g. {@code example.com/m/calc}; never null
 * @param test       the test's name, subtests after {@code /}; empty for the package itself
 */
public record GoTestIds(String importPath, String test) {
    public GoTestIds {
        Objects.requireNonNull(importPath, "importPath");
        Objects.requireNonNull(test, "test");
    }

    /** The id of {@code test} in package {@code importPath}. */
    public static String of(String importPath, String test) {
        return importPath + "#" + test;
    }

    /** The parts of an id written by {@link #of}. */
    public static GoTestIds parse(String id) {
        int hash = id.indexOf('#');
        return hash < 0 ? new GoTestIds(id, "") : new GoTestIds(id.substring(0, hash), id.substring(hash + 1));
    }

    /** The top-level test: {@code TestTable} for {@code TestTable/one_plus_one}. */
    public String topLevel() {
        int slash = test.indexOf('/');
        return slash < 0 ? test : test.substring(0, slash);
    }
}
