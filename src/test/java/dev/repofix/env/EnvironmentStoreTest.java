package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentStoreTest {
    @TempDir
    Path cache;

    private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");

    private EnvironmentStore at(Instant when) {
        return new EnvironmentStore(cache, Clock.fixed(when, ZoneOffset.UTC));
    }

    private void ready(String key, Instant when, int bytes) throws Exception {
        EnvironmentStore store = at(when);
        Path dir = store.fresh(key);
        Files.write(dir.resolve("blob"), new byte[bytes]);
        store.markReady(key, new EnvironmentStore.Exports("python", "python 3.11.7 venv", Map.of("VIRTUAL_ENV", "/v"),
                List.of("/v/bin"), List.of(dir.toString()), List.of("."), List.of()));
    }

    @Test
    void listsEachEnvironmentWithItsKindSizeAndLastUse() throws Exception {
        ready("aaa", NOW.minus(Duration.ofDays(40)), 10_000);
        ready("bbb", NOW.minus(Duration.ofDays(2)), 500);
        at(NOW).touch("aaa");

        List<StoredEnvironment> all = at(NOW).list();

        assertThat(all).extracting(StoredEnvironment::key).containsExactly("aaa", "bbb");
        assertThat(all.get(0).kind()).isEqualTo("python");
        assertThat(all.get(0).description()).isEqualTo("python 3.11.7 venv");
        assertThat(all.get(0).bytes()).isGreaterThanOrEqualTo(10_000);
        assertThat(all.get(0).lastUsed()).isEqualTo(NOW);
        assertThat(all.get(1).lastUsed()).isEqualTo(NOW.minus(Duration.ofDays(2)));
        assertThat(all).allMatch(StoredEnvironment::ready);
    }

    @Test
    void aHalfMadeFolderIsListedAsSuchAndNotReusedButRebuiltEmpty() throws Exception {
        Path half = at(NOW).fresh("ccc");
        Files.writeString(half.resolve("partial"), "x");

        assertThat(at(NOW).ready("ccc")).isEmpty();
        assertThat(at(NOW).list()).singleElement().satisfies(e -> {
            assertThat(e.ready()).isFalse();
            assertThat(e.kind()).isEqualTo("?");
        });
        assertThat(at(NOW).fresh("ccc")).isEmptyDirectory();
    }

    @Test
    void prunesThoseUnusedForTheAgeOrAllAndSaysWhatItFreed() throws Exception {
        ready("old", NOW.minus(Duration.ofDays(40)), 4_000);
        ready("new", NOW.minus(Duration.ofDays(1)), 100);

        List<StoredEnvironment> removed = at(NOW).prune(Optional.of(Duration.ofDays(30)), false);

        assertThat(removed).extracting(StoredEnvironment::key).containsExactly("old");
        assertThat(removed.get(0).bytes()).isGreaterThanOrEqualTo(4_000);
        assertThat(cache.resolve("envs/old")).doesNotExist();
        assertThat(at(NOW).list()).extracting(StoredEnvironment::key).containsExactly("new");

        assertThat(at(NOW).prune(Optional.of(Duration.ofDays(30)), true)).extracting(StoredEnvironment::key)
                .containsExactly("new");
        assertThat(at(NOW).list()).isEmpty();
    }

    @Test
    void deletesReadOnlyFoldersAsGoLeavesItsModuleCache() throws Exception {
        ready("go", NOW.minus(Duration.ofDays(40)), 10);
        Path module = Files.createDirectories(cache.resolve("envs/go/gomod/example.com/m@v1"));
        Files.writeString(module.resolve("a.go"), "package m");
        module.toFile().setWritable(false);

        at(NOW).prune(Optional.empty(), true);

        assertThat(cache.resolve("envs/go")).doesNotExist();
    }
}
