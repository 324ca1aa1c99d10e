package dev.repofix.cli;

import dev.repofix.app.Environment;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.repofix.config.HostEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * workflows-examples/benchmark.yml as a person copies it: its shards, the artifacts they
 * upload and the folders the merge job reads agree, and every repofix command in it parses.
 */
class BenchmarkWorkflowTest {
    private static final Path WORKFLOW = Path.of("workflows-examples", "benchmark.yml");
    private static final Pattern SHARD = Pattern.compile("--shard \\$\\{\\{ matrix\\.shard }}/(\\d+)");

    @TempDir
    Path temp;

    private static JsonNode workflow() throws IOException {
        return new YAMLMapper().readTree(WORKFLOW.toFile());
    }

    @Test
    void theMatrixTheShardCountAndTheMergedFoldersAgree() throws IOException {
        JsonNode jobs = workflow().path("jobs");
        List<Integer> matrix = new ArrayList<>();
        jobs.path("shard").path("strategy").path("matrix").path("shard").forEach(n -> matrix.add(n.asInt()));
        String run = step(jobs.path("shard"), "repofix eval run").path("run").asText();
        Matcher shard = SHARD.matcher(run);
        assertThat(shard.find()).as(run).isTrue();
        int count = Integer.parseInt(shard.group(1));

        assertThat(matrix).as("the matrix runs shards 1 to N of --shard i/N").isEqualTo(
                IntStream.rangeClosed(1, count).boxed().toList());
        JsonNode upload = stepUsing(jobs.path("shard"), "actions/upload-artifact").path("with");
        assertThat(upload.path("name").asText()).isEqualTo("eval-shard-${{ matrix.shard }}");
        assertThat(run).contains("--out " + upload.path("path").asText());
        JsonNode download = stepUsing(jobs.path("report"), "actions/download-artifact").path("with");
        assertThat(download.path("pattern").asText()).isEqualTo("eval-shard-*");
        List<String> merged = new ArrayList<>(words(step(jobs.path("report"), "repofix eval merge").path("run")
                .asText()));
        merged.removeIf(w -> !w.startsWith(download.path("path").asText() + "/"));
        assertThat(merged).as("the merge reads every shard's artifact, no more").isEqualTo(IntStream
                .rangeClosed(1, count).mapToObj(i -> download.path("path").asText() + "/eval-shard-" + i).toList());
        assertThat(jobs.path("report").path("needs").asText()).isEqualTo("shard");
        assertThat(jobs.path("report").path("if").asText()).as("a failed shard still gets a report")
                .isEqualTo("always()");
    }

    @Test
    void theReportGoesToTheJobSummaryAndTheKeyOnlyThroughASecretVariable() throws IOException {
        JsonNode jobs = workflow().path("jobs");
        String report = step(jobs.path("report"), "repofix eval report").path("run").asText();
        assertThat(report).contains("eval report --results merged --out report")
                .contains("cat report/report.md >> \"$GITHUB_STEP_SUMMARY\"");
        JsonNode run = step(jobs.path("shard"), "repofix eval run");
        assertThat(run.path("env").path("BENCHMARK_API_KEY").asText()).isEqualTo("${{ secrets.BENCHMARK_API_KEY }}");
        assertThat(run.path("run").asText()).contains("--api-key-env BENCHMARK_API_KEY").doesNotContain("secrets.");
    }

    @Test
    void everyRepofixCommandInTheWorkflowParses() throws IOException {
        assertEveryCommandParses(workflow(), 3);
    }

    @Test
    void everyRepofixCommandInTheNightlyDashboardWorkflowParses() throws IOException {
        assertEveryCommandParses(new YAMLMapper().readTree(Path.of("workflows-examples",
                "nightly-eval-dashboard.yml").toFile()), 2);
    }

    private void assertEveryCommandParses(JsonNode workflow, int count) {
        Environment env = new Environment(new HostEnvironment(Map.of()), Clock.systemUTC(), temp, false);
        List<String> commands = new ArrayList<>();
        workflow.path("jobs").forEach(job -> job.path("steps").forEach(s -> s.path("run").asText().lines()
                .filter(l -> l.contains("repofix/bin/repofix ")).forEach(commands::add)));
        // Folded (>-) blocks come as one line per command.
        assertThat(commands).hasSize(count);
        for (String command : commands) {
            List<String> args = words(command.substring(command.indexOf("repofix/bin/repofix ")
                    + "repofix/bin/repofix ".length()).replace("${{ matrix.shard }}", "1"));
            CommandLine cl = Cli.commandLine(env);
            cl.parseArgs(args.toArray(String[]::new));
        }
    }

    /** The step named {@code name}. */
    private static JsonNode step(JsonNode job, String name) {
        for (JsonNode s : job.path("steps")) {
            if (s.path("name").asText().equals(name)) {
                return s;
            }
        }
        throw new AssertionError("no step named '" + name + "' in " + job);
    }

    private static JsonNode stepUsing(JsonNode job, String action) {
        for (JsonNode s : job.path("steps")) {
            if (s.path("uses").asText().startsWith(action + "@")) {
                return s;
            }
        }
        throw new AssertionError("no step uses " + action + " in " + job);
    }

    /** Shell words of a simple command line: split at blanks, double quotes removed. */
    private static List<String> words(String line) {
        return List.of(line.strip().split("\\s+")).stream().map(w -> w.replace("\"", "")).toList();
    }
}
