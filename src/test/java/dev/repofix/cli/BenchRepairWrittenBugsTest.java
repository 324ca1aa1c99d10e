package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix bench repair --bugs}: bugs written by hand, run with real pytest in place of injected ones, counted
 * under the family they stand for; one that no test shows is refused, saying which.
 */
@Tag("slow")
class BenchRepairWrittenBugsTest {
    @TempDir
    Path temp;

    @Test
    void repairsTheWrittenBugsAndRefusesOneNoTestShows() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("flags"), Map.of("flags.py", """
                def without(flags, bit):
                    flags &= ~bit
                    return flags


                def label(n):
                    return "n=" + str(n)
                """, "test_flags.py", """
                from flags import without


                def test_without():
                    assert without(0b111, 0b010) == 0b101
                """));
        Path bugs = Files.writeString(temp.resolve("bugs.jsonl"), """
                {"repo": "flags", "file": "flags.py", "line": 2, "original": "&=", "buggy": "^=", "family": "compound-op"}
                {"repo": "flags", "file": "flags.py", "line": 7, "original": "n=", "buggy": "m=", "family": "wrap-call"}
                """);

        RunOutput run = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "bench", "repair", "--repo",
                repo.toString(), "--bugs", bugs.toString(), "--out", temp.resolve("bench").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("refused the written bug at flags:flags.py:7 (wrap-call): no test fails")
                .contains("wrote 1 bug(s) into " + repo);
        assertThat(run.stdout()).containsPattern("(?m)^compound-op +by hand +1 +1 +1 ");
    }

    @Test
    void refusesABugForNoGivenRepository() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("flags"), Map.of("flags.py", "X = 1\n"));
        Path bugs = Files.writeString(temp.resolve("bugs.jsonl"),
                "{\"repo\": \"other\", \"file\": \"a.py\", \"line\": 1, \"original\": \"1\", \"buggy\": \"2\", "
                        + "\"family\": \"compound-op\"}\n");

        RunOutput run = RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "bench", "repair", "--repo",
                repo.toString(), "--bugs", bugs.toString(), "--out", temp.resolve("bench").toString());

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("written bug(s) for no --repo given: other:a.py:1");
    }
}
