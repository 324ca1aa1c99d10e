package dev.repofix.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The history store's contract on a real SQLite file. */
class SqliteHistoryStoreTest extends HistoryStoreContract {
    @TempDir
    Path dir;

    private int stores;

    @Override
    StoreLocation location() {
        return StoreLocation.of("", dir.resolve("store-" + ++stores));
    }

    @Test
    void theDefaultStoreIsAFileUnderTheWorkingDirectory() {
        HistoryStore store = HistoryStore.open(StoreLocation.of("", dir));
        store.record(HistoryRuns.fix("run-1", "builtin", true, 0));

        assertThat(dir.resolve(".repofix/history.db")).isRegularFile();
        assertThat(HistoryStore.open(StoreLocation.of(dir.resolve(".repofix/history.db").toString(), Path.of("/")))
                .runs(RunFilter.all())).hasSize(1);
    }
}
