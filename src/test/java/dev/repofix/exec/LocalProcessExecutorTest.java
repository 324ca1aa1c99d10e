package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalProcessExecutorTest {
    private static final Map<String, String> ENV = Map.of("PATH", "/usr/local/bin:/usr/bin:/bin");
    private static final Duration GENEROUS = Duration.ofSeconds(20);

    private final LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());

    @TempDir
    Path dir;

    @Test
    void capturesTheExitCode() {
        ExecResult failed = executor.run(Command.shell("exit 3", dir, ENV, GENEROUS));
        ExecResult passed = executor.run(Command.shell("true", dir, ENV, GENEROUS));

        assertThat(failed.outcome()).isEqualTo(new ExecResult.Outcome.Exited(3));
        assertThat(failed.succeeded()).isFalse();
        assertThat(passed.outcome()).isEqualTo(new ExecResult.Outcome.Exited(0));
        assertThat(passed.succeeded()).isTrue();
    }

    @Test
    void putsThePathPrefixBeforeTheEnvironmentsPath() throws IOException {
        Path bin = Files.createDirectories(dir.resolve("venv/bin"));
        Path tool = bin.resolve("only-in-the-venv");
        Files.writeString(tool, "#!/bin/sh\necho from the venv\n");
        tool.toFile().setExecutable(true);

        ExecResult result = executor.run(Command.shell("only-in-the-venv; echo \"$PATH\"", dir, ENV, GENEROUS)
                .withEnvironmentFolders(List.of(bin), List.of()));

        assertThat(result.output()).contains("from the venv").contains(bin + ":/usr/local/bin:/usr/bin:/bin");
    }

    @Test
    void reportsAProcessKilledBySignalAsExitedWithTheShellCode() {
        ExecResult result = executor.run(Command.shell("kill -9 $$", dir, ENV, GENEROUS));

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.Exited(128 + 9));
    }

    @Test
    void combinesStdoutAndStderrInTheOrderWritten() {
        ExecResult result = executor.run(Command.shell("echo one; echo two >&2; echo three", dir, ENV, GENEROUS));

        assertThat(result.output()).isEqualTo("one\ntwo\nthree\n");
    }

    @Test
    void runsInTheGivenWorkingDirectory() throws IOException {
        Files.writeString(dir.resolve("marker.txt"), "here");

        ExecResult result = executor.run(Command.shell("pwd; cat marker.txt", dir, ENV, GENEROUS));

        assertThat(result.output()).isEqualTo(dir.toRealPath() + "\nhere");
    }

    @Test
    void timeoutKillsTheWholeProcessTree() throws IOException {
        String script = "sleep 300 & echo $! > pids; sleep 300 & echo $! >> pids; "
                + "sh -c 'sleep 300 & echo $! >> pids; wait' & echo started; wait";

        ExecResult result = executor.run(Command.shell(script, dir, ENV, Duration.ofSeconds(1)));

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.TimedOut(Duration.ofSeconds(1)));
        assertThat(result.succeeded()).isFalse();
        assertThat(result.elapsed()).isLessThan(Duration.ofSeconds(15));
        assertThat(result.output()).isEqualTo("started\n");
        List<Long> sleeps = Files.readAllLines(dir.resolve("pids")).stream().map(String::trim).map(Long::parseLong).toList();
        assertThat(sleeps).as("two children and one grandchild").hasSize(3);
        assertThat(sleeps).allSatisfy(pid -> assertThat(isRunning(pid)).as("sleep %d still running", pid).isFalse());
    }

    @Test
    void detachedChildOfAFinishedRunIsGoneWhenTheRunReturns() {
        String marker = uniqueSleep();
        // The inner shell exits at once: its sleep is reparented out of the tree, as a test's Popen child is.
        String script = "sh -c 'sleep " + marker + " >/dev/null 2>&1 &'; sh -c 'sleep " + marker + " &'; echo started";

        ExecResult result = executor.run(Command.shell(script, dir, ENV, GENEROUS));

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.Exited(0));
        assertThat(result.output()).isEqualTo("started\n");
        assertThat(running(marker)).as("sleeps left by the run").isEmpty();
    }

    @Test
    void detachedChildOfATimedOutRunIsGoneWhenTheRunReturns() {
        String marker = uniqueSleep();
        String script = "sh -c 'sleep " + marker + " >/dev/null 2>&1 &'; sleep 300";

        ExecResult result = executor.run(Command.shell(script, dir, ENV, Duration.ofSeconds(1)));

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.TimedOut(Duration.ofSeconds(1)));
        assertThat(running(marker)).as("sleeps left by the run").isEmpty();
    }

    @Test
    void detachedChildOfAnInterruptedRunIsGoneWhenTheRunReturns() throws InterruptedException {
        String marker = uniqueSleep();
        String script = "sh -c 'sleep " + marker + " >/dev/null 2>&1 &'; sleep 300";
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread runner = new Thread(() -> {
            try {
                executor.run(Command.shell(script, dir, ENV, GENEROUS));
            } catch (Throwable t) {
                thrown.set(t);
            }
        });
        runner.start();
        for (int i = 0; i < 100 && running(marker).isEmpty(); i++) {
            Thread.sleep(100);
        }
        assertThat(running(marker)).as("precondition: the detached sleep started").isNotEmpty();

        runner.interrupt();
        runner.join(15_000);

        assertThat(thrown.get()).isInstanceOf(ExecException.class).hasMessageContaining("interrupted");
        assertThat(running(marker)).as("sleeps left by the run").isEmpty();
    }

    /** A sleep whose argument no other process has, so that it can be found afterwards. */
    private static String uniqueSleep() {
        return "3137." + ThreadLocalRandom.current().nextLong(1_000_000_000L, 9_999_999_999L);
    }

    private static List<Long> running(String sleepArgument) {
        return ProcessHandle.allProcesses()
                .filter(h -> h.info().arguments().map(a -> List.of(a).contains(sleepArgument)).orElse(false))
                .map(ProcessHandle::pid)
                .filter(LocalProcessExecutorTest::isRunning)
                .toList();
    }

    /** Alive and not a zombie: a killed orphan stays a zombie until init reaps it, and Java counts those as alive. */
    private static boolean isRunning(long pid) {
        if (ProcessHandle.of(pid).filter(ProcessHandle::isAlive).isEmpty()) {
            return false;
        }
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false; // gone between the two looks
        }
    }

    @Test
    void outputCapKeepsHeadAndTailWithAnElisionMarker() {
        Command command = new Command(List.of("seq", "1", "200000"), dir, ENV, GENEROUS, 4096);

        ExecResult result = executor.run(command);

        assertThat(result.succeeded()).isTrue();
        assertThat(result.output())
                .startsWith("1\n2\n3\n")
                .endsWith("199999\n200000\n")
                .contains("bytes of output elided by repofix");
        assertThat(result.output().length()).isLessThan(4096 + 100);
    }

    @Test
    void environmentIsExactlyTheGivenMap() {
        Map<String, String> env = Map.of("PATH", "/usr/bin:/bin", "GREETING", "hello world");

        ExecResult result = executor.run(new Command(List.of("env"), dir, env, GENEROUS, Command.DEFAULT_OUTPUT_CAP));

        assertThat(result.output().lines()).containsExactlyInAnyOrder("PATH=/usr/bin:/bin", "GREETING=hello world");
    }

    @Test
    void variableNotGivenIsAbsentEvenWhenTheCallerHasIt() {
        assertThat(System.getenv("HOME")).as("precondition: the JVM has HOME").isNotNull();

        ExecResult result = executor.run(Command.shell("echo \"${HOME-unset}\"", dir, ENV, GENEROUS));

        assertThat(result.output()).isEqualTo("unset\n");
    }

    @Test
    void missingProgramIsAnExecExceptionNamingIt() {
        Command command = new Command(List.of("repofix-no-such-program"), dir, ENV, GENEROUS, Command.DEFAULT_OUTPUT_CAP);

        assertThatThrownBy(() -> executor.run(command))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining("cannot start 'repofix-no-such-program'")
                .hasMessageContaining("installed")
                .hasCauseInstanceOf(IOException.class);
    }

    @Test
    void missingWorkingDirectoryIsAnExecException() {
        Command command = Command.shell("true", dir.resolve("gone"), ENV, GENEROUS);

        assertThatThrownBy(() -> executor.run(command))
                .isInstanceOf(ExecException.class)
                .hasMessageContaining(dir.resolve("gone").toString());
    }

    @Test
    void stdinIsEmptySoReadersDoNotHang() {
        ExecResult result = executor.run(Command.shell("cat; echo done", dir, ENV, Duration.ofSeconds(5)));

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.Exited(0));
        assertThat(result.output()).isEqualTo("done\n");
    }

    @Test
    void elapsedTimeComesFromTheInjectedClock() {
        Clock ticking = new TickingClock(Instant.parse("2026-01-01T00:00:00Z"), Duration.ofSeconds(7));

        ExecResult result = new LocalProcessExecutor(ticking).run(Command.shell("true", dir, ENV, GENEROUS));

        assertThat(result.elapsed()).isEqualTo(Duration.ofSeconds(7));
    }
}
