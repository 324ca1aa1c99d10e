package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.validate.ProbeInputs.Language;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProbePlanTest {
    private static final String SPAN = """
            package org.span;

            public final class Span {
                private Span() {}

                public static boolean inRange(int v, int lo, int hi) {
                    return lo <= v && v <= hi;
                }

                private static int hidden(int x) {
                    return x;
                }
            }
            """;
    private static final String SPAN_TEST = """
            package org.span;

            import org.junit.jupiter.api.Test;

            class SpanTest {
                @Test
                void upper() {
                    assertFalse(Span.inRange(10, 0, 10));
                }
            }
            """;
    private static final Map<String, String> JAVA = Map.of("src/main/java/org/span/Span.java", SPAN,
            "src/test/java/org/span/SpanTest.java", SPAN_TEST);

    @Test
    void callsTheChangedJavaMethodFromAProbeInItsPackageUnderTheTestsRoot() {
        ProbePlan plan = ProbePlan.of("src/main/java/org/span/Span.java", 7, List.of("org.span.SpanTest#upper"),
                List.copyOf(JAVA.keySet()), f -> Optional.ofNullable(JAVA.get(f))).plan().orElseThrow();

        assertThat(plan.language()).isEqualTo(Language.JAVA);
        assertThat(plan.path()).isEqualTo("src/test/java/org/span/RepofixBehaviourProbeTest.java");
        assertThat(plan.calls()).startsWith("Span.inRange(10, 0, 10)", "Span.inRange(11, 0, 10)")
                .contains("Span.inRange(Integer.MIN_VALUE, 0, 10)").hasSizeLessThanOrEqualTo(ProbePlan.MAX_INPUTS);
        assertThat(plan.source()).startsWith("package org.span;").contains("@org.junit.jupiter.api.Test")
                .contains("run(() -> Span.inRange(10, 0, 10));").contains(ProbePlan.OUTPUT);
    }

    @Test
    void aPrivateMethodIsNotProbed() {
        ProbePlan.Planned planned = ProbePlan.of("src/main/java/org/span/Span.java", 11,
                List.of("org.span.SpanTest#upper"), List.copyOf(JAVA.keySet()), f -> Optional.ofNullable(JAVA.get(f)));

        assertThat(planned.plan()).isEmpty();
        assertThat(planned.why()).contains("hidden");
    }

    @Test
    void callsAPythonFunctionAsTheTestImportsItFromAProbeBesideTheTest() {
        Map<String, String> files = Map.of("pkg/span.py", "def in_range(v, lo, hi):\n    return lo <= v and v <= hi\n",
                "tests/test_span.py", "from pkg.span import (\n    in_range,\n)\nimport os\n\n\ndef test_a():\n"
                        + "    assert not in_range(10, 0, 10)\n");

        ProbePlan plan = ProbePlan.of("pkg/span.py", 2, List.of("tests/test_span.py::test_a"),
                List.copyOf(files.keySet()), f -> Optional.ofNullable(files.get(f))).plan().orElseThrow();

        assertThat(plan.path()).isEqualTo("tests/test_repofix_behaviour_probe.py");
        assertThat(plan.calls()).startsWith("in_range(10, 0, 10)").contains("in_range(None, 0, 10)", "in_range(9, 0, 10)");
        assertThat(plan.source()).contains("from pkg.span import (\n    in_range,\n)\nimport os\n")
                .contains("    run(lambda: in_range(10, 0, 10))\n");
    }

    @Test
    void aPythonMethodIsNotProbed() {
        Map<String, String> files = Map.of("span.py", "class Span:\n    def has(self, v):\n        return v > 0\n",
                "test_span.py", "def test_a():\n    assert Span().has(1)\n");

        ProbePlan.Planned planned = ProbePlan.of("span.py", 3, List.of("test_span.py::test_a"),
                List.copyOf(files.keySet()), f -> Optional.ofNullable(files.get(f)));

        assertThat(planned.plan()).isEmpty();
        assertThat(planned.why()).contains("has").contains("not a module-level function");
    }
}
