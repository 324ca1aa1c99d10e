package dev.repofix.report;

import dev.repofix.pipeline.RunResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The report files in the output folder, through {@link ReportWriter}: one that cannot be written is a warning. */
public final class ReportFiles implements Publisher {
    private final Path outDir;

    public ReportFiles(Path outDir) {
        this.outDir = Objects.requireNonNull(outDir, "outDir");
    }

    @Override
    public String what() {
        return "the report files";
    }

    /** Writes them; posts nothing (the files are artifacts, not posts). */
    @Override
    public Publication publish(RunResult result) {
        List<String> warnings = new ArrayList<>();
        new ReportWriter(warnings::add).write(result, outDir);
        return Publication.of(List.of(), warnings);
    }
}
