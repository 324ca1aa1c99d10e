package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.env.EnvironmentStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A case's environment (a virtual environment and its set-up commands, minutes for a real
 * project) is kept in the cache folder's store, as fix's are: made once, and the next
 * {@code eval run} on the same machine uses it.
 */
class EvalKeptEnvironmentsTest {
    @TempDir
    Path temp;

    @Test
    void anEnvironmentIsSetUpOnceAndTheNextRunUsesIt() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        Path counter = temp.resolve("set-ups.txt");
        ObjectNode first = (ObjectNode) new ObjectMapper().readTree(Files.readAllLines(cases).getFirst());
        // The case's venv sees none of the machine's packages: the set-up installs pytest there when it lacks it.
        first.putArray("setup").add("echo set-up >> '" + counter + "'");
        Files.writeString(cases, first + "\n");

        RunOutput one = eval(cases, "one");
        RunOutput two = eval(cases, "two");

        assertThat(one.exitCode()).as(one.stderr()).isZero();
        assertThat(two.exitCode()).as(two.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("two"))).extracting(r -> r.path("record").path("status")
                .asText()).containsExactly("FIXED");
        assertThat(Files.readAllLines(counter)).as("the set-up ran in the first run only").containsExactly("set-up");
        assertThat(new EnvironmentStore(temp.resolve("cache"), Clock.systemUTC()).list()).singleElement()
                .satisfies(e -> assertThat(e.description()).contains("venv").contains("setup: echo set-up"));
        assertThat(two.stdout()).contains("environments are kept in the cache folder");
    }

    private RunOutput eval(Path cases, String out) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"),
                Map.of("REPOFIX_CACHE_DIR", temp.resolve("cache").toString()), "eval", "run", "--cases",
                cases.toString(), "--model", "gold", "--out", temp.resolve(out).toString());
    }
}
