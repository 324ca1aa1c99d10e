package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test run that prints without end: gigabytes pass through the executor, which keeps
 * only a bounded head and tail, and finishes at the speed of the pipe.
 */
class FloodingOutputTest {
    private static final long TWO_GIB = 2L << 30;
    private static final Map<String, String> ENV = Map.of("PATH", "/usr/local/bin:/usr/bin:/bin");

    @TempDir
    Path dir;

    @Test
    void keepsTheHeadAndTailOfTwoGibibytesOfOutputAndFinishes() {
        Command flood = Command.shell("echo FIRST; head -c " + TWO_GIB + " /dev/zero | tr '\\0' y; echo; echo LAST",
                dir, ENV, Duration.ofSeconds(120));

        ExecResult result = new LocalProcessExecutor(Clock.systemUTC()).run(flood);

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.Exited(0));
        assertThat(result.output()).hasSizeLessThanOrEqualTo(Command.DEFAULT_OUTPUT_CAP + 100)
                .startsWith("FIRST\nyyyy")
                .contains("[... " + (TWO_GIB + "FIRST\n\nLAST\n".length() - Command.DEFAULT_OUTPUT_CAP)
                        + " bytes of output elided by repofix ...]")
                .endsWith("yyyy\nLAST\n");
    }

    @Test
    void takesTwoGibibytesInBulkNotAByteAtATime() {
        byte[] chunk = new byte[64 * 1024];
        Arrays.fill(chunk, (byte) 'y');
        CappedOutput output = new CappedOutput(Command.DEFAULT_OUTPUT_CAP);

        // A byte at a time this took about 14 s on a CI-sized machine; in bulk, well under one.
        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            for (long written = 0; written < TWO_GIB; written += chunk.length) {
                output.write(chunk, 0, chunk.length);
            }
        });

        assertThat(output.totalBytes()).isEqualTo(TWO_GIB);
        assertThat(output.text().getBytes(StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(Command.DEFAULT_OUTPUT_CAP + 100);
    }
}
