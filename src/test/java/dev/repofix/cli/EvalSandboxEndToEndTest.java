package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code repofix eval} with the tests in the Docker sandbox: the same verdicts as local runs. */
@Tag("docker")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class EvalSandboxEndToEndTest {
    @TempDir
    Path temp;

    @BeforeAll
    static void sandboxImagesArePresent() {
        SandboxEndToEndTest.sandboxImagesArePresent();
    }

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), Map.of("REPOFIX_SANDBOX", "docker"), args);
    }

    @Test
    void goldPassesAndTheEmptyPatchFailsInTheSandboxToo() throws Exception {
        Path cases = EvalFixtures.caseFile(temp);

        RunOutput gold = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("gold").toString());
        RunOutput empty = eval("eval", "run", "--cases", cases.toString(), "--model", "empty", "--out",
                temp.resolve("empty").toString());

        assertThat(gold.exitCode()).as(gold.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("gold"))).extracting(r -> r.path("record")
                .path("status").asText() + " " + r.path("record").path("sandbox").asText().startsWith("docker"))
                .containsOnly("FIXED true").hasSize(4);
        assertThat(EvalRunEndToEndTest.results(temp.resolve("empty"))).extracting(r -> r.path("record")
                .path("status").asText()).containsOnly("NOT_FIXED").hasSize(4);
    }

    @Test
    void aCaseWhoseSetUpInstallsAPackageIsSetUpInTheSandboxImageAndItsTestsRunThere() throws Exception {
        Path cases = EvalFixtures.packageCase(temp);

        EvalFixtures.Sanity sanity = EvalFixtures.checkedSound(temp, cases, Map.of("REPOFIX_SANDBOX", "docker"));

        JsonNode gold = sanity.gold();
        JsonNode empty = sanity.empty();
        assertThat(List.of(gold, empty)).allSatisfy(r -> {
            assertThat(r.path("sandbox").asText()).startsWith("docker");
            assertThat(r.path("stages").toString()).contains("venv; setup: python -m pip install");
        });
        assertThat(empty.path("stages").toString()).as("set up once, for gold").contains("(reused)");
    }
}
