package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParseBenchTest {
    @TempDir
    Path dir;

    @Test
    void generatesAReportOfAboutTheSizeAskedThatParsesToEveryTest() throws IOException {
        Path report = ParseBench.write(dir.resolve("TEST-generated.xml"), 400, 4_000_000);

        ParseBench.Figures f = ParseBench.measure(report);

        assertThat(Files.size(report)).isBetween(3_600_000L, 4_400_000L);
        assertThat(f.tests()).isEqualTo(400);
        assertThat(f.failing()).isEqualTo(400 / ParseBench.FAILING_EVERY);
        assertThat(f.megabytesPerSecond()).isPositive();
        TestResult failed = new JUnitXmlReportParser().parse(report).getFirst();
        assertThat(failed.trace()).contains("Caused by: java.lang.IllegalStateException").hasLineCount(122);
    }
}
