package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.eval.cases.CaseReference;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.CaseTimes;
import dev.repofix.eval.result.ResultStatus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class EvalProgressTest {
    private static CaseResult error(String id) {
        return new CaseResult(id, Optional.empty(), OptionalInt.empty(), "gold", ResultStatus.ERROR,
                OptionalInt.empty(), new CaseReference("python", List.of(), List.of(), Optional.empty(),
                        Optional.empty(), "", List.of("t.py::t")), Optional.empty(), Optional.empty(),
                Optional.of("docker: no space left on device"), CaseTimes.wall(Duration.ofMillis(1500)));
    }

    @Test
    void printsOneLinePerCaseWithARunningTallyAndWhyItErred() {
        StringWriter out = new StringWriter();
        EvalProgress progress = new EvalProgress(new PrintWriter(out), false);

        progress.finished(error("a"), 1, 2);
        progress.finished(error("b"), 2, 2);

        assertThat(out.toString()).isEqualTo("[1/2] a  ERROR -  1.5s  (1 error)\n"
                + "    docker: no space left on device\n"
                + "[2/2] b  ERROR -  1.5s  (2 error)\n"
                + "    docker: no space left on device\n");
    }

    @Test
    void drawsABarInPlaceOnATerminal() {
        StringWriter out = new StringWriter();
        EvalProgress progress = new EvalProgress(new PrintWriter(out), true);

        progress.finished(error("a"), 1, 2);

        assertThat(out.toString()).startsWith("\r\033[K[1/2] a  ERROR").endsWith("[###############...............] 1/2 cases");
    }
}
