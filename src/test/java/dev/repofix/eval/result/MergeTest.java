package dev.repofix.eval.result;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergeTest {
    static final String SHA = ResultDirs.SHA;

    @TempDir
    Path temp;

    static Path shard(Path dir, int index, int count, String sha, String... caseIds) {
        return ResultDirs.shard(dir, index, count, sha, caseIds);
    }

    @Test
    void joinsEveryShardsResultsAndWritesOneManifest() {
        Path a = shard(temp.resolve("a"), 1, 2, SHA, "c1", "c2");
        Path b = shard(temp.resolve("b"), 2, 2, SHA, "c3");

        ShardMerge.Outcome outcome = ShardMerge.merge(List.of(a, b), temp.resolve("out"), false);

        assertThat(outcome.results()).isEqualTo(3);
        assertThat(outcome.warnings()).isEmpty();
        ResultStore merged = new ResultStore(temp.resolve("out"));
        assertThat(merged.results()).extracting(CaseResult::caseId).containsExactly("c1", "c2", "c3");
        RunManifest m = merged.manifest().orElseThrow();
        assertThat(m.shard()).isEqualTo("1/1");
        assertThat(m.casesSha256()).isEqualTo(SHA);
        assertThat(m.startedAt()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(m.missingShards()).isEmpty();
    }

    @Test
    void refusesACaseInTwoShardsNamingBothFoldersAndTheCase() {
        Path a = shard(temp.resolve("a"), 1, 2, SHA, "c1", "c2");
        Path b = shard(temp.resolve("b"), 2, 2, SHA, "c2", "c3");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, b), temp.resolve("out"), true))
                .isInstanceOf(RepofixException.class)
                .hasMessageContaining("case c2 is in both " + a + " and " + b);
        assertThat(temp.resolve("out/cases")).doesNotExist();
    }

    @Test
    void refusesTheSameShardTwice() {
        Path a = shard(temp.resolve("a"), 1, 2, SHA, "c1");
        Path b = shard(temp.resolve("b"), 1, 2, SHA, "c2");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, b), temp.resolve("out"), true))
                .hasMessageContaining("shard 1/2 is in both " + a + " and " + b);
    }

    @Test
    void refusesAMissingShardNamingIt() {
        Path a = shard(temp.resolve("a"), 1, 3, SHA, "c1");
        Path c = shard(temp.resolve("c"), 3, 3, SHA, "c3");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, c), temp.resolve("out"), false))
                .isInstanceOf(RepofixException.class)
                .hasMessageContaining("missing shard 2/3 of cases.jsonl (sha256 " + SHA + ")")
                .hasMessageContaining("--allow-partial");
        assertThat(temp.resolve("out/cases")).doesNotExist();
    }

    @Test
    void allowPartialMergesWithAWarningAndRecordsWhatIsMissing() {
        Path a = shard(temp.resolve("a"), 1, 3, SHA, "c1");

        ShardMerge.Outcome outcome = ShardMerge.merge(List.of(a), temp.resolve("out"), true);

        assertThat(outcome.warnings()).singleElement().asString().contains("shards 2/3, 3/3");
        assertThat(new ResultStore(temp.resolve("out")).manifest().orElseThrow().missingShards())
                .containsExactly("2/3", "3/3");
    }

    @Test
    void refusesShardsOfDifferentCaseFiles() {
        Path a = shard(temp.resolve("a"), 1, 2, SHA, "c1");
        Path b = shard(temp.resolve("b"), 2, 2, "77".repeat(32), "c2");

        assertThatThrownBy(() -> ShardMerge.merge(List.of(a, b), temp.resolve("out"), true))
                .hasMessageContaining(b + " ran cases.jsonl (sha256 " + "77".repeat(32) + ")")
                .hasMessageContaining("different case files");
    }

    @Test
    void refusesAFolderWithoutManifest() throws Exception {
        Path a = shard(temp.resolve("a"), 1, 1, SHA, "c1");
        Files.delete(a.resolve("run.json"));

        assertThatThrownBy(() -> ShardMerge.merge(List.of(a), temp.resolve("out"), false))
                .hasMessageContaining(a + " has no run.json");
    }
}
