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
 * {@code repofix fix} with no model on a bug with two VALID fixes that differ on an input no
 * test covers ({@code v < hi} and {@code lo == v} both pass these range tests): the run
 * probes the failing tests' calls of the changed method on both, through the project's own
 * build, and names an input where they differ. Real {@code mvn} and {@code pytest}, tagged slow.
 */
@Tag("slow")
class BehaviourProbeEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void namesAnInputWhereTwoValidPythonFixesDiffer() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("range"), Map.of(
                "span.py", "def in_range(v, lo, hi):\n    return lo <= v and v <= hi\n",
                "test_span.py", "from span import in_range\n\n\ndef test_upper_bound_is_excluded():\n"
                        + "    assert not in_range(10, 0, 10)\n\n\ndef test_lower_bound_is_included():\n"
                        + "    assert in_range(0, 0, 10)\n"));

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode differs = firstDiffering(run.report());
        assertThat(differs.path("call").asText()).startsWith("in_range(");
        assertThat(differs.path("fix").asText()).isNotEqualTo(differs.path("alternative").asText())
                .matches("returns (True|False)");
        assertThat(Files.readString(run.outDir().resolve("report.md")))
                .containsPattern("The tests do not pin this down: on `in_range\\([-\\d, ]+\\)` the fix returns `(True|False)`, "
                        + "the alternative returns `(True|False)`");
        assertThat(run.stdout()).contains("[the tests do not pin this down: on in_range(");
        assertThat(FixtureRepos.snapshot(repo)).doesNotContainKey("test_repofix_behaviour_probe.py");
    }

    @Test
    void namesAnInputWhereTwoValidJavaFixesDiffer() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("range-java"), Map.of(
                "pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/span/Span.java", """
                        package org.span;

                        public final class Span {
                            private Span() {}

                            /** Whether lo <= v < hi. */
                            public static boolean inRange(int v, int lo, int hi) {
                                return lo <= v && v <= hi;
                            }
                        }
                        """,
                "src/test/java/org/span/SpanTest.java", """
                        package org.span;

                        import static org.junit.jupiter.api.Assertions.assertFalse;
                        import static org.junit.jupiter.api.Assertions.assertTrue;

                        import org.junit.jupiter.api.Test;

                        class SpanTest {
                            @Test
                            void upperBoundIsExcluded() {
                                assertFalse(Span.inRange(10, 0, 10));
                            }

                            @Test
                            void lowerBoundIsIncluded() {
                                assertTrue(Span.inRange(0, 0, 10));
                            }
                        }
                        """));

        RunOutput run = fix(repo);

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode differs = firstDiffering(run.report());
        assertThat(differs.path("call").asText()).startsWith("Span.inRange(");
        assertThat(differs.path("fix").asText()).isNotEqualTo(differs.path("alternative").asText())
                .matches("returns (true|false)");
        assertThat(Files.readString(run.outDir().resolve("report.md")))
                .containsPattern("The tests do not pin this down: on `Span\\.inRange\\([-\\d, ]+\\)` the fix returns "
                        + "`(true|false)`, the alternative returns `(true|false)`");
    }

    /** The behaviour of the first VALID alternative probed against the fix, which must differ. */
    private static JsonNode firstDiffering(JsonNode report) {
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        List<JsonNode> probed = new ArrayList<>();
        report.path("candidates").forEach(c -> {
            if (c.has("behaviour")) {
                probed.add(c.get("behaviour"));
            }
        });
        assertThat(probed).as(report.path("candidates").toString()).isNotEmpty();
        return probed.stream().filter(b -> b.path("result").asText().equals("differs")).findFirst()
                .orElseThrow(() -> new AssertionError("no alternative differs: " + probed));
    }

    private RunOutput fix(Path repo) {
        Path out = temp.resolve("out-" + repo.getFileName());
        return RunOutput.run(temp.resolve("work-" + repo.getFileName()), out,
                "fix", "--out", out.toString(), "--timeout", "5m", "--repo", repo.toString());
    }
}
