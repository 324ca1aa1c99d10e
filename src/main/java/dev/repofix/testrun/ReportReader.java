package dev.repofix.testrun;

import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileOpen;
import dev.repofix.workspace.FileRead;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Opens a report the tests wrote, as text, through the {@link ConfinedReader} of its
 * folder: the tests may have left a fifo there (opening one blocks), or a link to a host
 * file or a device; neither is opened.
 */
final class ReportReader {
    private ReportReader() {}

    /**
     * The report as UTF-8 lines (malformed input fails the read, as {@code Files.newBufferedReader} does).
     *
     * @param what the kind of report, for the message: "TAP report"
     * @throws ReportException when the report is not a regular file inside its folder
     */
    static BufferedReader open(Path report, String what) {
        Path absolute = report.toAbsolutePath().normalize();
        return switch (new ConfinedReader(absolute.getParent()).open(absolute)) {
            case FileOpen.Stream s -> new BufferedReader(new InputStreamReader(s.in(), StandardCharsets.UTF_8.newDecoder()));
            case FileRead.Refused r -> throw new ReportException("cannot read " + what + " " + report + ": "
                    + r.reason().describe() + "; repofix reads only regular files that the test run wrote");
        };
    }
}
