package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GeneratedHistoryTest {
    @TempDir
    Path dir;

    @Test
    void writesTheAskedNumberOfRunsTheSameForTheSameSeed() {
        HistoryStore first = HistoryStore.open(StoreLocation.sqlite(dir.resolve("a.db")));
        HistoryStore second = HistoryStore.open(StoreLocation.sqlite(dir.resolve("b.db")));

        GeneratedHistory.write(first, 12, 7);
        GeneratedHistory.write(second, 12, 7);

        List<RunSummary> runs = first.runs(RunFilter.all());
        assertThat(runs).hasSize(12).allSatisfy(r -> assertThat(GeneratedHistory.MODELS).contains(r.model()));
        assertThat(runs).isEqualTo(second.runs(RunFilter.all()));
        assertThat(first.stageTrend(RunFilter.all())).isNotEmpty();
    }
}
