package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.PatchText;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StoppedLinesTest {
    /** The shape: the reversed() branch runs only while the test is on {@code items}. */
    private static final String PY = """
            def last(items, default):
                if hasattr(items, "__reversed__"):
                    for x in reversed(items):
                        return x
                    return None
                out = default
                for x in items:
                    out = x
                return out


            def other(a):
                return a + 1
            """;
    /** Line 2's name moved onto the other parameter. */
    private static final String SWAP = """
            --- a/m.py
            +++ b/m.py
            @@ -1,3 +1,3 @@
             def last(items, default):
            -    if hasattr(items, "__reversed__"):
            +    if hasattr(default, "__reversed__"):
                     for x in reversed(items):
            """;
    /** What the passing tests ran before: the reversed() branch (3, 4), the loop (6-9), other (13). */
    private static final Map<String, Set<Integer>> BEFORE = Map.of("m.py", Set.of(2, 3, 4, 6, 7, 8, 9, 13));

    private static List<StoppedLines.Stopped> of(String diff, String source, Map<String, Set<Integer>> before,
            Map<String, Set<Integer>> after) {
        return StoppedLines.of(PatchText.read(diff), p -> p.equals("m.py") || p.equals("A.java")
                ? Optional.of(source) : Optional.empty(), before, after);
    }

    @Test
    void flagsTheLinesOfTheEditedFunctionThatNoTestRunsAnyMore() {
        List<StoppedLines.Stopped> stopped = of(SWAP, PY, BEFORE, Map.of("m.py", Set.of(2, 6, 7, 8, 9, 13)));

        assertThat(stopped).extracting(StoppedLines.Stopped::line).containsExactly(3, 4);
        assertThat(stopped.get(0).caveat()).isEqualTo("stops running line 3 (`for x in reversed(items):`) of `last` "
                + "in m.py, which the passing tests ran before");
    }

    @Test
    void saysNothingWhenTheTestsStillRunEveryLine() {
        assertThat(of(SWAP, PY, BEFORE, BEFORE)).isEmpty();
    }

    @Test
    void leavesOutTheLinesThePatchChangesAndTheMethodsItDoesNotEdit() {
        // Line 2 is the edit itself; line 13 (of `other`) stopped too, but `other` is not edited.
        assertThat(of(SWAP, PY, BEFORE, Map.of("m.py", Set.of(3, 4, 6, 7, 8, 9)))).isEmpty();
    }

    @Test
    void countsOnlyLinesThePassingTestsRanBefore() {
        // Line 5 never ran before (no passing test gave an empty list): that it does not run now says nothing.
        assertThat(of(SWAP, PY, Map.of("m.py", Set.of(2, 6, 7, 8, 9)), Map.of("m.py", Set.of(2, 6, 7, 8, 9))))
                .isEmpty();
    }

    @Test
    void followsTheLinesAPatchMovesByItsInsertions() {
        String diff = """
                --- a/m.py
                +++ b/m.py
                @@ -1,2 +1,4 @@
                 def last(items, default):
                +    if default is None:
                +        return None
                     if hasattr(items, "__reversed__"):
                """;
        // After the patch the old lines 3 and 4 are 5 and 6: the tests run them there.
        assertThat(of(diff, PY, BEFORE, Map.of("m.py", Set.of(2, 4, 5, 6, 8, 9, 10, 11)))).isEmpty();
        assertThat(of(diff, PY, BEFORE, Map.of("m.py", Set.of(2, 4, 8, 9, 10, 11))))
                .extracting(StoppedLines.Stopped::line).containsExactly(5, 6);
    }

    @Test
    void readsJavaMethodsByTheirSyntaxTree() {
        String java = """
                class A {
                    static int f(Object a, Object b) {
                        if (a instanceof String) {
                            return 1;
                        }
                        return 2;
                    }

                    static int g() {
                        return 3;
                    }
                }
                """;
        String diff = """
                --- a/A.java
                +++ b/A.java
                @@ -2,2 +2,2 @@
                     static int f(Object a, Object b) {
                -        if (a instanceof String) {
                +        if (b instanceof String) {
                """;
        List<StoppedLines.Stopped> stopped = StoppedLines.of(PatchText.read(diff), p -> Optional.of(java),
                Map.of("A.java", Set.of(3, 4, 6, 10)), Map.of("A.java", Set.of(3, 6)));

        assertThat(stopped).singleElement().satisfies(s -> {
            assertThat(s.line()).isEqualTo(4);
            assertThat(s.method()).isEqualTo("f");
            assertThat(s.text()).isEqualTo("return 1;");
        });
    }

    @Test
    void findsNothingWhereThePatchDoesNotApplyOrTheFileIsNotRead() {
        String stale = SWAP.replace("def last(items, default):", "def last(xs, default):");

        assertThat(of(stale, PY, BEFORE, Map.of())).isEmpty();
        assertThat(StoppedLines.of(PatchText.read(SWAP), p -> Optional.empty(), BEFORE, Map.of())).isEmpty();
    }

    @Test
    void pythonFunctionsEndWhereTheirBlockDoes() {
        assertThat(StoppedLines.pythonFunctions(PY.split("\n", -1))).containsExactly(
                new StoppedLines.Span("last", 1, 9), new StoppedLines.Span("other", 12, 13));
    }
}
