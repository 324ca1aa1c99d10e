package dev.repofix.report;

import dev.repofix.config.RepofixException;
import dev.repofix.pipeline.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes report.md, report.json, report.sarif, GitLab's Code Quality report and, with a
 * fix, fix.patch to the output folder.
 */
public final class ReportWriter {
    /** The Code Quality file, for {@code artifacts:reports:codequality} in GitLab CI. */
    public static final String CODE_QUALITY = "gl-code-quality-report.json";

    private final MarkdownReport markdown = new MarkdownReport();
    private final JsonReport json = new JsonReport();
    private final SarifReport sarif = new SarifReport();

    /** Returns the files written, as given paths under {@code outDir}. */
    public List<Path> write(RunResult result, Path outDir) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(outDir);
            written.add(write(outDir.resolve("report.md"), markdown.render(result)));
            written.add(write(outDir.resolve("report.json"), json.render(result)));
            written.add(write(outDir.resolve("report.sarif"), sarif.render(result)));
            written.add(write(outDir.resolve(CODE_QUALITY), CodeQualityReport.render(result)));
            Path patch = outDir.resolve("fix.patch");
            if (result.fix().isPresent()) {
                written.add(write(patch, result.fix().get().diff()));
            } else {
                // A fix.patch from an earlier run must not pass for this run's result.
                Files.deleteIfExists(patch);
            }
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "cannot write the report to " + outDir + ": "
                    + e.getMessage() + "; pass --out with a writable directory", e);
        }
        return written;
    }

    private static Path write(Path file, String content) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, content, StandardCharsets.UTF_8);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return file;
    }
}
