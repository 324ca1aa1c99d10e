package dev.repofix.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A test command whose standard output is the report: kept in a file under the run's
 * report folder while the log still gets what a person reads. Pure string building.
 */
final class RecordedOutput {
    /** The folder of repofix's own reports, relative to the folder the tests run in. */
    static final String FOLDER = ".repofix-reports";

    private RecordedOutput() {}

    /**
     * {@code command} with its stdout written to {@code report} and, through {@code logFilter}
     * (a shell filter such as a {@code sed}, or empty for the text as is), to the log. The
     * command's exit status survives the pipe through a file beside the report: POSIX
     * {@code sh} has no pipefail.
     */
    static String shell(String command, String report, String logFilter) {
        String exit = report + ".exit";
        return "mkdir -p " + FOLDER + " && { " + command + "; echo $? > " + exit + "; } | tee " + report
                + (logFilter.isEmpty() ? "" : " | " + logFilter) + "; exit \"$(cat " + exit + ")\"";
    }

    /**
     * The reports {@code command} writes: {@code report} when it is the build's own command,
     * else (the user's {@code --test-cmd}) the JUnit XML files a custom command is expected to write.
     */
    static List<Path> reportsOf(Path root, TestCommand command, String report) {
        return command.shell().contains(report) ? existing(root, report) : new CustomBuild(command.shell()).reports(root);
    }

    /** {@code own} for the build's own report, JUnit XML for a report the user's command wrote. */
    static ReportFormat formatOf(Path file, String report, ReportFormat own) {
        return file.endsWith(report) ? own : ReportFormat.JUNIT_XML;
    }

    /** The report at {@code relative} under {@code root} when the run wrote it, else none. */
    static List<Path> existing(Path root, String relative) {
        Path report = root.resolve(relative);
        return Files.isRegularFile(report) ? List.of(report) : List.of();
    }
}
