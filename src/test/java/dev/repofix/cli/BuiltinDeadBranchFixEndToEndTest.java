package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model where a candidate that passes every test makes a branch
 * dead: a grade's {@code elif score >= 0} (the B band) lets 50 through; moving its bound to
 * the file's other number {@code 90} makes the tests pass by making the band unreachable (the
 * {@code if} above tests {@code score >= 90} already), and no test calls for a B. Where the
 * file also has {@code 80} (the real bound) that candidate is the fix and the dead one is
 * ranked after it; where it has not, the dead one is the fix, with the caveat. Real pytest
 * and mvn, tagged slow.
 */
@Tag("slow")
class BuiltinDeadBranchFixEndToEndTest {
    private static final String PY_TESTS = """
            from grades.bands import grade


            def test_top_band():
                assert grade(95) == "A"


            def test_below_zero_fails():
                assert grade(-5) == "F"


            def test_fifty_fails():
                assert grade(50) == "F"


            def test_zero_fails():
                assert grade(0) == "F"
            """;
    private static final String JAVA_TESTS = """
            package org.grades;

            import static org.junit.jupiter.api.Assertions.assertEquals;

            import org.junit.jupiter.api.Test;

            class BandsTest {
                @Test
                void topBand() {
                    assertEquals("A", Bands.grade(95));
                }

                @Test
                void belowZeroFails() {
                    assertEquals("F", Bands.grade(-5));
                }

                @Test
                void fiftyFails() {
                    assertEquals("F", Bands.grade(50));
                }

                @Test
                void zeroFails() {
                    assertEquals("F", Bands.grade(0));
                }
            }
            """;

    @TempDir
    Path temp;

    @Test
    void pythonPrefersTheFixThatKeepsTheBranchAndNamesTheOneThatKillsIt() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("grades"), Map.of(
                "grades/__init__.py", "",
                "grades/bands.py", python("HONOURS = 80\n"),
                "tests/test_bands.py", PY_TESTS));

        JsonNode report = BuiltinFixRuns.assertFixed(run(repo));

        assertThat(report.path("patch").asText()).as(tried(report)).contains("+    elif score >= 80:");
        assertThat(report.path("fixCaveats")).isEmpty();
        JsonNode dead = valid(report, "+    elif score >= 90:");
        assertThat(dead.path("caveats").get(0).asText()).contains("`elif score >= 90:` (grades/bands.py:")
                .contains("implies the earlier `if score >= 90:`");
    }

    @Test
    void pythonReportsTheOnlyFixThatPassesWithTheCaveat() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("grades"), Map.of(
                "grades/__init__.py", "",
                "grades/bands.py", python(""),
                "tests/test_bands.py", PY_TESTS));

        RunOutput run = run(repo);
        JsonNode report = BuiltinFixRuns.assertFixed(run);

        assertThat(report.path("patch").asText()).as(tried(report)).contains("+    elif score >= 90:");
        assertThat(report.path("fixCaveats").get(0).asText()).contains("`elif score >= 90:`");
        assertThat(Files.readString(run.outDir().resolve("report.md"))).contains("**Caveat.** This fix makes code "
                + "unreachable").contains("review before applying");
    }

    @Test
    void javaPrefersTheFixThatKeepsTheBranchAndNamesTheOneThatKillsIt() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("grades"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/grades/Bands.java", java("    static final int HONOURS = 80;\n\n"),
                "src/test/java/org/grades/BandsTest.java", JAVA_TESTS));

        JsonNode report = BuiltinFixRuns.assertFixed(run(repo));

        assertThat(report.path("patch").asText()).as(tried(report)).contains("+        } else if (score >= 80) {");
        assertThat(report.path("fixCaveats")).isEmpty();
        JsonNode dead = valid(report, "+        } else if (score >= 90) {");
        assertThat(dead.path("caveats").get(0).asText()).contains("`else if (score >= 90)`");
    }

    @Test
    void javaReportsTheOnlyFixThatPassesWithTheCaveat() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("grades"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/grades/Bands.java", java(""),
                "src/test/java/org/grades/BandsTest.java", JAVA_TESTS));

        JsonNode report = BuiltinFixRuns.assertFixed(run(repo));

        assertThat(report.path("patch").asText()).as(tried(report)).contains("+        } else if (score >= 90) {");
        assertThat(report.path("fixCaveats").get(0).asText()).contains("`else if (score >= 90)`")
                .contains("implies the earlier `if (score >= 90)`");
    }

    private RunOutput run(Path repo) {
        return BuiltinFixRuns.fix(temp, repo, List.of("--max-candidates", "40"));
    }

    private static String python(String more) {
        return more + """
                def grade(score):
                    if score >= 90:
                        return "A"
                    elif score >= 0:
                        return "B"
                    return "F"
                """;
    }

    private static String java(String more) {
        return """
                package org.grades;

                public final class Bands {
                """ + more + """
                    public static String grade(int score) {
                        if (score >= 90) {
                            return "A";
                        } else if (score >= 0) {
                            return "B";
                        }
                        return "F";
                    }
                }
                """;
    }

    /** The VALID candidate whose diff has {@code line}. */
    private static JsonNode valid(JsonNode report, String line) {
        for (JsonNode c : report.path("candidates")) {
            if (c.path("diff").asText().contains(line) && c.path("validation").path("verdict").asText().equals("VALID")) {
                return c;
            }
        }
        throw new AssertionError("no VALID candidate with " + line + ": " + tried(report));
    }

    /** The candidates tried, for a failure's message. */
    private static String tried(JsonNode report) {
        List<String> out = new ArrayList<>();
        for (JsonNode c : report.path("candidates")) {
            if (!c.path("validation").isNull()) {
                out.add(c.path("id").asText() + " " + c.path("description").asText() + " "
                        + c.path("validation").path("verdict").asText() + " " + c.path("caveats"));
            }
        }
        return String.join("\n", out);
    }
}
