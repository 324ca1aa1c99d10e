package dev.repofix.eval.cases;

import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The shape of the test ids a case lists: those repofix's test results carry
 * ({@code dev.repofix.testrun.TestResult#id}), so a case's tests can be found in a run.
 */
public final class CaseTestIds {
    /** JUnit producers: {@code pkg.ClassTest#method}, nested classes with {@code $}. */
    static final Pattern JUNIT = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\.[\\p{L}_$][\\p{L}\\p{N}_$]*)*#\\S.*");
    /** pytest node ids: {@code tests/test_x.py::TestY::test_z[param]}, or a module alone. */
    public static final Pattern PYTEST = Pattern.compile("[^\\s:]+\\.py(::\\S.*)?");

    private CaseTestIds() {}

    /** Why {@code id} is no test id of a {@code language} case; empty when it is one. */
    static Optional<String> problem(String id, String language) {
        if (!id.equals(id.strip()) || id.contains("\n") || id.contains("\r")) {
            return Optional.of("'" + id + "' has spaces around it or a line break; a test id is one line");
        }
        return switch (language) {
            case "java" -> JUNIT.matcher(id).matches() ? Optional.empty()
                    : Optional.of("'" + id + "' is not a test id of the form pkg.ClassTest#method");
            case "python" -> PYTEST.matcher(id).matches() || JUNIT.matcher(id).matches() ? Optional.empty()
                    : Optional.of("'" + id + "' is not a test id of the form tests/test_x.py::test_y "
                            + "(pytest) or package.module.Class#test_name (unittest)");
            default -> Optional.empty();
        };
    }
}
