package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;

class CliErrorTest {
    @Command(name = "overflows")
    static final class Overflowing implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new StackOverflowError();
        }
    }

    @Command(name = "exhausts")
    static final class Exhausting implements Callable<Integer> {
        @Override
        public Integer call() {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    @Test
    void anErrorThatEscapesACommandIsAnInternalErrorWithExitThreeAndOneLine() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Overflowing());
        cl.setErr(new PrintWriter(err, true));

        int code = Cli.execute(cl, new String[0]);

        assertThat(code).isEqualTo(ExitCodes.ERROR);
        assertThat(err.toString()).startsWith("repofix: internal error: java.lang.StackOverflowError")
                .contains("this is a bug").doesNotContain("\tat ");
    }

    @Test
    void anExhaustedHeapSaysHowToRaiseIt() {
        StringWriter err = new StringWriter();
        CommandLine cl = new CommandLine(new Exhausting());
        cl.setErr(new PrintWriter(err, true));

        int code = Cli.execute(cl, new String[0]);

        assertThat(code).isEqualTo(ExitCodes.ERROR);
        assertThat(err.toString()).contains("OutOfMemoryError: Java heap space").contains("-Xmx");
    }
}
