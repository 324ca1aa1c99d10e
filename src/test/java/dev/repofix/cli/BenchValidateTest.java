package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix bench validate --generated N}: a generated Maven project measured against
 * T_suite, one run without and one with screening in a warm JVM, both reaching VALID.
 */
@Tag("slow")
class BenchValidateTest {
    @TempDir
    Path temp;

    @Test
    void printsTSuiteAndTheTimeToValidWithoutAndWithWarmScreening() {
        RunOutput run = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "bench", "validate",
                "--generated", "3", "--repeat", "1", "--sandbox", "local", "--out", temp.resolve("bench").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stdout()).contains("T_suite").contains("to VALID (xT)")
                .containsPattern("(?m)generated-junit5-3-.*maven\\s+\\d+\\s+[\\d.]+s\\s+before\\s+FIXED\\s")
                .containsPattern("(?m)generated-junit5-3-.*maven\\s+\\d+\\s+[\\d.]+s\\s+after\\s+FIXED\\s")
                .doesNotContain("note: screening in a warm test JVM is off");
    }
}
