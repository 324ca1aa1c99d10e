package dev.repofix.patch;

import static dev.repofix.patch.HunkLine.add;
import static dev.repofix.patch.HunkLine.context;
import static dev.repofix.patch.HunkLine.remove;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class HunkLocatorTest {
    /** "a", "b", "c", "x", "y", ... with the block x/y at 0-based 3, 10 and 20. */
    private static final List<String> TEXT = text();
    private static final List<HunkLine> XY = List.of(context("x"), remove("y"), add("Y"));

    static Stream<Arguments> placements() {
        return Stream.of(
                row("where the header says", XY, 10, found(10, Placement.EXACT)),
                row("nearest of three, after", XY, 12, found(10, Placement.OFFSET)),
                row("nearest of three, before", XY, 17, found(20, Placement.OFFSET)),
                row("far off but nearest", XY, 40, found(20, Placement.OFFSET)),
                row("as near to two", XY, 15, new HunkLocator.Ambiguous(List.of(3, 10, 20), 2)),
                row("no line, three matches", XY, -1, new HunkLocator.Ambiguous(List.of(3, 10, 20), 2)),
                row("no line, one match", List.of(remove("c"), add("C")), -1, found(2, Placement.EXACT)),
                row("unique, elsewhere", List.of(context("b"), remove("c")), 30, found(1, Placement.OFFSET)),
                row("tabs for spaces", List.of(context("if (t) {"), remove("go();")), 0, found(5, Placement.WHITESPACE)),
                row("trailing space", List.of(remove("end"), context("last")), 25, found(29, Placement.WHITESPACE)),
                row("verbatim far beats loose near", List.of(remove("b")), 28, found(1, Placement.OFFSET)),
                row("invented first context line", List.of(context("nope"), context("b"), remove("c"), context("x")), 0,
                        new HunkLocator.Found(1, Placement.FUZZY, 1, 1)),
                row("invented context at both ends, twice", List.of(context("n1"), context("n2"), context("b"), remove("c"),
                        context("x"), context("n3"), context("n4")), 0, new HunkLocator.Found(1, Placement.FUZZY, 2, 2)),
                row("fuzz leaves only blank lines", List.of(context("nope"), remove(""), context("nope")), 0,
                        new HunkLocator.NotFound()),
                row("fuzz never drops a removed line", List.of(remove("nope"), context("b"), context("c")), 0,
                        new HunkLocator.NotFound()),
                row("fuzzy, yet twice", List.of(context("nope"), remove("x"), context("y"), context("nope")), -1,
                        new HunkLocator.Ambiguous(List.of(3, 10, 20), 2)),
                row("nowhere", List.of(remove("zzz")), 5, new HunkLocator.NotFound()));
    }

    private static Arguments row(String name, List<HunkLine> lines, int expected, HunkLocator.Result result) {
        return Arguments.of(Named.of(name, lines), expected, result);
    }

    private static HunkLocator.Found found(int index, Placement placement) {
        return new HunkLocator.Found(index, placement, 0, 0);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("placements")
    void placesAHunkByTheFirstStepThatMatches(List<HunkLine> lines, int expected, HunkLocator.Result result) {
        assertThat(new HunkLocator(TEXT).locate(lines, expected)).isEqualTo(result);
    }

    @Test
    void collapsesEveryWhitespaceRunAndTrims() {
        assertThat(HunkLocator.collapse("\t int  x =\t1;  ")).isEqualTo("int x = 1;");
    }

    private static List<String> text() {
        List<String> t = new ArrayList<>(List.of("a", "b", "c", "x", "y", "\tif (t)  {", "\t\tgo();"));
        while (t.size() < 40) {
            t.add("filler " + t.size());
        }
        t.set(10, "x");
        t.set(11, "y");
        t.set(20, "x");
        t.set(21, "y");
        t.set(29, "end  ");
        t.set(30, "last");
        t.set(28, " b");
        return List.copyOf(t);
    }
}
