package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model on Maven projects whose bugs only the syntax-tree
 * templates fix: a wrong arithmetic operator and a missing null check. Real {@code mvn}:
 * a baseline and a few candidates each, so tagged slow.
 */
@Tag("slow")
class BuiltinJavaFixEndToEndTest {
    @TempDir
    Path temp;

    /** Before, the token templates had no arithmetic operator: 0 candidates on {@code return a - b;}. */
    @Test
    void fixesAnAdditionThatSubtracts() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("calc"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/calc/Calculator.java", """
                        package org.calc;

                        public final class Calculator {
                            private Calculator() {}

                            public static int add(int a, int b) {
                                return a - b;
                            }

                            public static int subtract(int a, int b) {
                                return a - b;
                            }
                        }
                        """,
                "src/test/java/org/calc/CalculatorTest.java", """
                        package org.calc;

                        import static org.junit.jupiter.api.Assertions.assertEquals;

                        import org.junit.jupiter.api.Test;

                        class CalculatorTest {
                            @Test
                            void addsTwoNumbers() {
                                assertEquals(5, Calculator.add(2, 3));
                            }

                            @Test
                            void subtractsTwoNumbers() {
                                assertEquals(2, Calculator.subtract(5, 3));
                            }
                        }
                        """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).containsOnlyOnce("-        return a - b;")
                .contains("    public static int add(int a, int b) {\n-        return a - b;\n+        return a + b;\n");
    }

    /**
     * The NullPointerException is raised in a private helper two calls below the test; the
     * right fix returns the empty string early, since the caller strips the result.
     */
    @Test
    void fixesAMissingNullCheckTwoCallsBelowTheTest() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("labels"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/text/Labels.java", """
                        package org.text;

                        public final class Labels {
                            private Labels() {}

                            public static String label(String title) {
                                return "[" + normalize(title) + "]";
                            }

                            static String normalize(String text) {
                                return squeeze(text).strip();
                            }

                            private static String squeeze(String text) {
                                return text.replaceAll("\\\\s+", " ");
                            }
                        }
                        """,
                "src/test/java/org/text/LabelsTest.java", """
                        package org.text;

                        import static org.junit.jupiter.api.Assertions.assertEquals;

                        import org.junit.jupiter.api.Test;

                        class LabelsTest {
                            @Test
                            void squeezesRunsOfSpaces() {
                                assertEquals("[a b]", Labels.label(" a   b "));
                            }

                            @Test
                            void labelsNothingAsEmpty() {
                                assertEquals("[]", Labels.label(null));
                            }
                        }
                        """));

        RunOutput run = BuiltinFixRuns.fix(temp, repo);

        JsonNode report = BuiltinFixRuns.assertFixed(run);
        assertThat(report.path("patch").asText()).contains("""
                +        if (text == null) {
                +            return "";
                +        }
                         return text.replaceAll("\\\\s+", " ");""");
    }
}
