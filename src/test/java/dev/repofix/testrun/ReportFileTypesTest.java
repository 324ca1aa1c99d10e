package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The tests write their reports, so a report may be a fifo (opening it blocks until
 * someone writes) or a link to a host file or device: every parser refuses both unread.
 */
class ReportFileTypesTest {
    @TempDir
    Path dir;

    @TempDir
    Path elsewhere;

    private Path fifo;

    static Stream<ReportParser> parsers() {
        return Stream.of(new GoTestJsonParser(), new TapReportParser(), new CargoLibtestParser(),
                new JUnitXmlReportParser());
    }

    @ParameterizedTest
    @MethodSource("parsers")
    void refusesAFifoWithoutOpeningIt(ReportParser parser) throws Exception {
        fifo = dir.resolve("report.out");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();

        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> assertThatThrownBy(() -> parser.parse(fifo))
                .isInstanceOf(ReportException.class).hasMessageContaining("not a regular file"));
    }

    @ParameterizedTest
    @MethodSource("parsers")
    void refusesALinkToAHostFile(ReportParser parser) throws IOException {
        Path host = Files.writeString(elsewhere.resolve("host.txt"), "ok 1 - e2e-host-0014\n");
        Path report = Files.createSymbolicLink(dir.resolve("report.out"), host);

        assertThatThrownBy(() -> parser.parse(report)).isInstanceOf(ReportException.class)
                .hasMessageNotContaining("e2e-host-0014");
    }

    /** A test that timed out left a reader blocked on the fifo: a writer releases it. */
    @AfterEach
    void releaseFifo() throws IOException {
        if (fifo != null && Files.exists(fifo)) {
            Thread writer = Thread.ofVirtual().start(() -> {
                try (OutputStream out = Files.newOutputStream(fifo)) {
                    out.write('\n');
                } catch (IOException e) {
                    // nobody was reading
                }
            });
            try {
                writer.join(Duration.ofMillis(200));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            List.of(fifo).forEach(p -> p.toFile().delete());
        }
    }
}
