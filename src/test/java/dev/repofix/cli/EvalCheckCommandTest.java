package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.eval.cases.CaseFixtures;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class EvalCheckCommandTest {
    @TempDir
    Path dir;

    private RunOutput run(String... args) {
        return RunOutput.run(dir, dir, args);
    }

    @Test
    void aCleanFileExitsZeroWithASummary() {
        Path file = CaseFixtures.write(dir.resolve("cases.jsonl"),
                List.of(CaseFixtures.maven("calc-1"), CaseFixtures.pytest("ops-1")));

        RunOutput ran = run("eval", "check", "--cases", file.toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(ran.stdout().lines()).containsExactly("2 cases, no problems");
    }

    @Test
    void printsEveryProblemAndExitsTwo() {
        ObjectNode noTests = CaseFixtures.maven("calc-2");
        noTests.putArray("fail_to_pass");
        Path file = CaseFixtures.write(dir.resolve("cases.jsonl"), List.of(CaseFixtures.maven("calc-1"), noTests,
                CaseFixtures.pytest("calc-1"), CaseFixtures.pytest("ops-1")));

        RunOutput ran = run("eval", "check", "--cases", file.toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(ran.stdout().lines()).containsExactly(
                file + ":2: fail_to_pass: must list at least one test",
                file + ":3: id: duplicate id 'calc-1': line 1 has it too; ids must be unique in a file",
                "4 cases, 2 with problems");
    }

    @Test
    void aMissingFileIsAUsageErrorNamingIt() {
        Path file = dir.resolve("none.jsonl");

        RunOutput ran = run("eval", "check", "--cases", file.toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(ran.stderr()).contains("no case file at " + file);
    }

    @Test
    void takesTheCaseFileFromCases() {
        EvalCheckCommand cmd = CommandLine.populateCommand(new EvalCheckCommand(), "--cases", "c.jsonl");
        assertThat(cmd.cases).isEqualTo(Path.of("c.jsonl"));
    }

    @Test
    void theCaseFileIsRequired() {
        RunOutput ran = run("eval", "check");
        assertThat(ran.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(ran.stderr()).contains("Missing required option: '--cases=FILE'");
    }
}
