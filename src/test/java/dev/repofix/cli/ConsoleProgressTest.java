package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.ProgressEvent;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleProgressTest {
    @Test
    void namesATemplateCandidateByItsLineAndAGivenPatchByItsFiles() {
        StringWriter err = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new PrintWriter(err, true), false);

        progress.onEvent(validated(new PatchCandidate("c1", "relational-op", "src/A.java", 12, "`<` -> `<=`", PatchText.read(""))));
        progress.onEvent(validated(new PatchCandidate("patch", "given", "a.py, b.py", 0, "the given patch", PatchText.read(""))));

        assertThat(err.toString().lines()).containsExactly(
                "[1/1] src/A.java:12 relational-op `<` -> `<=` ... VALID (1.5s)",
                "[1/1] a.py, b.py given the given patch ... VALID (1.5s)");
    }

    /** A candidate's text is a model's or the repository's: one line on the terminal, no escape sequence of its own. */
    @Test
    void printsACandidatesTextOnOneLineWithoutControls() {
        StringWriter err = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new PrintWriter(err, true), false);

        progress.onEvent(validated(new PatchCandidate("c1", "model", "src/A.java", 3,
                "fix\n::error::forged\u001B[2J\u0000\u202E", PatchText.read(""))));

        assertThat(err.toString().lines()).containsExactly(
                "[1/1] src/A.java:3 model fix ::error::forged\u2400\uFFFD ... VALID (1.5s)");
    }

    /** The run's verdict is printed when it is proven, before the other candidates at its line run. */
    @Test
    void printsTheFixWhenItIsProven() {
        StringWriter err = new StringWriter();
        ConsoleProgress progress = new ConsoleProgress(new PrintWriter(err, true), false);
        PatchCandidate c = new PatchCandidate("c2", "relational-op", "src/A.java", 12, "`<` -> `<=`",
                PatchText.read(""));

        progress.onEvent(new ProgressEvent.FixProven(c, new Validation(c.id(), Verdict.VALID, List.of(), List.of(),
                List.of(), "", Duration.ofMillis(1500)), Duration.ofSeconds(42)));

        assertThat(err.toString().lines()).containsExactly("==> fix proven: src/A.java:12 c2 is VALID (42.0s into the run)");
    }

    private static ProgressEvent validated(PatchCandidate c) {
        return new ProgressEvent.CandidateValidated(1, 1, c, new Validation(c.id(), Verdict.VALID, List.of(),
                List.of(), List.of(), "", Duration.ofMillis(1500)));
    }
}
