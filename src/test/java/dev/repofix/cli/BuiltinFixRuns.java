package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.List;

/** {@code repofix fix} with no model on a fixture repository, and the checks every FIXED run passes. */
final class BuiltinFixRuns {
    private BuiltinFixRuns() {}

    /** Runs {@code repofix fix} on {@code repo}, its copies and report under {@code temp}. */
    static RunOutput fix(Path temp, Path repo) {
        return fix(temp, repo, List.of());
    }

    /** The same with more options ({@code --max-candidates 60}). */
    static RunOutput fix(Path temp, Path repo, List<String> options) {
        Path out = temp.resolve("out");
        List<String> args = new java.util.ArrayList<>(List.of("fix", "--out", out.toString(), "--timeout", "5m",
                "--repo", repo.toString()));
        args.addAll(options);
        return RunOutput.run(temp.resolve("work"), out, args.toArray(String[]::new));
    }

    /** The run's report, after checking the run says FIXED and wrote its patch. */
    static JsonNode assertFixed(RunOutput run) {
        assertThat(run.exitCode()).as(run.stderr()).isEqualTo(ExitCodes.OK);
        JsonNode report = run.report();
        assertThat(report.path("status").asText()).isEqualTo("FIXED");
        assertThat(run.outDir().resolve("fix.patch")).exists();
        return report;
    }

    /** The VALID candidate whose diff has {@code line}. */
    static JsonNode valid(JsonNode report, String line) {
        for (JsonNode c : report.path("candidates")) {
            if (c.path("diff").asText().contains(line) && c.path("validation").path("verdict").asText().equals("VALID")) {
                return c;
            }
        }
        throw new AssertionError("no VALID candidate with " + line + ": " + tried(report));
    }

    /** The candidates tried, with their verdicts and caveats, for a failure's message. */
    static String tried(JsonNode report) {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (JsonNode c : report.path("candidates")) {
            if (!c.path("validation").isNull()) {
                out.add(c.path("id").asText() + " " + c.path("description").asText() + " "
                        + c.path("validation").path("verdict").asText() + " " + c.path("caveats"));
            }
        }
        return String.join("\n", out);
    }
}
