package dev.repofix.repair.localize;

import static dev.repofix.repair.FixtureRepo.failed;
import static dev.repofix.repair.FixtureRepo.frame;
import static dev.repofix.repair.localize.FrameLocalizerTest.score;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.stage.Location;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestResult;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A failed assertion leaves only a test frame: the suspects are in what the test calls. Run via FrameLocalizer. */
class CalleeFinderTest {
    private static final String CALC = "src/main/java/com/acme/Calc.java";
    private static final String CHECKS = "src/main/java/com/acme/Checks.java";
    private static final String CALC_TEST = "src/test/java/com/acme/CalcTest.java";

    @TempDir
    Path root;

    @Test
    void findsTheJavaMethodCalledOnTheFailingLineFirst() {
        FixtureRepo repo = javaRepo(root);

        List<Location> locations = localize(repo.report(calcTestFails()));

        assertThat(locations.get(0)).hasToString(CALC + ":13");
        assertThat(locations.get(0).content()).isEqualTo("        return a + negate(b);");
        assertThat(locations.get(0).reason()).isEqualTo("called by the failing test (sub)");
        assertThat(locations).extracting(Location::toString)
                .containsSubsequence(CALC + ":13", CALC + ":9", CALC + ":5");
        assertThat(locations).extracting(Location::file).doesNotContain(CALC_TEST);
    }

    @Test
    void followsOneLevelFurtherWithLowerScores() {
        FixtureRepo repo = javaRepo(root);

        List<Location> locations = localize(repo.report(calcTestFails()));

        Location negate = locations.stream().filter(l -> l.line() == 17).findFirst().orElseThrow();
        assertThat(negate.file()).isEqualTo(CALC);
        assertThat(negate.reason()).isEqualTo("called by code the failing test calls (negate)");
        assertThat(negate.score()).isLessThan(score(locations, CALC + ":13"));
    }

    @Test
    void closingBracesAreNeverSuspects() {
        FixtureRepo repo = javaRepo(root);

        List<Location> locations = localize(repo.report(calcTestFails()));

        assertThat(locations).extracting(Location::content).noneMatch(c -> c.strip().matches("[})\\];]*"));
    }

    @Test
    void doesNotFollowAssertionHelpersEvenWhenTheSourceDefinesThem() {
        FixtureRepo repo = javaRepo(root);

        List<Location> locations = localize(repo.report(calcTestFails()));

        assertThat(locations).extracting(Location::file).doesNotContain(CHECKS);
    }

    @Test
    void findsThePythonFunctionCalledOnTheFailingLineAndSkipsItsDocstring() {
        FixtureRepo repo = new FixtureRepo(root, new PytestBuild())
                .lines("calc.py",
                        "def add(a, b):",                   // 1
                        "    \"\"\"Add two numbers.",       // 2
                        "",                                 // 3
                        "    >>> add(2, 2)",                // 4
                        "    4",                            // 5
                        "    \"\"\"",                       // 6
                        "    # the sum",                    // 7
                        "    return a - b",                 // 8
                        "",                                 // 9
                        "",                                 // 10
                        "def mul(a, b):",                   // 11
                        "    return a * b")                 // 12
                .lines("tests/test_calc.py",
                        "from calc import add, mul",        // 1
                        "",                                 // 2
                        "",                                 // 3
                        "def test_add():",                  // 4
                        "    assert mul(1, 1) == 1",        // 5
                        "    assert add(2, 2) == 4");       // 6
        TestResult t = failed("tests/test_calc.py::test_add", "assert 0 == 4", "",
                frame("tests/test_calc.py", 6, "test_add"));

        List<Location> locations = localize(repo.report(t));

        assertThat(locations.get(0)).hasToString("calc.py:8");
        assertThat(locations).extracting(Location::line).doesNotContain(2, 3, 4, 5, 6, 7);
        assertThat(locations).extracting(Location::toString).containsSubsequence("calc.py:8", "calc.py:12");
    }

    @Test
    void sharesTheScoreOfANameDefinedInManyFiles() {
        FixtureRepo once = new FixtureRepo(root.resolve("once"), new MavenBuild());
        FixtureRepo thrice = new FixtureRepo(root.resolve("thrice"), new MavenBuild());
        for (FixtureRepo repo : List.of(once, thrice)) {
            repo.lines(CALC_TEST, "class CalcTest {", "    void totals() {", "        assertEquals(3, total(xs));",
                    "    }", "}");
            repo.lines("src/main/java/a/Cart.java", "class Cart {", "    int total(int[] xs) {",
                    "        return xs.length;", "    }", "}");
        }
        thrice.lines("src/main/java/b/Order.java", "class Order {", "    int total(int[] xs) {", "        return 0;",
                "    }", "}");
        thrice.lines("src/main/java/c/Bill.java", "class Bill {", "    int total(int[] xs) {", "        return 1;",
                "    }", "}");
        TestResult t = failed("CalcTest#totals", "expected: <3> but was: <2>", "", frame(CALC_TEST, 3, "totals"));

        double alone = score(localize(once.report(t)), "src/main/java/a/Cart.java:3");
        double shared = score(localize(thrice.report(t)), "src/main/java/a/Cart.java:3");

        assertThat(shared).isCloseTo(alone / 3, offset(1e-9));
    }

    @Test
    void looksAtNoMoreThanSixDefinitionsOfAName() {
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .lines(CALC_TEST, "class CalcTest {", "    void totals() {", "        assertEquals(3, total(xs));",
                        "    }", "}");
        IntStream.rangeClosed(1, 9).forEach(i -> repo.lines("src/main/java/p" + i + "/Cart.java", "class Cart {",
                "    int total(int[] xs) {", "        return " + i + ";", "    }", "}"));
        TestResult t = failed("CalcTest#totals", "expected: <3> but was: <2>", "", frame(CALC_TEST, 3, "totals"));

        List<Location> locations = localize(repo.report(t));

        assertThat(locations.stream().map(Location::file).distinct()).hasSize(6);
    }

    @Test
    void findsNothingWhenTheTestFileIsNotInTheRepository() {
        FixtureRepo repo = javaRepo(root);
        TestResult t = failed("com.acme.GoneTest#x", "", "", frame("src/test/java/com/acme/GoneTest.java", 3, "x"));

        assertThat(localize(repo.report(t))).isEmpty();
    }

    @Test
    void keepsAtMostSixtyLocations() {
        String[] body = IntStream.rangeClosed(1, 100).mapToObj(i -> "        x += " + i + ";").toArray(String[]::new);
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .lines(CALC_TEST, "class CalcTest {", "    void big() {", "        assertEquals(3, big());", "    }", "}")
                .write(CALC, "class Calc {\n    int big() {\n" + String.join("\n", body) + "\n        return x;\n"
                        + "    }\n}\n");
        TestResult t = failed("CalcTest#big", "", "", frame(CALC_TEST, 3, "big"));

        List<Location> locations = localize(repo.report(t));

        assertThat(locations).hasSize(60);
        assertThat(locations.get(0).line()).isEqualTo(3);
    }

    private static FixtureRepo javaRepo(Path root) {
        return new FixtureRepo(root, new MavenBuild())
                .lines(CALC,
                        "package com.acme;",                                  // 1
                        "",                                                   // 2
                        "class Calc {",                                       // 3
                        "    Calc(int scale) {",                              // 4
                        "        this.scale = scale;",                        // 5
                        "    }",                                              // 6
                        "",                                                   // 7
                        "    int add(int a, int b) {",                        // 8
                        "        return a + b;",                              // 9
                        "    }",                                              // 10
                        "",                                                   // 11
                        "    int sub(int a, int b) {",                        // 12
                        "        return a + negate(b);",                      // 13
                        "    }",                                              // 14
                        "",                                                   // 15
                        "    int negate(int a) {",                            // 16
                        "        return a * -1;",                             // 17
                        "    }",                                              // 18
                        "",                                                   // 19
                        "    int twice(int a) {",                             // 20
                        "        return negate(negate(a));",                  // 21
                        "    }",                                              // 22
                        "}")
                .lines(CHECKS,
                        "package com.acme;",
                        "",
                        "final class Checks {",
                        "    static void assertEquals(int a, int b) {",
                        "        if (a != b) throw new AssertionError();",
                        "    }",
                        "    static Checks assertThat(int a) {",
                        "        return new Checks();",
                        "    }",
                        "}")
                .lines(CALC_TEST,
                        "package com.acme;",                                  // 1
                        "",                                                   // 2
                        "class CalcTest {",                                   // 3
                        "    @Test",                                          // 4
                        "    void subtracts() {",                             // 5
                        "        Calc calc = new Calc(1);",                   // 6
                        "        assertEquals(2, calc.add(1, 1));",           // 7
                        "        assertThat(1).isEqualTo(1);",                // 8
                        "        assertEquals(1, calc.sub(3, 2));",           // 9
                        "    }",                                              // 10
                        "}");
    }

    private static TestResult calcTestFails() {
        return failed("com.acme.CalcTest#subtracts", "expected: <1> but was: <5>",
                "org.opentest4j.AssertionFailedError: expected: <1> but was: <5>\n",
                frame(CALC_TEST, 9, "subtracts"));
    }

    private static List<Location> localize(FailureReport report) {
        return new FrameLocalizer().localize(report, new SourceCache(report.files())).locations();
    }
}
