package dev.repofix.validate;

import dev.repofix.build.MavenTestClasspath;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LiveProcess;
import dev.repofix.exec.SandboxImage;
import dev.repofix.testrun.TestStatus;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Screening in one warm test JVM per run, for Maven projects: the JVM is started through
 * the same {@link Executor} as the tests, on the dependency class path the baseline used;
 * per candidate it compiles the patched files in process (javax.tools), loads the
 * project's classes in a fresh class loader (so no static state leaks between
 * candidates) and runs the tests through the JUnit Platform Launcher. A candidate whose
 * tests pass the limit gets the JVM killed; the next candidate starts a new one.
 */
public final class WarmJvmScreening implements Screening {
    private static final Logger LOG = LoggerFactory.getLogger(WarmJvmScreening.class);
    private static final String MAIN = "ScreeningMain.java";
    private static final String PREFIX = "@@repofix ";
    /** Set when the JVM's output ended: it exited or was killed. */
    private static final String EOF = "\u0000eof";
    /** Starting the JVM (the source launcher compiles the main class) may take this long. */
    static final Duration START_LIMIT = Duration.ofSeconds(60);

    private final Executor executor;
    private final Map<String, String> environment;
    private final PreparedEnvironment prepared;
    private final MavenTestClasspath classpath;
    private final Path workdir;
    private final Clock clock;
    private LiveProcess process;
    private BlockingQueue<String> lines;
    /** Whether the running JVM has yet to say it is ready. */
    private boolean starting;
    private boolean closed;
    /** Numbers the folders candidates' sources are staged in. */
    private int staging;
    private Optional<Duration> baselineTime = Optional.empty();

    /**
     * @param environment the environment the tests run with
     * @param workdir     where the JVM runs and keeps its files: the baseline's copy, whose
     *                    build outputs the class path names
     */
    public WarmJvmScreening(Executor executor, Map<String, String> environment, MavenTestClasspath classpath,
            Path workdir, Clock clock) {
        this(executor, environment, PreparedEnvironment.none(), classpath, workdir, clock);
    }

    /**
     * @param prepared what the run's set-up prepared, which the baseline ran in: the JVM
     *                 runs in it too (its variables, its PATH, its read-only folders)
     */
    public WarmJvmScreening(Executor executor, Map<String, String> environment, PreparedEnvironment prepared,
            MavenTestClasspath classpath, Path workdir, Clock clock) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.environment = Map.copyOf(environment);
        this.prepared = Objects.requireNonNull(prepared, "prepared");
        this.classpath = Objects.requireNonNull(classpath, "classpath");
        this.workdir = Objects.requireNonNull(workdir, "workdir");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Starts the JVM now, so that its start-up overlaps with whatever comes before the
     * first candidate. Empty when the executor cannot keep a process to talk to.
     */
    public synchronized Optional<String> start() {
        try {
            return startJvm() ? Optional.empty()
                    : Optional.of("the sandbox cannot keep a screening JVM running");
        } catch (RuntimeException e) {
            return Optional.of("the screening JVM did not start: " + e.getMessage());
        }
    }

    /**
     * Screens the unpatched code, which must fail every one of {@code failing} as the
     * baseline did (else screening cannot be trusted here: a test that depends on the
     * build's set-up, a System.exit, a framework it does not know); their time here bounds
     * each candidate's screening. Empty when it reproduces them, else why not.
     */
    public Optional<String> reproduces(List<String> failing) {
        ScreenResult r = screen("baseline", workdir, List.of(), failing, START_LIMIT);
        if (!(r instanceof ScreenResult.Ran ran)) {
            return Optional.of("screening the unpatched code did not run its failing tests: " + switch (r) {
                case ScreenResult.Inconclusive i -> i.why();
                case ScreenResult.CompileFailed c -> c.errors();
                case ScreenResult.TimedOut t -> "they took over " + t.limit().toSeconds() + " s";
                case ScreenResult.Ran x -> "";
            });
        }
        List<String> notFailing = failing.stream().filter(t -> ran.statuses().entrySet().stream()
                .noneMatch(e -> e.getValue().isFailure() && (e.getKey().equals(WarmScreenVerdict.key(t))
                        || WarmScreenVerdict.key(t).startsWith(e.getKey() + "#")))).toList();
        if (!notFailing.isEmpty()) {
            return Optional.of("screening the unpatched code does not fail " + String.join(", ", notFailing)
                    + " as the baseline did");
        }
        synchronized (this) {
            baselineTime = Optional.of(ran.elapsed());
        }
        return Optional.empty();
    }

    @Override
    public synchronized Optional<Duration> baselineTime() {
        return baselineTime;
    }

    @Override
    public synchronized ScreenResult screen(String candidateId, Path copy, List<String> sources, List<String> tests,
            Duration limit) {
        Instant start = clock.instant();
        if (closed) {
            return new ScreenResult.Inconclusive("screening is closed", Duration.ZERO);
        }
        if (sources.stream().anyMatch(s -> !s.endsWith(".java"))) {
            return new ScreenResult.Inconclusive("the candidate changes files other than Java sources", since(start));
        }
        if (sources.stream().anyMatch(s -> !Files.isRegularFile(copy.resolve(s)))) {
            // Its old class would still load from the baseline's outputs.
            return new ScreenResult.Inconclusive("the candidate deletes a source file", since(start));
        }
        try {
            if ((process == null || !process.isAlive()) && !startJvm()) {
                return new ScreenResult.Inconclusive("no screening JVM in this sandbox", since(start));
            }
            if (starting) {
                Optional<String> ready = await("ready", clock.instant().plus(START_LIMIT));
                if (ready.isEmpty() || !ready.get().startsWith("ready")) {
                    String why = ready.map(r -> "the screening JVM did not start: " + unescape(r))
                            .orElse("the screening JVM did not start within " + START_LIMIT.toSeconds() + " s");
                    stop();
                    return new ScreenResult.Inconclusive(why, since(start));
                }
                starting = false;
            }
            // Timed from here: a JVM's start-up is not the candidate's tests' time.
            Instant sent = clock.instant();
            Path staged = stage(copy, sources);
            try {
                StringBuilder request = new StringBuilder("screen ").append(oneLine(candidateId)).append('\n');
                for (String s : sources) {
                    request.append("source ").append(staged.resolve(s).toAbsolutePath()).append('\n');
                }
                tests.forEach(t -> request.append("test ").append(oneLine(t)).append('\n'));
                request.append("end\n");
                process.input().write(request.toString());
                process.input().flush();
                return exchange(sent, limit);
            } finally {
                deleteQuietly(staged);
            }
        } catch (IOException e) {
            stop();
            return new ScreenResult.Inconclusive("the screening JVM stopped taking requests: " + e.getMessage(),
                    since(start));
        }
    }

    /**
     * Copies the candidate's patched sources into the screening's own folder: the JVM may
     * run in a sandbox that sees only the baseline's copy, not the candidate's.
     */
    private Path stage(Path copy, List<String> sources) throws IOException {
        Path staged = workdir.resolve("target").resolve("repofix-screening").resolve("sources")
                .resolve(Integer.toString(++staging));
        for (String s : sources) {
            Path target = staged.resolve(s);
            Files.createDirectories(target.getParent());
            Files.copy(copy.resolve(s), target, StandardCopyOption.REPLACE_EXISTING);
        }
        return staged;
    }

    private static void deleteQuietly(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            LOG.debug("could not delete the staged sources {}: {}", dir, e.getMessage());
        }
    }

    /**
     * Reads the answer to one request sent at {@code start}; the JVM is killed at {@code
     * limit} after the compiler is done.
     */
    private ScreenResult exchange(Instant start, Duration limit) {
        Map<String, TestStatus> statuses = new LinkedHashMap<>();
        Map<String, String> messages = new LinkedHashMap<>();
        Duration build = Duration.ZERO;
        Instant deadline = clock.instant().plus(limit).plus(START_LIMIT);
        while (true) {
            Optional<String> line = await("an answer", deadline);
            if (line.isEmpty()) {
                stop();
                return new ScreenResult.TimedOut(limit, since(start));
            }
            String l = line.get();
            if (l.equals(EOF)) {
                stop();
                return new ScreenResult.Inconclusive("the screening JVM exited while screening (a test may call "
                        + "System.exit)", since(start));
            } else if (l.startsWith("compiled")) {
                build = since(start);
                deadline = clock.instant().plus(limit);
            } else if (l.startsWith("compile-error")) {
                String errors = unescape(l.substring("compile-error".length()).strip());
                awaitDone(deadline);
                return new ScreenResult.CompileFailed(errors, since(start));
            } else if (l.startsWith("result ")) {
                String[] parts = l.substring(7).split(" ", 3);
                statuses.merge(parts[1], TestStatus.valueOf(parts[0]), WarmJvmScreening::worse);
                if (parts.length > 2 && !parts[2].isBlank()) {
                    messages.putIfAbsent(parts[1], unescape(parts[2]));
                }
            } else if (l.startsWith("error")) {
                awaitDone(deadline);
                return new ScreenResult.Inconclusive("screening failed: " + unescape(l.substring(5).strip()),
                        since(start));
            } else if (l.startsWith("done")) {
                return new ScreenResult.Ran(statuses, messages, build, since(start));
            }
        }
    }

    private void awaitDone(Instant deadline) {
        Optional<String> l;
        do {
            l = await("done", deadline);
        } while (l.isPresent() && !l.get().startsWith("done") && !l.get().equals(EOF));
    }

    private static TestStatus worse(TestStatus a, TestStatus b) {
        return a.isFailure() ? a : b;
    }

    private boolean startJvm() {
        stop();
        Path dir = workdir.resolve("target").resolve("repofix-screening");
        Path main = dir.resolve(MAIN);
        try {
            Files.createDirectories(dir);
            try (InputStream in = WarmJvmScreening.class.getResourceAsStream(MAIN + ".txt")) {
                if (in == null) {
                    throw new IllegalStateException("the screening JVM's source is missing from repofix's jar");
                }
                Files.write(main, in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String cp = classpath.dependencies().stream().map(Path::toString)
                .collect(Collectors.joining(java.io.File.pathSeparator));
        // The JDK the tests run on: JAVA_HOME's when set, as Maven chooses, else the one on PATH.
        Command command = new Command(List.of("sh", "-c",
                "exec \"${JAVA_HOME:+$JAVA_HOME/bin/}java\" -XX:+UseSerialGC -cp \"$1\" \"$2\" \"$3\" \"$4\" \"$5\"",
                "sh", cp, main.toString(), classpath.classes().toString(), classpath.testClasses().toString(),
                dir.toString()), workdir, environment, START_LIMIT, Command.DEFAULT_OUTPUT_CAP)
                // Where Maven's tests run: in a Docker sandbox, the JVM image (or the one configured).
                .withImage(Optional.of(SandboxImage.JVM));
        Optional<LiveProcess> started = executor.start(prepared.applyTo(command));
        if (started.isEmpty()) {
            return false;
        }
        process = started.get();
        starting = true;
        BlockingQueue<String> queue = new LinkedBlockingQueue<>();
        lines = queue;
        LiveProcess p = process;
        Thread.ofVirtual().name("repofix-screening-output").start(() -> {
            try {
                String line;
                while ((line = p.output().readLine()) != null) {
                    if (line.startsWith(PREFIX)) {
                        queue.add(line.substring(PREFIX.length()));
                    }
                }
            } catch (IOException e) {
                LOG.debug("screening JVM output ended", e);
            }
            queue.add(EOF);
        });
        return true;
    }

    /** The next line before {@code deadline}; empty when none came by then. */
    private Optional<String> await(String what, Instant deadline) {
        try {
            Duration left = Duration.between(clock.instant(), deadline);
            if (left.isNegative()) {
                return Optional.empty();
            }
            return Optional.ofNullable(lines.poll(left.toMillis(), TimeUnit.MILLISECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            LOG.debug("interrupted waiting for {}", what);
            return Optional.empty();
        }
    }

    private void stop() {
        if (process != null) {
            process.close();
            process = null;
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        stop();
    }

    private static String oneLine(String s) {
        return s.replace('\n', ' ').replace('\r', ' ');
    }

    static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(n == 'n' ? '\n' : n == 't' ? '\t' : n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    private Duration since(Instant start) {
        return Duration.between(start, clock.instant());
    }
}
