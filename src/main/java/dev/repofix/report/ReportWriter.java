package dev.repofix.report;

import dev.repofix.config.RepofixException;
import dev.repofix.pipeline.RunResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes report.md, report.json, report.sarif, GitLab's Code Quality report and, with a
 * fix, fix.patch to the output folder. Each file is written on its own: one that cannot
 * be written is a warning, and the others are still written.
 */
public final class ReportWriter {
    /** The Markdown report. */
    public static final String MARKDOWN = "report.md";
    /** The run record (repofix.run/2). */
    public static final String JSON = "report.json";
    /** The fix, when one was proven. */
    public static final String PATCH = "fix.patch";
    /** The Code Quality file, for {@code artifacts:reports:codequality} in GitLab CI. */
    public static final String CODE_QUALITY = "gl-code-quality-report.json";
    private static final Logger LOG = LoggerFactory.getLogger(ReportWriter.class);

    private final MarkdownReport markdown = new MarkdownReport();
    private final JsonReport json = new JsonReport();
    private final SarifReport sarif = new SarifReport();
    private final Consumer<String> warnings;

    /** A writer whose warnings (a report that could not be written) are logged. */
    public ReportWriter() {
        this(w -> LOG.warn("{}", w));
    }

    /** A writer that hands each warning (a report that could not be written) to {@code warnings}. */
    public ReportWriter(Consumer<String> warnings) {
        this.warnings = Objects.requireNonNull(warnings, "warnings");
    }

    /**
     * Returns the files written, as given paths under {@code outDir}; a file that could not
     * be written is left out and named in a warning.
     *
     * @throws RepofixException (input) when {@code outDir} cannot be created: then no report can be written
     */
    public List<Path> write(RunResult result, Path outDir) {
        try {
            Files.createDirectories(outDir);
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "cannot write the report to " + outDir + ": "
                    + e.getMessage() + "; pass --out with a writable directory", e);
        }
        List<Path> written = new ArrayList<>();
        writeOne(outDir.resolve(MARKDOWN), () -> markdown.render(result), written);
        writeOne(outDir.resolve(JSON), () -> json.render(result), written);
        writeOne(outDir.resolve("report.sarif"), () -> sarif.render(result), written);
        writeOne(outDir.resolve(CODE_QUALITY), () -> CodeQualityReport.render(result), written);
        Path patch = outDir.resolve(PATCH);
        if (result.fix().isPresent()) {
            writeOne(patch, () -> result.fix().get().diff(), written);
        } else {
            // A fix.patch from an earlier run must not pass for this run's result.
            removeStale(patch);
        }
        return written;
    }

    private void writeOne(Path file, Supplier<String> content, List<Path> written) {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, content.get(), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            written.add(file);
        } catch (IOException | RuntimeException e) {
            warnings.accept("cannot write " + file + ": " + Texts.oneLine(String.valueOf(e.getMessage()), 300)
                    + "; the other reports are written");
            removeQuietly(tmp);
            // A report from an earlier run must not pass for this run's.
            removeStale(file);
        }
    }

    private void removeStale(Path file) {
        try {
            if (Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS) || Files.isSymbolicLink(file)) {
                Files.delete(file);
            }
        } catch (IOException e) {
            warnings.accept("cannot remove " + file + " of an earlier run: " + e.getMessage());
        }
    }

    private static void removeQuietly(Path tmp) {
        try {
            if (Files.isRegularFile(tmp, LinkOption.NOFOLLOW_LINKS)) {
                Files.delete(tmp);
            }
        } catch (IOException e) {
            // a leftover .tmp is harmless: the next run replaces it
        }
    }
}
