package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.Test;

/**
 * workflows-examples/nightly-eval-dashboard.yml as a person copies it: the run records into the
 * store the dashboard reads, the dashboard's folder is the one published, the history is pushed
 * back to its branch, and Pages gets the permissions it needs.
 */
class DashboardWorkflowTest {
    private static final Path WORKFLOW = Path.of("workflows-examples", "nightly-eval-dashboard.yml");
    private static final Pattern HISTORY = Pattern.compile("--history (\\S+)");
    private static final Pattern OUT = Pattern.compile("--out (\\S+)");

    private static JsonNode workflow() throws IOException {
        return new YAMLMapper().readTree(WORKFLOW.toFile());
    }

    @Test
    void runsNightlyAndByHandOneAtATime() throws IOException {
        JsonNode wf = workflow();

        assertThat(wf.path("on").path("schedule").get(0).path("cron").asText()).matches("\\d+ \\d+ \\* \\* \\*");
        assertThat(wf.path("on").has("workflow_dispatch")).isTrue();
        assertThat(wf.path("concurrency").path("cancel-in-progress").asBoolean(true))
                .as("a cancelled night could leave the history branch half pushed").isFalse();
    }

    @Test
    void theDashboardReadsTheStoreTheRunWroteAndIsWhatGetsPublished() throws IOException {
        JsonNode eval = workflow().path("jobs").path("eval");
        JsonNode run = step(eval, "repofix eval run, recorded into the history");
        JsonNode dashboard = step(eval, "repofix history dashboard");

        assertThat(run.path("run").asText()).contains("repofix eval run");
        assertThat(dashboard.path("run").asText()).contains("repofix history dashboard");
        assertThat(run.path("working-directory").asText()).isEqualTo(dashboard.path("working-directory").asText());
        assertThat(first(HISTORY, dashboard)).isEqualTo(first(HISTORY, run));
        String site = first(OUT, dashboard);
        JsonNode upload = stepUsing(eval, "actions/upload-pages-artifact");
        assertThat(Path.of(run.path("working-directory").asText()).resolve(site).normalize())
                .isEqualTo(Path.of(upload.path("with").path("path").asText()));
        // Results are copied beside the page under the folder the run recorded, so report links resolve.
        assertThat(dashboard.path("run").asText()).contains("cp -R runs " + site + "/runs");
        assertThat(first(OUT, run)).startsWith("\"runs/");
    }

    @Test
    void keepsTheHistoryOnItsBranchEvenAfterAFailedRun() throws IOException {
        JsonNode wf = workflow();
        JsonNode eval = wf.path("jobs").path("eval");
        JsonNode keep = step(eval, "keep the history");

        assertThat(eval.path("permissions").path("contents").asText()).isEqualTo("write");
        assertThat(keep.path("if").asText()).isEqualTo("${{ !cancelled() }}");
        assertThat(keep.path("run").asText()).contains("git add --all")
                .contains("git push origin \"HEAD:refs/heads/$HISTORY_BRANCH\"");
        assertThat(step(eval, "check out the history branch (a new one on the first night)").path("run").asText())
                .contains("git fetch --depth 1 origin \"$HISTORY_BRANCH\"").contains("--orphan \"$HISTORY_BRANCH\"");
        assertThat(wf.path("env").path("HISTORY_BRANCH").asText()).isNotBlank();
    }

    @Test
    void deploysThePagesArtifactWithPagesPermissionsOnly() throws IOException {
        JsonNode deploy = workflow().path("jobs").path("deploy");

        assertThat(deploy.path("needs").asText()).isEqualTo("eval");
        assertThat(deploy.path("permissions").path("pages").asText()).isEqualTo("write");
        assertThat(deploy.path("permissions").path("id-token").asText()).isEqualTo("write");
        assertThat(deploy.path("permissions").has("contents")).isFalse();
        assertThat(deploy.path("environment").path("name").asText()).isEqualTo("github-pages");
        assertThat(stepUsing(deploy, "actions/deploy-pages").path("id").asText()).isEqualTo("deployment");
    }

    private static String first(Pattern option, JsonNode step) {
        Matcher m = option.matcher(step.path("run").asText());
        assertThat(m.find()).as(option + " in " + step.path("run").asText()).isTrue();
        return m.group(1);
    }

    private static JsonNode step(JsonNode job, String name) {
        return findStep(job, s -> s.path("name").asText().equals(name), "named '" + name + "'");
    }

    private static JsonNode stepUsing(JsonNode job, String action) {
        return findStep(job, s -> s.path("uses").asText().startsWith(action + "@"), "using " + action);
    }

    private static JsonNode findStep(JsonNode job, Predicate<JsonNode> wanted, String what) {
        return StreamSupport.stream(job.path("steps").spliterator(), false).filter(wanted).findFirst()
                .orElseThrow(() -> new AssertionError("no step " + what + " in " + job));
    }
}
