package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays what a real small model (SmolLM2-135M-Instruct, Q4_1, served by llama.cpp's server)
 * answered when {@code .ci/real-model-e2e} ran {@code repofix fix} on the bundled Maven
 * example, so that parsing real small-model output is tested on every build, not only
 * answers we wrote. The recording is {@code real-model/maven-bank.jsonl} beside this
 * class's resources; record it again with that script (its {@code --record} file) when the
 * prompts change enough that the model would answer differently.
 */
class RealModelReplayTest {
    private static final String RECORDING = "real-model/maven-bank.jsonl";

    @TempDir
    Path temp;

    @Test
    void recordingHoldsNoMachinePath() throws IOException {
        // This machine's folders, found at run time: the home, the temporary folder and the clone.
        List<String> machine = List.of(System.getProperty("user.home"), System.getProperty("java.io.tmpdir"),
                Path.of("").toAbsolutePath().toString());
        for (JsonNode exchange : exchanges()) {
            String whole = exchange.toString();
            for (String folder : machine) {
                assertThat(whole).as("the recording names %s", folder).doesNotContain(folder + "/");
            }
        }
    }

    @Test
    void realSmallModelsIssueParsesAndItsProseLocalizationDoesNot() throws IOException {
        RunOutput run = replay();

        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.NOT_FIXED);
        JsonNode report = run.report();
        assertThat(report.path("status").asText()).isEqualTo("STAGE_FAILED");
        JsonNode issue = stage(report, "issue");
        assertThat(issue.path("status").asText()).isEqualTo("OK");
        assertThat(issue.path("model").path("parsedOn").asInt()).isEqualTo(1);
        assertThat(report.path("issue").path("title").asText()).isEqualTo("Bug 1");
        assertThat(report.path("issue").path("description").asText()).startsWith("The issue with the interest");
        JsonNode localize = stage(report, "localize");
        assertThat(localize.path("status").asText()).isEqualTo("FAILED");
        assertThat(localize.path("model").get("parsedOn").isNull()).isTrue();
        assertThat(localize.path("model").path("parseErrors").get(0).asText()).contains("no JSON found");
        assertThat(stage(report, "patch").path("status").asText()).isEqualTo("SKIPPED");
    }

    private Path recording() throws IOException {
        Path copy = temp.resolve("maven-bank.jsonl");
        try (InputStream in = RealModelReplayTest.class.getResourceAsStream(RECORDING)) {
            assertThat(in).as("test resource " + RECORDING).isNotNull();
            Files.copy(in, copy);
        }
        return copy;
    }

    private List<JsonNode> exchanges() throws IOException {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(recording())) {
            if (!line.isBlank()) {
                lines.add(json.readTree(line));
            }
        }
        return lines;
    }

    private RunOutput replay() throws IOException {
        Path repo = FixtureRepos.example("maven-bank", temp.resolve("repo"));
        Path out = temp.resolve("out");
        return RunOutput.run(temp.resolve("work"), out, "fix", "--repo", repo.toString(), "--out", out.toString(),
                "--model", "replay:" + recording(), "--no-cache", "--reruns", "0");
    }

    /** The record's stage named {@code name}. */
    private static JsonNode stage(JsonNode report, String name) {
        for (JsonNode stage : report.path("stages")) {
            if (stage.path("stage").asText().equals(name)) {
                return stage;
            }
        }
        throw new AssertionError("no stage " + name + " in " + report.path("stages"));
    }
}
