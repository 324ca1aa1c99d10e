package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Whole runs of {@code repofix fix} with real {@code pytest} on a project one of whose tests
 * imports a PyPI package that is not installed here ({@code tabulate}): that failure is the
 * environment's, listed apart and never a target; the real bug beside it is fixed.
 */
class EnvironmentFailureEndToEndTest {
    private static final String MISSING = "tabulate";
    private static final String BUGGY = "def is_adult(age):\n    return age > 18\n";
    private static final String AGE_TEST = "from age import is_adult\n\n\ndef test_eighteen_is_adult():\n"
            + "    assert is_adult(18)\n";

    @TempDir
    Path temp;

    @BeforeAll
    static void theMissingPackageIsNotInstalledHere() {
        HostAssumptions.pythonModuleMissing(MISSING);
    }

    @Test
    @Tag("slow")
    void fixesTheBugAndListsTheTestThatMissesAPackageApartNotAsATarget() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("repo"), Map.of(
                "age.py", BUGGY,
                "test_age.py", AGE_TEST,
                "test_table.py", "def test_renders_a_table():\n    import tabulate\n\n"
                        + "    assert tabulate.tabulate([[1, 2]])\n"));

        RunOutput run = fix(repo);

        JsonNode report = run.report();
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        assertThat(report.path("failing")).extracting(t -> t.path("id").asText())
                .containsExactly("test_age.py::test_eighteen_is_adult");
        assertThat(report.path("environment")).singleElement().satisfies(e -> {
            assertThat(e.path("test").asText()).isEqualTo("test_table.py::test_renders_a_table");
            assertThat(e.path("kind").asText()).isEqualTo("PYTHON_MODULE");
            assertThat(e.path("missing").asText()).isEqualTo(MISSING);
            assertThat(e.path("setup").asText()).isEqualTo("pip install tabulate");
        });
        JsonNode fix = fixCandidate(report);
        assertThat(fix.path("validation").toString()).doesNotContain("test_renders_a_table");
        assertThat(report.path("issue").toString()).as("the drafted issue is about the bug, not the environment")
                .doesNotContain(MISSING).doesNotContain("test_renders_a_table");
        assertThat(report.path("patch").asText()).contains("+    return age >= 18");
        assertThat(markdown(run)).contains("## Environment failures (not targets)")
                .contains("`test_table.py::test_renders_a_table`").contains("`tabulate`")
                .contains("`setup: [\"pip install tabulate\"]`");
    }

    @Test
    void aRunWhoseOnlyFailureIsTheEnvironmentEndsWithoutARepairAndSaysWhatToSetUp() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("repo"), Map.of(
                "age.py", "def is_adult(age):\n    return age >= 18\n",
                "test_age.py", AGE_TEST,
                "test_table.py", "import tabulate\n\n\ndef test_renders_a_table():\n"
                        + "    assert tabulate.tabulate([[1, 2]])\n"));

        RunOutput run = fix(repo);

        JsonNode report = run.report();
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        assertThat(report.path("status").asText()).isEqualTo("ENVIRONMENT");
        assertThat(report.path("headline").asText()).contains("tabulate");
        assertThat(report.path("failing")).isEmpty();
        assertThat(report.path("environment")).extracting(e -> e.path("missing").asText()).containsExactly(MISSING);
        assertThat(report.path("issue").isNull()).isTrue();
        assertThat(report.path("candidates")).isEmpty();
        assertThat(markdown(run)).contains("## Environment failures (not targets)")
                .contains("`setup: [\"pip install tabulate\"]`");
        assertThat(run.stdout()).contains("ENVIRONMENT").contains("setup: pip install tabulate");
    }

    private static JsonNode fixCandidate(JsonNode report) {
        String id = report.path("fix").asText();
        for (JsonNode c : report.path("candidates")) {
            if (c.path("id").asText().equals(id)) {
                return c;
            }
        }
        throw new AssertionError("no candidate " + id);
    }

    private static String markdown(RunOutput run) {
        try {
            return Files.readString(run.outDir().resolve("report.md"));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private RunOutput fix(Path repo) {
        Path out = temp.resolve("out");
        List<String> args = new ArrayList<>(List.of("fix", "--out", out.toString(), "--timeout", "5m", "--repo",
                repo.toString()));
        return RunOutput.run(temp.resolve("work"), out, args.toArray(String[]::new));
    }
}
