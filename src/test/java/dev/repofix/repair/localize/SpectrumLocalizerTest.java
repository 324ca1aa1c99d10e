package dev.repofix.repair.localize;

import static dev.repofix.repair.FixtureRepo.failed;
import static dev.repofix.repair.FixtureRepo.frame;
import static dev.repofix.repair.localize.Spectra.Tracing.LINES;
import static dev.repofix.repair.localize.Spectra.Tracing.PROBES;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.testrun.FailureReport;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Spectra combined with the stack-frame ranking, on hand-built spectra over a small repository. */
class SpectrumLocalizerTest {
    private static final String CALC = "src/main/java/org/calc/Calc.java";
    private static final String UTIL = "src/main/java/org/calc/Util.java";
    private static final String TEST = "src/test/java/org/calc/CalcTest.java";

    @TempDir
    Path root;

    private FixtureRepo repo;
    private SourceCache sources;

    @BeforeEach
    void writeRepository() {
        repo = new FixtureRepo(root, new MavenBuild())
                .lines(CALC, "package org.calc;", "class Calc {", "    static int f(int a) {", "        int b = a + 1;",
                        "        int c = b * 2;", "        int d = c - 3;", "        return d;", "    }", "}")
                .lines(UTIL, "package org.calc;", "class Util {", "    static int g(int a) {", "        return a;",
                        "    }", "}")
                .lines(TEST, "package org.calc;", "class CalcTest {", "    void t() {", "        Calc.f(1);", "    }",
                        "}")
                .passing("org.calc.CalcTest#u");
        sources = new SourceCache(repo.files());
    }

    private FailureReport report(int deepestLine) {
        return repo.report(failed("org.calc.CalcTest#t", "boom", "trace", frame(CALC, deepestLine, "f"),
                frame(TEST, 4, "t")));
    }

    @Test
    void ranksByOchiaiAndSaysWhy() {
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(CALC, 4, 1, 1),
                new Spectra.LineSpectrum(CALC, 5, 1, 0),
                new Spectra.LineSpectrum(UTIL, 4, 0, 1)), 1, 1, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                report(7), sources);

        assertThat(loc.locations()).extracting(Location::toString).containsExactly(CALC + ":5", CALC + ":4");
        assertThat(loc.locations().get(0).score()).isEqualTo(1.0);
        assertThat(loc.locations().get(0).content()).isEqualTo("        int c = b * 2;");
        assertThat(loc.locations().get(0).reason()).isEqualTo("ochiai 1.00: run by 1 of 1 failing and 0 of 1 passing tests");
    }

    @Test
    void aLoopsConditionRanksWithTheBestLineOfItsBodyAndBeforeIt() {
        String stats = "src/main/java/org/calc/Stats.java";
        repo.lines(stats, "package org.calc;", "class Stats {", "    static int max(int[] xs) {",
                "        int best = xs[0];", "        for (int i = 1; i < xs.length - 1; i++) {",
                "            if (xs[i] > best) {", "                best = xs[i];", "            }", "        }",
                "        return best;", "    }", "}");
        sources = new SourceCache(repo.files());
        // One passing test (one element) runs the loop's condition but never its body.
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(stats, 4, 1, 1),
                new Spectra.LineSpectrum(stats, 5, 1, 1),
                new Spectra.LineSpectrum(stats, 6, 1, 0),
                new Spectra.LineSpectrum(stats, 7, 1, 0),
                new Spectra.LineSpectrum(stats, 10, 1, 1)), 1, 1, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                repo.report(failed("org.calc.StatsTest#max", "expected 9", "trace")), sources);

        assertThat(loc.locations()).extracting(Location::line).startsWith(5, 6, 7);
        assertThat(loc.locations().get(0).score()).isEqualTo(1.0);
        assertThat(loc.locations().get(0).reason()).contains("raised to its loop body's score");
    }

    @Test
    void aPythonLoopsHeaderRanksWithTheBestLineOfItsBodyAndBeforeIt() {
        String stats = "stats/extremes.py";
        FixtureRepo py = new FixtureRepo(root.resolve("py"), new PytestBuild())
                .lines(stats, "def max_of(xs):", "    best = xs[0]", "    for i in range(1, len(xs) - 1):",
                        "        if xs[i] > best:", "            best = xs[i]", "    return best")
                .passing("tests/test_extremes.py::test_one");
        // One passing test (one element) runs the loop's header but never its body.
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(stats, 2, 1, 1),
                new Spectra.LineSpectrum(stats, 3, 1, 1),
                new Spectra.LineSpectrum(stats, 4, 1, 0),
                new Spectra.LineSpectrum(stats, 5, 1, 0),
                new Spectra.LineSpectrum(stats, 6, 1, 1)), 1, 1, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                py.report(failed("tests/test_extremes.py::test_max", "assert 3 == 9", "trace")),
                new SourceCache(py.files()));

        assertThat(loc.locations()).extracting(Location::line).startsWith(3, 4, 5);
        assertThat(loc.locations().get(0).reason()).contains("raised to its loop body's score");
    }

    @Test
    void aPythonConditionRanksJustBelowTheElseBranchFailingTestsTake() {
        String walk = "walk/kinds.py";
        FixtureRepo py = new FixtureRepo(root.resolve("py"), new PytestBuild())
                .lines(walk, "def kind(x):", "    if isinstance(x, dict):", "        return 'map'",
                        "    elif isinstance(x, list):", "        return 'seq'", "    else:",
                        "        raise TypeError(x)", "", "def walk(xs):", "    out = []", "    for x in xs:",
                        "        out.append(kind(x))", "    return out")
                .passing("tests/test_kinds.py::test_dict");
        // A tuple, a sequence the condition misses, takes the else branch; passing tests give a dict,
        // lists and an empty walk.
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(walk, 2, 1, 3),
                new Spectra.LineSpectrum(walk, 3, 0, 1),
                new Spectra.LineSpectrum(walk, 4, 1, 2),
                new Spectra.LineSpectrum(walk, 5, 0, 2),
                new Spectra.LineSpectrum(walk, 7, 1, 0),
                new Spectra.LineSpectrum(walk, 10, 1, 1),
                new Spectra.LineSpectrum(walk, 11, 1, 1),
                new Spectra.LineSpectrum(walk, 12, 1, 1),
                new Spectra.LineSpectrum(walk, 13, 1, 1)), 1, 3, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                py.report(failed("tests/test_kinds.py::test_tuple", "TypeError", "trace",
                        frame(walk, 7, "kind"), frame(walk, 12, "walk"))), new SourceCache(py.files()));

        // the raise first, then the conditions that decide it, nearest first, then the walk
        assertThat(loc.locations()).extracting(Location::line).startsWith(7, 4, 2);
        assertThat(loc.locations().get(1).reason()).contains("raised to just below line 7");
    }

    @Test
    void aJavaConditionWhoseBranchReturnsDecidesTheRestOfItsBlock() {
        String kinds = "src/main/java/org/calc/Kinds.java";
        repo.lines(kinds, "package org.calc;", "class Kinds {", "    static String kind(Object x) {",
                "        if (x instanceof java.util.ArrayList) {", "            return \"list\";", "        }",
                "        String s = String.valueOf(x);", "        return s.trim();", "    }", "}");
        sources = new SourceCache(repo.files());
        // A LinkedList falls through to the lines below; passing tests give an ArrayList and a string.
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(kinds, 4, 1, 3),
                new Spectra.LineSpectrum(kinds, 5, 0, 2),
                new Spectra.LineSpectrum(kinds, 7, 1, 1),
                new Spectra.LineSpectrum(kinds, 8, 1, 1),
                new Spectra.LineSpectrum(CALC, 4, 1, 2),
                new Spectra.LineSpectrum(CALC, 5, 1, 2)), 1, 3, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                repo.report(failed("org.calc.KindsTest#linked", "expected [1]", "trace")), sources);

        // the lines after the if run only when its condition is false: they lift it
        assertThat(loc.locations()).extracting(Location::toString).startsWith(kinds + ":7", kinds + ":8",
                kinds + ":4", CALC + ":4");
    }

    @Test
    void aPythonConditionWithoutElseLiftsOnlyWhenItsBodyJumpsOut() {
        String walk = "walk/kinds.py";
        FixtureRepo py = new FixtureRepo(root.resolve("py"), new PytestBuild())
                .lines(walk, "def kind(x):", "    if isinstance(x, list):", "        return 'seq'",
                        "    raise TypeError(x)", "", "def count(x):", "    n = 0", "    if isinstance(x, list):",
                        "        n = len(x)", "    return n + 1")
                .passing("tests/test_kinds.py::test_list");
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(walk, 2, 1, 3),
                new Spectra.LineSpectrum(walk, 3, 0, 3),
                new Spectra.LineSpectrum(walk, 4, 1, 0),
                new Spectra.LineSpectrum(walk, 7, 1, 3),
                new Spectra.LineSpectrum(walk, 8, 1, 3),
                new Spectra.LineSpectrum(walk, 9, 0, 3),
                new Spectra.LineSpectrum(walk, 10, 1, 0)), 1, 3, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                py.report(failed("tests/test_kinds.py::test_tuple", "TypeError", "trace", frame(walk, 4, "kind"))),
                new SourceCache(py.files()));

        // line 2's body returns, so the raise is its false branch; line 8's body falls through to line 10
        assertThat(loc.locations()).extracting(Location::line).startsWith(4, 10, 2);
        assertThat(loc.locations().stream().filter(l -> l.line() == 8).findFirst().orElseThrow().reason())
                .doesNotContain("raised");
    }

    @Test
    void aConstantJavaConditionNoProbeSawRanksJustBelowItsBody() {
        String bag = "src/main/java/org/calc/Bag.java";
        repo.lines(bag, "package org.calc;", "class Bag {", "    final java.util.List<String> xs = new java.util.ArrayList<>();",
                "    void add(String x) {", "        if (true) {", "            xs.add(x);", "        }", "    }", "}");
        sources = new SourceCache(repo.files());
        // javac compiles `if (true)` to its body alone: line 5 has no spectrum
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(bag, 6, 1, 3),
                new Spectra.LineSpectrum(CALC, 4, 1, 0)), 1, 3, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                repo.report(failed("org.calc.BagTest#nulls", "boom", "trace", frame(CALC, 4, "f"))), sources);

        assertThat(loc.locations()).extracting(Location::toString).containsExactly(CALC + ":4", bag + ":6", bag + ":5");
        assertThat(loc.locations().get(2).reason()).contains("constant condition");
    }

    @Test
    void aJavaElseBranchLiftsItsCondition() {
        String kinds = "src/main/java/org/calc/Kinds.java";
        repo.lines(kinds, "package org.calc;", "class Kinds {", "    static String kind(Object x) {",
                "        if (x instanceof java.util.ArrayList) {", "            return \"list\";", "        } else {",
                "            throw new IllegalArgumentException(\"not a list\");", "        }", "    }", "}");
        sources = new SourceCache(repo.files());
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(kinds, 4, 1, 3),
                new Spectra.LineSpectrum(kinds, 5, 0, 3),
                new Spectra.LineSpectrum(kinds, 7, 1, 0),
                new Spectra.LineSpectrum(CALC, 4, 1, 1),
                new Spectra.LineSpectrum(CALC, 5, 1, 1)), 1, 3, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                repo.report(failed("org.calc.KindsTest#linked", "IllegalArgumentException", "trace",
                        frame(kinds, 7, "kind"))), sources);

        assertThat(loc.locations()).extracting(Location::toString).startsWith(kinds + ":7", kinds + ":4");
    }

    @Test
    void aPythonBlockWithALocalNothingReadsRanksWithTheTop() {
        String index = "multi/index.py";
        FixtureRepo py = new FixtureRepo(root.resolve("py"), new PytestBuild())
                .lines(index, "def add(index, k, v):", "    cells = index.setdefault(k, [])", "    cell = (k, v)",
                        "    return cell", "", "def pop(index, k):", "    return index[k].pop()", "",
                        "def show(index):", "    items = sorted(index)", "    return ', '.join(items)")
                .passing("tests/test_index.py::test_add");
        // every test adds; only the failing one pops, from the list add never filled
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(index, 2, 1, 5),
                new Spectra.LineSpectrum(index, 3, 1, 5),
                new Spectra.LineSpectrum(index, 4, 1, 5),
                new Spectra.LineSpectrum(index, 7, 1, 0),
                new Spectra.LineSpectrum(index, 10, 1, 1),
                new Spectra.LineSpectrum(index, 11, 1, 1)), 1, 5, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                py.report(failed("tests/test_index.py::test_pop", "IndexError", "trace", frame(index, 7, "pop"))),
                new SourceCache(py.files()));

        assertThat(loc.locations()).extracting(Location::line).startsWith(7, 4, 3, 2);
        assertThat(loc.locations().get(1).reason()).contains("`cells` (line 2) is assigned and never read");
    }

    @Test
    void breaksTiesByDistanceToTheDeepestFrame() {
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(UTIL, 4, 1, 0),
                new Spectra.LineSpectrum(CALC, 4, 1, 0),
                new Spectra.LineSpectrum(CALC, 5, 1, 0),
                new Spectra.LineSpectrum(CALC, 6, 1, 0)), 1, 0, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, new Localization(List.of()),
                report(6), sources);

        assertThat(loc.locations()).extracting(Location::toString)
                .containsExactly(CALC + ":6", CALC + ":5", CALC + ":4", UTIL + ":4");
    }

    @Test
    void stackEvidenceLiftsOneOfEquallySuspiciousLines() {
        Spectra spectra = new Spectra(List.of(
                new Spectra.LineSpectrum(CALC, 4, 1, 1),
                new Spectra.LineSpectrum(CALC, 6, 1, 1)), 1, 1, LINES);
        Localization frames = new Localization(List.of(new Location(CALC, 4, "", 1.0, "raised here")));

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, frames, report(6), sources);

        assertThat(loc.locations()).extracting(Location::toString).containsExactly(CALC + ":4", CALC + ":6");
        assertThat(loc.locations().get(0).reason()).endsWith("; raised here");
    }

    @Test
    void dropsFrameSuspectsCoverageSawNoTestRunAndKeepsThoseInUnmeasuredFilesLast() {
        Spectra spectra = new Spectra(List.of(new Spectra.LineSpectrum(CALC, 5, 1, 3)), 1, 3, LINES);
        Localization frames = new Localization(List.of(
                new Location(CALC, 3, "", 1.0, "declaration"),
                new Location(UTIL, 4, "", 1.0, "called by the failing test")));

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, frames, report(5), sources);

        assertThat(loc.locations()).extracting(Location::toString).containsExactly(CALC + ":5", UTIL + ":4");
        assertThat(loc.locations().get(1).reason()).contains("no failing test ran it under coverage");
    }

    @Test
    void keepsAStackFrameLineThatProbeCoverageMissedAndRanksItFirst() {
        // The exception left line 6's block before a probe fired: JaCoCo saw lines 4 and 5 run, not 6.
        Spectra spectra = new Spectra(List.of(new Spectra.LineSpectrum(CALC, 4, 1, 1),
                new Spectra.LineSpectrum(CALC, 5, 1, 1)), 1, 1, PROBES);
        Localization frames = new Localization(List.of(new Location(CALC, 6, "", 1.0, "deepest frame")));

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, frames, report(6), sources);

        assertThat(loc.locations()).extracting(Location::toString).startsWith(CALC + ":6");
        assertThat(loc.locations().get(0).reason()).contains("where coverage probes cannot see");
    }

    @Test
    void theProbeGapRuleFollowsTheCoverageNotTheFilesLanguage() {
        // JaCoCo measures any JVM class file: a Kotlin line on the stack has the same probe gap.
        String kotlin = "src/main/kotlin/org/calc/Calc.kt";
        repo.lines(kotlin, "package org.calc", "object Calc {", "    fun f(a: Int): Int {", "        val b = a + 1",
                "        val c = b * 2", "        return c / (a - 1)", "    }", "}");
        sources = new SourceCache(repo.files());
        Spectra spectra = new Spectra(List.of(new Spectra.LineSpectrum(kotlin, 4, 1, 1),
                new Spectra.LineSpectrum(kotlin, 5, 1, 1)), 1, 1, PROBES);
        Localization frames = new Localization(List.of(new Location(kotlin, 6, "", 1.0, "deepest frame")));

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, frames,
                repo.report(failed("org.calc.CalcTest#t", "boom", "trace", frame(kotlin, 6, "f"),
                        frame(TEST, 4, "t"))), sources);

        assertThat(loc.locations()).extracting(Location::toString).startsWith(kotlin + ":6");
    }

    @Test
    void dropsAStackFrameLineThatLineTracedCoverageSawNoTestRun() {
        // Line tracing records a line as it starts: a frame line it did not see is not a line that ran
        // (a multi-line call's first line, a signature), whatever the file's language.
        Spectra spectra = new Spectra(List.of(new Spectra.LineSpectrum(CALC, 4, 1, 1),
                new Spectra.LineSpectrum(CALC, 5, 1, 1)), 1, 1, LINES);
        Localization frames = new Localization(List.of(new Location(CALC, 6, "", 1.0, "deepest frame")));

        Localization loc = new SpectrumLocalizer(SpectrumFormula.OCHIAI).localize(spectra, frames, report(6), sources);

        assertThat(loc.locations()).extracting(Location::toString).containsExactly(CALC + ":5", CALC + ":4");
    }

    @Test
    void leavesTestCodeOut() {
        Spectra spectra = new Spectra(List.of(new Spectra.LineSpectrum(TEST, 4, 1, 0),
                new Spectra.LineSpectrum(CALC, 4, 1, 1)), 1, 1, LINES);

        Localization loc = new SpectrumLocalizer(SpectrumFormula.DSTAR).localize(spectra, new Localization(List.of()),
                report(4), sources);

        assertThat(loc.locations()).extracting(Location::toString).containsExactly(CALC + ":4");
    }
}
