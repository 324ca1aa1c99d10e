package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code repofix bench repair}: bugs injected into a pytest repository whose tests pass,
 * each repaired by the builtin engine, and the table per operator; a repository whose
 * tests fail is skipped with the reason, and without one the command says what to give.
 */
class BenchRepairTest {
    @TempDir
    Path temp;

    private RunOutput bench(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void printsPerOperatorWhatTheBuiltinEngineFixedOfTheInjectedBugs() {
        Path repo = FixtureRepos.gitRepo(temp.resolve("ages"), Map.of("ages.py", """
                def is_adult(age):
                    return age >= 18


                def total(prices):
                    return sum(prices) + 0
                """, "test_ages.py", """
                from ages import is_adult, total


                def test_adult():
                    assert is_adult(18) and not is_adult(17)


                def test_total():
                    assert total([1, 2, 3]) == 6
                """));
        Path failing = FixtureRepos.gitRepo(temp.resolve("failing"), Map.of("test_x.py",
                "def test_x():\n    assert False\n"));

        RunOutput run = bench("bench", "repair", "--repo", repo.toString(), "--repo", failing.toString(),
                "--count", "2", "--seed", "2", "--out", temp.resolve("bench").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        assertThat(run.stderr()).contains("injected 2 bug(s) into " + repo)
                .contains("skipped " + failing + ": 1 test(s) fail before any bug is injected");
        assertThat(run.stdout()).contains("operator          in templates  cases  fixed  reference-equal")
                .containsPattern("(?m)^all\\s+2\\s+\\d\\s+\\d\\s+\\d\\s+\\d\\s+\\d+\\.\\d$");
        // The rows per operator add up to the total, each fixed count at most its cases.
        int cases = 0;
        for (String row : run.stdout().lines().filter(l -> l.matches("[a-z-]+ +(yes|no) .*")).toList()) {
            String[] cells = row.trim().split(" +");
            cases += Integer.parseInt(cells[2]);
            assertThat(Integer.parseInt(cells[3])).as(row).isLessThanOrEqualTo(Integer.parseInt(cells[2]));
        }
        assertThat(cases).isEqualTo(2);
        // Per language and operator, and per family of the fix found: each block adds up to the cases too.
        assertThat(run.stdout()).contains("language and operator          cases  fixed  reference-equal")
                .contains("family of the fix found        cases  fixed  reference-equal");
        assertThat(blockTotal(run.stdout(), "language and operator")).isEqualTo(2);
        assertThat(blockTotal(run.stdout(), "family of the fix found")).isEqualTo(2);
        assertThat(run.stdout()).containsPattern("(?m)^python [a-z-]+ +\\d+ ");
    }

    /** The sum of the cases column of the block under {@code header}, up to the next blank line. */
    private static int blockTotal(String stdout, String header) {
        List<String> lines = stdout.lines().toList();
        int total = 0;
        for (int i = lines.indexOf(lines.stream().filter(l -> l.startsWith(header)).findFirst().orElseThrow()) + 1;
                i < lines.size() && !lines.get(i).isBlank(); i++) {
            String[] cells = lines.get(i).substring(31).trim().split(" +");
            total += Integer.parseInt(cells[0]);
        }
        return total;
    }

    @Test
    void validatesAtMostMaxCandidatesPerBug() throws Exception {
        Path repo = FixtureRepos.gitRepo(temp.resolve("span"), Map.of("span.py", """
                def within(v, lo, hi):
                    return lo <= v and v <= hi
                """, "test_span.py", """
                from span import within


                def test_inside():
                    assert within(5, 0, 10)


                def test_outside():
                    assert not within(11, 0, 10) and not within(-1, 0, 10)
                """));

        RunOutput run = bench("bench", "repair", "--repo", repo.toString(), "--count", "1", "--max-candidates", "1",
                "--out", temp.resolve("bench").toString());

        assertThat(run.exitCode()).as(run.stderr()).isZero();
        List<Path> cases;
        try (var files = java.nio.file.Files.list(temp.resolve("bench/results/cases"))) {
            cases = files.filter(f -> f.toString().endsWith(".json")).toList();
        }
        assertThat(cases).hasSize(1);
        com.fasterxml.jackson.databind.JsonNode record = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(cases.get(0).toFile()).path("record");
        assertThat(record.path("candidates").size()).as(record.toString()).isEqualTo(1);
    }

    @Test
    void withoutRepositoriesSaysWhatToGive() {
        RunOutput run = bench("bench", "repair");

        assertThat(run.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.stderr()).contains("bench repair needs --repo: repositories whose tests pass");
    }
}
