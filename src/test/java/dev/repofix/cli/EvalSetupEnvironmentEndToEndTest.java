package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.env.EnvironmentStore;
import dev.repofix.env.StoredEnvironment;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval check --run} on a case whose {@code setup} installs, from the package index, a
 * package this machine does not have ({@value EvalFixtures#PACKAGE}) and whose code imports it:
 * the case's environment is prepared by the one set-up phase (a venv of repofix's own, kept in
 * the cache folder's store), once for gold's and the empty patch's runs, and a later
 * {@code eval run} reuses it. Needs the network to the package index, so tagged slow.
 */
@Tag("slow")
class EvalSetupEnvironmentEndToEndTest {
    @TempDir
    Path temp;

    private RunOutput repofix(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"),
                Map.of("REPOFIX_CACHE_DIR", temp.resolve("cache").toString()), args);
    }

    /** The summary of the record's setup stage. */
    private static String setupSummary(JsonNode record) {
        for (JsonNode s : record.path("stages")) {
            if (s.path("stage").asText().equals("setup")) {
                return s.path("summary").asText();
            }
        }
        return "no setup stage in " + record.path("stages");
    }

    @Test
    void goldPassesTheEmptyPatchFailsAndTheCaseIsSetUpOnceForBothAndForALaterRun() throws Exception {
        Path cases = EvalFixtures.packageCase(temp);
        String pkg = EvalFixtures.PACKAGE;
        assertThat(new ProcessBuilder("python3", "-c", "import " + pkg).start().waitFor())
                .as("the machine has no " + pkg).isNotZero();

        EvalFixtures.Sanity sanity = EvalFixtures.checkedSound(temp, cases, Map.of());

        JsonNode gold = sanity.gold();
        JsonNode empty = sanity.empty();
        assertThat(setupSummary(gold)).matches("environment: python 3\\.[\\d.]+ venv; setup: python -m pip install "
                + "--quiet " + pkg + " \\(prepared in .*\\)");
        assertThat(setupSummary(empty)).as("set up once: the empty patch's run reuses gold's")
                .endsWith("(reused)");
        assertThat(List.of(gold, empty)).allSatisfy(r -> assertThat(r.path("failing").toString())
                .as("the package imports in the test runs, in a venv").doesNotContain(pkg)
                .doesNotContain("test_in_a_venv_of_its_own"));
        List<StoredEnvironment> stored = new EnvironmentStore(temp.resolve("cache"), Clock.systemUTC()).list();
        assertThat(stored).singleElement().satisfies(e -> {
            assertThat(e.ready()).isTrue();
            assertThat(e.description()).contains("venv").contains("setup: python -m pip install --quiet " + pkg);
        });

        RunOutput run = repofix("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("run").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        JsonNode later = EvalRunEndToEndTest.results(temp.resolve("run")).getFirst().path("record");
        assertThat(later.path("status").asText()).isEqualTo("FIXED");
        assertThat(setupSummary(later)).endsWith("(reused)");
        assertThat(new EnvironmentStore(temp.resolve("cache"), Clock.systemUTC()).list()).hasSize(1);
    }

    /**
     * A case whose project takes its version from Git: the set-up's copy gets the case's Git folder
     * (without it setuptools-scm finds no version and {@code pip install -e .} fails), so the
     * installed version is the one its tag gives and gold passes.
     */
    @Test
    void aCaseVersionedByGitInstallsAndPassesAsItsTagSays() throws Exception {
        Path cases = EvalFixtures.versionedCase(temp);

        EvalFixtures.Sanity sanity = EvalFixtures.checkedSound(temp, cases, Map.of());

        assertThat(setupSummary(sanity.gold())).contains("setup: python -m pip install --quiet -e .");
        assertThat(sanity.gold().path("failing").toString()).doesNotContain("test_installed_as_the_tag_says");
    }
}
