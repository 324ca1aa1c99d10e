package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestCallsTest {
    @Test
    void findsTheJavaCallsWhoseArgumentsAreAllLiterals() {
        String test = """
                class SpanTest {
                    void t() {
                        assertFalse(Span.inRange(10, 0, -10));
                        assertTrue(new Span().inRange(Integer.MAX_VALUE, 0, 10));
                        int v = 3;
                        assertTrue(Span.inRange(v, 0, 10));
                        assertTrue(Span.inRange(1, 2));
                        Stats.max(new int[] {1, 2}, List.of(3, 4), "x");
                    }
                }
                """;

        assertThat(TestCalls.java(test, "inRange", 3)).containsExactly(List.of("10", "0", "-10"),
                List.of("Integer.MAX_VALUE", "0", "10"));
        assertThat(TestCalls.java(test, "max", 3)).containsExactly(List.of("new int[] { 1, 2 }", "List.of(3, 4)",
                "\"x\""));
    }

    @Test
    void findsThePythonCallsAsTheTestNamesThem() {
        String test = """
                import span
                from span import in_range


                def test_a():
                    assert not span.in_range(10, 0, 10)
                    assert in_range(0, [1, (2, 3)], "a, b)")  # a comment in_range(9, 9, 9)
                    assert in_range(x, 0, 10)
                    assert in_range(1, lo=0, hi=10)
                    assert self.in_range(1, 2, 3)
                    assert in_range(None, -1.5, 'q')


                def in_range_helper():
                    pass
                """;

        assertThat(TestCalls.python(test, "in_range")).containsExactly(
                new TestCalls.PythonCall("span.in_range", List.of("10", "0", "10")),
                new TestCalls.PythonCall("in_range", List.of("0", "[1, (2, 3)]", "\"a, b)\"")),
                new TestCalls.PythonCall("in_range", List.of("None", "-1.5", "'q'")));
    }

    @Test
    void aPythonCallInsideAnArgumentIsNoLiteral() {
        assertThat(TestCalls.pythonLiteral("len([1])")).isFalse();
        assertThat(TestCalls.pythonLiteral("{'a': 1}")).isTrue();
        assertThat(TestCalls.pythonLiteral("*args")).isFalse();
        assertThat(TestCalls.pythonLiteral("x")).isFalse();
        assertThat(TestCalls.pythonLiteral("[0x1F, -1.5e-3, 2j, .5]")).isTrue();
    }
}
