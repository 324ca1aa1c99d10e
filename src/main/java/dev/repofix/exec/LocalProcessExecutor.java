package dev.repofix.exec;

import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a command as a local child process with exactly the given environment. On
 * timeout the whole process tree is killed (descendants first, so none is orphaned
 * and left holding our output pipe).
 */
public final class LocalProcessExecutor implements Executor {
    private static final Logger LOG = LoggerFactory.getLogger(LocalProcessExecutor.class);
    /** After a kill, how long to wait for the output pipe to drain before giving up on it. */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(5);

    private final Clock clock;
    /** Trees still running, killed if our JVM is shut down (Ctrl-C, CI cancel) so none outlives us. */
    private final Set<ProcessHandle> running = ConcurrentHashMap.newKeySet();

    public LocalProcessExecutor(Clock clock) {
        this.clock = clock;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> running.forEach(LocalProcessExecutor::killTree),
                "repofix-exec-cleanup"));
    }

    @Override
    public ExecResult run(Command command) {
        ProcessBuilder pb = new ProcessBuilder(command.argv())
                .directory(command.workdir().toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        pb.environment().clear();
        pb.environment().putAll(command.environment());
        Instant start = clock.instant();
        Process process;
        try {
            process = pb.start();
        } catch (IOException e) {
            throw new ExecException("cannot start '" + String.join(" ", command.argv()) + "' in "
                    + command.workdir() + ": " + e.getMessage() + "; check that the program is installed and on PATH", e);
        }
        running.add(process.toHandle());
        CappedOutput output = new CappedOutput(command.outputCap());
        Thread reader = Thread.ofVirtual().name("repofix-exec-output").start(() -> drain(process.getInputStream(), output));
        try {
            boolean finished = process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS);
            ExecResult.Outcome outcome;
            if (finished) {
                outcome = new ExecResult.Outcome.Exited(process.exitValue());
            } else {
                LOG.debug("timeout after {}, killing process tree of pid {}", command.timeout(), process.pid());
                killTree(process.toHandle());
                outcome = new ExecResult.Outcome.TimedOut(command.timeout());
            }
            reader.join(DRAIN_GRACE);
            String text;
            synchronized (output) {
                text = output.text();
            }
            return new ExecResult(outcome, text, Duration.between(start, clock.instant()));
        } catch (InterruptedException e) {
            killTree(process.toHandle());
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while running '" + String.join(" ", command.argv()) + "'", e);
        } finally {
            running.remove(process.toHandle());
        }
    }

    /**
     * Kills every descendant and then the root. Repeated a few times because a process
     * may fork between our listing and our kill (a fork bomb does nothing else).
     */
    static void killTree(ProcessHandle root) {
        for (int round = 0; round < 5; round++) {
            List<ProcessHandle> all = root.descendants().toList();
            all.forEach(ProcessHandle::destroyForcibly);
            root.destroyForcibly();
            for (ProcessHandle h : all) {
                h.onExit().completeOnTimeout(h, 2, TimeUnit.SECONDS).join();
            }
            if (root.descendants().findAny().isEmpty()) {
                break;
            }
        }
        root.onExit().completeOnTimeout(root, 2, TimeUnit.SECONDS).join();
    }

    private static void drain(InputStream in, CappedOutput out) {
        byte[] buf = new byte[64 * 1024]; // a pipe's capacity: one read per pipe-full of a flood
        try (in) {
            int n;
            while ((n = in.read(buf)) >= 0) {
                synchronized (out) {
                    out.write(buf, 0, n);
                }
            }
        } catch (IOException e) {
            // The stream closes when the tree is killed; what was read so far is kept.
            LOG.debug("output stream closed: {}", e.getMessage());
        }
    }

    private static java.io.File nullDevice() {
        return new java.io.File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
