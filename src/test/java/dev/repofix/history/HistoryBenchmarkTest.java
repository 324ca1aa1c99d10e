package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryBenchmarkTest {
    @TempDir
    Path dir;

    @Test
    void timesEveryTrendOnTheGeneratedRunsAndRemovesTheStore() throws Exception {
        HistoryBenchmark.Figures figures = new HistoryBenchmark(20, 7, 0).run(dir);

        assertThat(figures.runs()).isEqualTo(20);
        assertThat(figures.repeat()).isEqualTo(1);
        assertThat(figures.trendMs()).containsOnlyKeys(TrendBy.values());
        assertThat(figures.size()).isNotBlank();
        assertThat(figures.store()).doesNotExist();
        assertThat(Files.list(dir)).isEmpty();
    }
}
