package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The step's outputs ({@code GITHUB_OUTPUT}): verdict, patch-path, report-path and
 * issue-title. The paths name the files {@link ReportFiles} wrote before, empty when
 * there is none (no fix, or it could not be written).
 */
public final class StepOutputs implements Publisher {
    private final Path outputFile;
    private final Path outDir;

    public StepOutputs(Path outputFile, Path outDir) {
        this.outputFile = Objects.requireNonNull(outputFile, "outputFile");
        this.outDir = Objects.requireNonNull(outDir, "outDir");
    }

    @Override
    public String what() {
        return "the step outputs";
    }

    @Override
    public Publication publish(RunResult result) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("verdict", result.status().name());
        values.put("patch-path", result.fix().isPresent() ? written(ReportWriter.PATCH) : "");
        values.put("report-path", written(ReportWriter.MARKDOWN));
        values.put("issue-title", result.issue().map(i -> i.title()).orElse(""));
        return RunnerFiles.append(outputFile, WorkflowCommands.outputs(values));
    }

    /** The report's path when this run wrote it (ReportWriter removes a stale one it could not replace). */
    private String written(String name) {
        Path file = outDir.resolve(name);
        return Files.isRegularFile(file) ? file.toString() : "";
    }
}
