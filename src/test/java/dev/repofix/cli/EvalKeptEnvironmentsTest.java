package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code eval run --keep-envs}: a case's set-up (a virtual environment and its commands,
 * minutes for a real project) is made once, and the next run on the same machine uses it.
 */
class EvalKeptEnvironmentsTest {
    @TempDir
    Path temp;

    @Test
    void aKeptEnvironmentIsSetUpOnceAndTheNextRunUsesIt() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        Path counter = temp.resolve("set-ups.txt");
        ObjectNode first = (ObjectNode) new ObjectMapper().readTree(Files.readAllLines(cases).getFirst());
        // The case's environment sees none of the machine's packages: its set-up installs the test runner.
        first.putArray("setup").add("echo set-up >> '" + counter + "'")
                .add("python -m pip install --quiet --disable-pip-version-check pytest");
        Files.writeString(cases, first + "\n");

        RunOutput one = eval(cases, "one");
        RunOutput two = eval(cases, "two");

        assertThat(one.exitCode()).as(one.stderr()).isZero();
        assertThat(two.exitCode()).as(two.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("two"))).extracting(r -> r.path("record").path("status")
                .asText()).containsExactly("FIXED");
        assertThat(two.stdout()).contains("(kept)");
        assertThat(Files.readAllLines(counter)).as("the set-up ran in the first run only").containsExactly("set-up");
    }

    private RunOutput eval(Path cases, String out) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), "eval", "run", "--cases", cases.toString(),
                "--model", "gold", "--keep-envs", "--out", temp.resolve(out).toString());
    }
}
