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
 * test covers ({@code v < hi} and {@code lo == v} pass the Python range tests, {@code v < hi}
 * and {@code v > hi} the Java ones): the run
 * probes the failing tests' calls of the changed method on both, through the project's own
 * build, and names an input where they differ. Real {@code mvn} and {@code pytest}, tagged slow.
 */
@Tag("slow")
class BehaviourProbeEndToEndTest {
    @TempDir
    Path temp;

    @Test
    void namesAnInputWhereTwoValidPythonFixesDiffer() throws Exception {
        Path repo = FixtureRepos.weakRangeTests(temp.resolve("range"));

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
        // The tests check only values outside the range: `v < hi` fixes the bug, and `v > hi` passes them too.
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

                        import org.junit.jupiter.api.Test;

                        class SpanTest {
                            @Test
                            void upperBoundIsExcluded() {
                                assertFalse(Span.inRange(10, 0, 10));
                            }

                            @Test
                            void belowTheLowerBoundIsOut() {
                                assertFalse(Span.inRange(-1, 0, 10));
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
