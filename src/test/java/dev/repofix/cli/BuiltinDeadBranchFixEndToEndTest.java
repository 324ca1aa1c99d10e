package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix fix} with no model where a candidate that passes every test makes a branch
 * dead, because no test asks for what that branch returns. Python: {@code elif depth > 100}
 * (of a label whose {@code if} tests {@code width > 100}) lets a deep box through as "tall";
 * renaming {@code depth} to {@code width} passes the tests by making the branch unreachable,
 * and where the function has {@code height} (the right name) that rename is the fix and the
 * dead one is ranked after it; where it has not, the dead one is the fix, with the caveat.
 * Java the same, its tall branch returning {@code "tall " + depth} (a literal there would be
 * changed to "small" first, by the return line's own templates). Real pytest and mvn, tagged slow.
 */
@Tag("slow")
class BuiltinDeadBranchFixEndToEndTest {
    private static final String PY_TESTS = """
            from boxes.labels import label


            def test_wide():
                assert label(500, 5, 5) == "wide"


            def test_small():
                assert label(5, 5, 5) == "small"


            def test_at_the_limit_is_small():
                assert label(5, 5, 100) == "small"


            def test_deep_is_not_tall():
                assert label(5, 5, 500) == "small"
            """;
    private static final String JAVA_TESTS = """
            package org.boxes;

            import static org.junit.jupiter.api.Assertions.assertEquals;

            import org.junit.jupiter.api.Test;

            class LabelsTest {
                @Test
                void wide() {
                    assertEquals("wide", Labels.label(500, 5, 5));
                }

                @Test
                void small() {
                    assertEquals("small", Labels.label(5, 5, 5));
                }

                @Test
                void atTheLimitIsSmall() {
                    assertEquals("small", Labels.label(5, 5, 100));
                }

                @Test
                void deepIsNotTall() {
                    assertEquals("small", Labels.label(5, 5, 500));
                }
            }
            """;

    /**
     * The candidates before the later families' guards, which are VALID here too: {@code depth > 100
     * and not depth} is as dead (no number above 100 is falsy), but that takes arithmetic the check
     * has not; {@code not depth} and {@code depth is None} are live and wrong, and no check here
     * can say so (the differential runs of item 3's second part are for those).
     */
    private static final List<String> SHORT_LIST = List.of("--max-candidates", "18", "--max-screened", "18");

    /**
     * Java's list is shorter (29), and a branch condition ranks just below the body line it
     * decides, so the wrong variable of line 7 comes after the relational and off-by-one edits of
     * lines 5, 7 and 8: the whole list, in which no other candidate passes these tests.
     */
    private static final List<String> JAVA_LIST = List.of("--max-candidates", "29", "--max-screened", "29");

    @TempDir
    Path temp;

    @Test
    void pythonPrefersTheFixThatKeepsTheBranchAndNamesTheOneThatKillsIt() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("boxes"), Map.of(
                "boxes/__init__.py", "",
                "boxes/labels.py", python("width, height, depth", "depth"),
                "tests/test_labels.py", PY_TESTS));

        JsonNode report = BuiltinFixRuns.assertFixed(run(repo));

        assertThat(report.path("patch").asText()).as(BuiltinFixRuns.tried(report)).contains("+    elif height > 100:");
        assertThat(report.path("fixCaveats")).isEmpty();
        JsonNode dead = BuiltinFixRuns.valid(report, "+    elif width > 100:");
        assertThat(dead.path("caveats").get(0).asText()).contains("`elif width > 100:` (boxes/labels.py:4)")
                .contains("implies the earlier `if width > 100:`");
    }

    @Test
    void pythonReportsTheOnlyFixThatPassesWithTheCaveat() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("boxes"), Map.of(
                "boxes/__init__.py", "",
                "boxes/labels.py", python("width, depth", "depth"),
                "tests/test_labels.py", PY_TESTS.replace(", 5, ", ", ")));

        RunOutput run = run(repo, SHORT_LIST);
        JsonNode report = BuiltinFixRuns.assertFixed(run);

        assertThat(report.path("patch").asText()).as(BuiltinFixRuns.tried(report)).contains("+    elif width > 100:");
        assertThat(report.path("fixCaveats").get(0).asText()).contains("`elif width > 100:`");
        assertThat(Files.readString(run.outDir().resolve("report.md"))).contains("**Caveat.** This fix makes code "
                + "unreachable").contains("review before applying");
    }

    @Test
    void javaPrefersTheFixThatKeepsTheBranchAndNamesTheOneThatKillsIt() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("boxes"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/boxes/Labels.java", java("int width, int height, int depth"),
                "src/test/java/org/boxes/LabelsTest.java", JAVA_TESTS));

        JsonNode report = BuiltinFixRuns.assertFixed(run(repo));

        assertThat(report.path("patch").asText()).as(BuiltinFixRuns.tried(report)).contains("+        } else if (height > 100) {");
        assertThat(report.path("fixCaveats")).isEmpty();
        JsonNode dead = BuiltinFixRuns.valid(report, "+        } else if (width > 100) {");
        assertThat(dead.path("caveats").get(0).asText()).contains("`else if (width > 100)`")
                .contains("implies the earlier `if (width > 100)`");
    }

    @Test
    void javaReportsTheOnlyFixThatPassesWithTheCaveat() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("boxes"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/boxes/Labels.java", java("int width, int depth"),
                "src/test/java/org/boxes/LabelsTest.java", JAVA_TESTS.replace(", 5, ", ", ")));

        JsonNode report = BuiltinFixRuns.assertFixed(run(repo, JAVA_LIST));

        assertThat(report.path("patch").asText()).as(BuiltinFixRuns.tried(report)).contains("+        } else if (width > 100) {");
        assertThat(report.path("fixCaveats").get(0).asText()).contains("`else if (width > 100)`")
                .contains("implies the earlier `if (width > 100)`");
    }

    private RunOutput run(Path repo) {
        return run(repo, List.of("--max-candidates", "40"));
    }

    private RunOutput run(Path repo, List<String> budget) {
        return BuiltinFixRuns.fix(temp, repo, budget);
    }

    private static String python(String parameters, String tested) {
        return """
                def label(%s):
                    if width > 100:
                        return "wide"
                    elif %s > 100:
                        return "tall"
                    return "small"
                """.formatted(parameters, tested);
    }

    private static String java(String parameters) {
        return """
                package org.boxes;

                public final class Labels {
                    public static String label(%s) {
                        if (width > 100) {
                            return "wide";
                        } else if (depth > 100) {
                            return "tall " + depth;
                        }
                        return "small";
                    }
                }
                """.formatted(parameters);
    }
}
