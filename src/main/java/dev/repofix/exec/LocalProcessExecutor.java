package dev.repofix.exec;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a command as a local child process with exactly the given environment. On
 * timeout the whole process tree is killed (descendants first, so none is orphaned
 * and left holding our output pipe).
 *
 * <p>Where util-linux {@code setsid} is installed (Linux), the command leads a session
 * of its own, and when {@link #run} returns (exit, timeout, interrupt, error) every
 * process still in that session is killed, so a test's detached child
 * ({@code subprocess.Popen(["sleep", "300"])}, {@code cmd &}) that was reparented out
 * of the tree does not outlive the run. What this cannot reach: a process that calls
 * {@code setsid()} itself (a daemon that detaches on purpose) leaves the session; only
 * the Docker sandbox, whose container is removed with everything in it, covers that.
 * Without {@code setsid} only the tree is killed, at timeout and after the run.
 */
public final class LocalProcessExecutor implements Executor {
    private static final Logger LOG = LoggerFactory.getLogger(LocalProcessExecutor.class);
    /** After a kill, how long to wait for the output pipe to drain before giving up on it. */
    private static final Duration DRAIN_GRACE = Duration.ofSeconds(5);

    /** The util-linux program that starts a command as the leader of a new session; empty where there is none. */
    private static final Optional<Path> SETSID = findSetsid();
    /** How many times the session is swept: a member may fork between a listing and the kill. */
    private static final int SWEEPS = 5;

    private final Clock clock;
    /** Trees still running, killed if our JVM is shut down (Ctrl-C, CI cancel) so none outlives us. */
    private final Set<Session> running = ConcurrentHashMap.newKeySet();

    public LocalProcessExecutor(Clock clock) {
        this.clock = clock;
        Runtime.getRuntime().addShutdownHook(new Thread(() -> running.forEach(Session::end), "repofix-exec-cleanup"));
        if (SETSID.isEmpty()) {
            LOG.debug("no setsid program: a test's detached children are killed only while they are in its process tree");
        }
    }

    @Override
    public ExecResult run(Command command) {
        List<String> argv = new ArrayList<>();
        SETSID.ifPresent(setsid -> argv.addAll(List.of(setsid.toString(), "--wait")));
        argv.addAll(command.argv());
        ProcessBuilder pb = new ProcessBuilder(argv)
                .directory(command.workdir().toFile())
                .redirectErrorStream(true)
                .redirectInput(ProcessBuilder.Redirect.from(nullDevice()));
        Instant start = clock.instant();
        Process process = start(pb, command);
        Session session = new Session(process.toHandle(), SETSID.isPresent());
        running.add(session);
        CappedOutput output = new CappedOutput(command.outputCap());
        Thread reader = Thread.ofVirtual().name("repofix-exec-output").start(() -> drain(process.getInputStream(), output));
        try {
            boolean finished = process.waitFor(command.timeout().toMillis(), TimeUnit.MILLISECONDS);
            if (!finished) {
                LOG.debug("timeout after {}, killing process tree of pid {}", command.timeout(), process.pid());
            }
            // Before draining: a detached child still holding the output pipe would keep the reader waiting.
            session.end();
            ExecResult.Outcome outcome = finished
                    ? new ExecResult.Outcome.Exited(process.exitValue())
                    : new ExecResult.Outcome.TimedOut(command.timeout());
            reader.join(DRAIN_GRACE);
            String text;
            synchronized (output) {
                text = output.text();
            }
            if (finished && SETSID.isPresent() && (process.exitValue() == 126 || process.exitValue() == 127)
                    && text.startsWith("setsid: failed to execute")) {
                throw new ExecException("cannot start '" + String.join(" ", command.argv()) + "' in " + command.workdir()
                        + ": " + text.strip() + "; check that the program is installed and on PATH",
                        new IOException(text.strip()));
            }
            return new ExecResult(outcome, text, Duration.between(start, clock.instant()));
        } catch (InterruptedException e) {
            session.end();
            Thread.currentThread().interrupt();
            throw new ExecException("interrupted while running '" + String.join(" ", command.argv()) + "'", e);
        } finally {
            session.end();
            running.remove(session);
        }
    }

    /** Starts {@code command} as {@link #run} does, with its own session, and leaves it running. */
    @Override
    public Optional<LiveProcess> start(Command command) {
        List<String> argv = new ArrayList<>();
        SETSID.ifPresent(setsid -> argv.add(setsid.toString()));
        argv.addAll(command.argv());
        ProcessBuilder pb = new ProcessBuilder(argv)
                .directory(command.workdir().toFile())
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        Process process = start(pb, command);
        Session session = new Session(process.toHandle(), SETSID.isPresent());
        running.add(session);
        BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8));
        Writer input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        return Optional.of(new LiveProcess() {
            @Override
            public Writer input() {
                return input;
            }

            @Override
            public BufferedReader output() {
                return output;
            }

            @Override
            public boolean isAlive() {
                return process.isAlive();
            }

            @Override
            public void close() {
                session.end();
                running.remove(session);
            }
        });
    }

    /** Starts {@code pb} with exactly the command's environment. */
    private static Process start(ProcessBuilder pb, Command command) {
        pb.environment().clear();
        pb.environment().putAll(command.environmentWithPath());
        try {
            return pb.start();
        } catch (IOException e) {
            throw new ExecException("cannot start '" + String.join(" ", command.argv()) + "' in "
                    + command.workdir() + ": " + e.getMessage() + "; check that the program is installed and on PATH", e);
        }
    }

    /**
     * A started command: its tree, and with {@code setsid} its session, whose id is the
     * command's pid (a child of the JVM is never a group leader, so setsid does not fork).
     */
    private record Session(ProcessHandle leader, boolean own, Optional<Instant> started) {
        Session(ProcessHandle leader, boolean own) {
            this(leader, own, leader.info().startInstant());
        }

        /** Kills the tree, then every process left in the session, and waits (bounded) until none is. */
        void end() {
            killTree(leader);
            if (own) {
                killSession(leader.pid(), started);
            }
        }
    }

    /**
     * Kills every process of session {@code sid} (not started before its leader, so a
     * reused id is never taken for ours) and waits up to 2 s for each; swept again while
     * one remains, because a member may fork between the listing and the kill.
     */
    static void killSession(long sid, Optional<Instant> notBefore) {
        for (int sweep = 0; sweep < SWEEPS; sweep++) {
            List<ProcessHandle> members = sessionMembers(sid, notBefore);
            if (members.isEmpty()) {
                return;
            }
            members.forEach(ProcessHandle::destroyForcibly);
            for (ProcessHandle h : members) {
                h.onExit().completeOnTimeout(h, 2, TimeUnit.SECONDS).join();
            }
        }
        List<ProcessHandle> left = sessionMembers(sid, notBefore);
        if (!left.isEmpty()) {
            LOG.warn("{} processes of a finished test run are still alive after {} kills: {}", left.size(), SWEEPS,
                    left.stream().map(h -> Long.toString(h.pid())).toList());
        }
    }

    /** Live (not zombie) processes whose session is {@code sid}, this JVM excepted. */
    static List<ProcessHandle> sessionMembers(long sid, Optional<Instant> notBefore) {
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses()
                .filter(h -> h.pid() != self)
                .filter(h -> liveInSession(h.pid(), sid))
                .filter(h -> notBefore.isEmpty() || h.info().startInstant().map(s -> !s.isBefore(notBefore.get())).orElse(true))
                .toList();
    }

    /** Reads fields 3 (state) and 6 (session) of {@code /proc/<pid>/stat}, after the parenthesized name. */
    private static boolean liveInSession(long pid, long sid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ", 5);
            char state = fields[0].charAt(0);
            return state != 'Z' && state != 'X' && Long.parseLong(fields[3]) == sid;
        } catch (IOException | RuntimeException e) {
            return false; // gone between the listing and the read, or not Linux
        }
    }

    private static Optional<Path> findSetsid() {
        if (!Files.isReadable(Path.of("/proc/self/stat"))) {
            return Optional.empty(); // members of a session are found through /proc
        }
        String path = Objects.requireNonNullElse(System.getenv("PATH"), "") + File.pathSeparator + "/usr/bin:/bin";
        return Arrays.stream(path.split(File.pathSeparator))
                .filter(d -> !d.isBlank())
                .map(d -> Path.of(d, "setsid"))
                .filter(Files::isExecutable)
                .findFirst();
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

    private static File nullDevice() {
        return new File(System.getProperty("os.name").startsWith("Windows") ? "NUL" : "/dev/null");
    }
}
