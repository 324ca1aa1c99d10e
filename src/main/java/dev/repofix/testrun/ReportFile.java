package dev.repofix.testrun;

import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileOpen;
import dev.repofix.workspace.FileRead;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Opens a test report, a file written by untrusted code: a link is not followed (it could
 * name a host file, or a device that never ends), nor is anything but a regular file read,
 * and one past {@value #MAX_REPORT_BYTES} bytes is refused unread. Line-oriented reports are
 * read through {@link Lines}, which keeps at most {@value #MAX_LINE_CHARS} characters of a
 * line, so a single line of a gigabyte costs no more memory than a short one.
 */
final class ReportFile {
    static final String HINT = "delete it and rerun, or check the test tool's report settings";
    /** Past this a report is refused unread: no test run writes one, and a sparse file could claim terabytes. */
    static final long MAX_REPORT_BYTES = 1024L * 1024 * 1024;
    /** More than any line a test tool writes on purpose; the rest of a longer line is skipped. */
    static final int MAX_LINE_CHARS = 64 * 1024;

    private ReportFile() {
    }

    /** Checks {@code report} as the class says, then opens it. */
    static InputStream open(Path report, String kind) {
        check(report, kind);
        // Opened through the one reader of repository files, as every file the tests leave.
        Path absolute = report.toAbsolutePath().normalize();
        return switch (new ConfinedReader(absolute.getParent()).open(absolute)) {
            case FileOpen.Stream s -> s.in();
            case FileRead.Refused r -> throw new ReportException("cannot read " + kind + " " + report + ": "
                    + r.reason().describe() + "; " + HINT);
        };
    }

    /** The lines of {@code report} (UTF-8, malformed bytes replaced), each cut at {@value #MAX_LINE_CHARS}. */
    static Lines lines(Path report, String kind) {
        InputStream in = open(report, kind);
        return new Lines(new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPLACE).onUnmappableCharacter(CodingErrorAction.REPLACE)));
    }

    static ReportException unreadable(Path report, String kind, IOException e) {
        return new ReportException("cannot read " + kind + " " + report + ": " + e.getClass().getSimpleName() + ": "
                + e.getMessage() + "; check that the test run wrote it and that it is readable", e);
    }

    private static void check(Path report, String kind) {
        if (Files.isSymbolicLink(report)) {
            throw new ReportException(kind + " " + report + " is a symbolic link; repofix reads only files the test "
                    + "run wrote, never what a link points to: " + HINT);
        }
        if (Files.exists(report, LinkOption.NOFOLLOW_LINKS) && !Files.isRegularFile(report, LinkOption.NOFOLLOW_LINKS)) {
            // A named pipe would block the read until someone writes to it.
            throw new ReportException(kind + " " + report + " is not a regular file; " + HINT);
        }
        try {
            if (Files.size(report) > MAX_REPORT_BYTES) {
                throw new ReportException(kind + " " + report + " is larger than " + MAX_REPORT_BYTES / 1024 / 1024
                        + " MiB, more than repofix reads; have the tests write their output to files rather than into "
                        + "the report (Surefire: redirectTestOutputToFile), or " + HINT);
            }
        } catch (IOException e) {
            throw unreadable(report, kind, e);
        }
    }

    /** Reads lines of at most {@value #MAX_LINE_CHARS} characters; {@code \n}, {@code \r\n} and {@code \r} end a line. */
    static final class Lines implements AutoCloseable {
        private final Reader in;
        private final char[] buffer = new char[8192];
        private int position;
        private int limit;
        private boolean pendingCarriageReturn;
        private boolean lastCut;

        Lines(Reader in) {
            this.in = in;
        }

        /** The next line without its end, or null at the end of the file. */
        String next() throws IOException {
            StringBuilder line = null; // null until something of this line is read
            long length = 0;
            while (true) {
                if (position == limit) {
                    int n = in.read(buffer, 0, buffer.length);
                    if (n <= 0) {
                        lastCut = length > MAX_LINE_CHARS;
                        return line == null ? null : line.toString();
                    }
                    position = 0;
                    limit = n;
                }
                if (pendingCarriageReturn) {
                    pendingCarriageReturn = false;
                    if (buffer[position] == '\n') {
                        position++;
                        continue;
                    }
                }
                if (line == null) {
                    line = new StringBuilder();
                }
                int start = position;
                while (position < limit && buffer[position] != '\n' && buffer[position] != '\r') {
                    position++;
                }
                int room = MAX_LINE_CHARS - line.length();
                if (room > 0) {
                    line.append(buffer, start, Math.min(room, position - start));
                }
                length += position - start;
                if (position < limit) {
                    pendingCarriageReturn = buffer[position] == '\r';
                    position++;
                    lastCut = length > MAX_LINE_CHARS;
                    return line.toString();
                }
            }
        }

        /** Whether the line {@link #next()} returned last was longer than {@value #MAX_LINE_CHARS} and cut. */
        boolean lastWasCut() {
            return lastCut;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}
