package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.command.WaitContainerResultCallback;
import com.github.dockerjava.api.model.Container;
import dev.repofix.config.HostEnvironment;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sandbox against a real engine: each test runs untrusted-looking commands in the
 * base image ({@code repofix.test.image}, default {@code repofix-base:trixie}) and
 * checks from the outside that they could not do harm and left nothing behind.
 */
@Tag("docker")
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class DockerExecutorTest {
    static final String IMAGE = System.getProperty("repofix.test.image", "repofix-base:trixie");
    private static final SandboxLimits LIMITS = new SandboxLimits(256L << 20, 1, 64);
    private static final Duration GENEROUS = Duration.ofSeconds(60);

    private final String runId = "test-" + Long.toHexString(System.nanoTime());
    private final DockerEngine engine = DockerEngine.connect(EngineAddress.of(HostEnvironment.fromSystem()));

    @TempDir
    Path temp;

    @AfterEach
    void closeEngine() {
        engine.close();
    }

    @Test
    void runsInTheWorkspaceAtTheSamePathAsANonRootUserAndLeavesNothingBehind() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        Files.writeString(work.resolve("in.txt"), "from the host");

        ExecResult result;
        try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
            result = docker.run(shell("pwd; id -u; cat in.txt; echo; echo out > out.txt; echo err >&2; exit 3", work));
        }

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.Exited(3));
        assertThat(result.output()).isEqualTo(work + "\n" + SandboxUser.current().uid() + "\nfrom the host\nerr\n");
        assertThat(work.resolve("out.txt")).hasContent("out");
        Files.delete(work.resolve("out.txt"));
        assertThat(ours()).isEmpty();
    }

    /**
     * A live process (the warm screening JVM) talks over the container's standard input
     * and output, stays up between exchanges, discards stderr, and is gone once closed.
     */
    @Test
    void aLiveProcessAnswersEachLineOnItsInputUntilClosedThenLeavesNothingBehind() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));

        try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
            LiveProcess live = docker.start(shell("echo noise >&2; while read l; do echo \"got $l in $(pwd)\"; done",
                    work)).orElseThrow();
            for (String line : List.of("one", "two")) {
                live.input().write(line + "\n");
                live.input().flush();
                assertThat(live.output().readLine()).isEqualTo("got " + line + " in " + work);
            }
            assertThat(live.isAlive()).isTrue();
            assertThat(ours()).hasSize(1);

            live.close();
            live.close();

            assertThat(live.isAlive()).isFalse();
            assertThat(ours()).isEmpty();
        }
    }

    @Test
    void reachesNoServiceOfTheHostNorTheInternet() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        String gateway = bridgeGateway();
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getByName("0.0.0.0"))) {
            Thread acceptor = Thread.ofVirtual().start(() -> acceptAll(server));
            String probe = "for a in " + gateway + ":" + server.getLocalPort() + " 127.0.0.1:" + server.getLocalPort()
                    + " 1.1.1.1:80 8.8.8.8:53; do if timeout 5 bash -c \"exec 3<>/dev/tcp/${a%:*}/${a#*:}\" "
                    + "2>/dev/null; then echo \"connected $a\"; else echo \"refused $a\"; fi; done";
            // The control: the same probe from a container on the default network reaches the host.
            assertThat(onDefaultNetwork(probe)).contains("connected " + gateway + ":" + server.getLocalPort());

            ExecResult result;
            try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
                result = docker.run(new Command(List.of("bash", "-c", probe), work, Map.of(), GENEROUS, 4096));
            }
            acceptor.interrupt();

            assertThat(result.output()).contains("refused " + gateway, "refused 127.0.0.1", "refused 1.1.1.1",
                    "refused 8.8.8.8").doesNotContain("connected");
        }
    }

    @Test
    void noTokenGivenToRepofixReachesTheTests() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        HostEnvironment host = host(Map.of("GITHUB_TOKEN", "ghs_do_not_leak", "OPENAI_API_KEY", "sk-do-not-leak",
                "PATH", "/opt/host/bin:/usr/bin", "JAVA_HOME", "/opt/host/jdk", "MAVEN_OPTS", "-Xmx1g"));
        // As TestRunner builds it, and worse: the secrets handed over directly.
        Map<String, String> env = new HashMap<>(CleanEnvironment.of(host, List.of("MAVEN_OPTS"), Map.of()));
        env.put("GITHUB_TOKEN", "ghs_do_not_leak");
        env.put("OPENAI_API_KEY", "sk-do-not-leak");

        ExecResult result;
        try (DockerExecutor docker = open(LIMITS, host)) {
            result = docker.run(Command.shell("env", work, env, GENEROUS));
        }

        assertThat(result.output()).doesNotContain("GITHUB_TOKEN", "OPENAI_API_KEY", "do_not_leak", "do-not-leak",
                "/opt/host").contains("HOME=/tmp/home", "MAVEN_OPTS=-Xmx1g", "CI=true");
    }

    @Test
    void aForkBombStopsAtThePidsLimit() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        Instant start = Instant.now();

        ExecResult result;
        try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
            result = docker.run(new Command(List.of("bash", "-c", "echo limit=$(cat /sys/fs/cgroup/pids/pids.max "
                    + "/sys/fs/cgroup/pids.max 2>/dev/null); f() { f | f & }; f; sleep 5; echo survived"), work,
                    Map.of(), Duration.ofSeconds(20), 64 * 1024));
        }

        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(60));
        assertThat(result.output()).contains("limit=64", "fork: retry: Resource temporarily unavailable");
        assertThat(ours()).isEmpty();
    }

    @Test
    void allocatingBeyondTheMemoryLimitEndsWithAClearMessage() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));

        ExecResult result;
        try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
            result = docker.run(Command.shell("head -c 4G /dev/zero | tail", work, Map.of(), GENEROUS));
        }

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.Exited(137));
        assertThat(result.output()).contains("repofix: the sandbox killed the tests at the memory limit of 256 MiB");
    }

    @Test
    void aCommandThatNeverEndsIsKilledAtItsTimeoutAndRemoved() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        Instant start = Instant.now();

        ExecResult result;
        try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
            result = docker.run(Command.shell("echo started; sleep infinity", work, Map.of(), Duration.ofSeconds(3)));
            assertThat(ours()).isEmpty();
        }

        assertThat(result.outcome()).isEqualTo(new ExecResult.Outcome.TimedOut(Duration.ofSeconds(3)));
        assertThat(result.output()).isEqualTo("started\n");
        assertThat(Duration.between(start, Instant.now())).isLessThan(Duration.ofSeconds(30));
    }

    @Test
    void anInterruptedRunRemovesItsContainer() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        AtomicReference<Throwable> thrown = new AtomicReference<>();

        try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
            Thread runner = Thread.ofPlatform().start(() -> {
                try {
                    docker.run(Command.shell("sleep infinity", work, Map.of(), GENEROUS));
                } catch (RuntimeException e) {
                    thrown.set(e);
                }
            });
            waitUntil(() -> engine.listLabelled(SandboxOwner.RUN + "=" + runId).stream()
                    .anyMatch(c -> "running".equals(c.getState())));
            runner.interrupt();
            runner.join(30_000);
            assertThat(ours()).isEmpty();
        }

        assertThat(thrown.get()).isInstanceOf(ExecException.class).hasMessageContaining("interrupted");
    }

    @Test
    void writesOutsideTheWorkspaceFailOrStayInTheContainer() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        Path sibling = Files.createDirectories(temp.resolve("sibling"));
        String script = "for p in /etc/probe /home/probe /usr/probe /probe " + sibling + "/probe; do "
                + "if echo x > $p 2>/dev/null; then echo \"wrote $p\"; else echo \"refused $p\"; fi; done; "
                + "echo inside > ok.txt";

        ExecResult result;
        try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
            result = docker.run(Command.shell(script, work, Map.of(), GENEROUS));
        }

        assertThat(result.output()).contains("refused /etc/probe", "refused /home/probe", "refused /usr/probe",
                "refused /probe");
        assertThat(sibling).isEmptyDirectory();
        assertThat(Path.of("/etc/probe")).doesNotExist();
        assertThat(work.resolve("ok.txt")).hasContent("inside");
    }

    @Test
    void removesTheLeftoversOfADeadRunButNotThoseOfALiveOne() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String host = SandboxOwner.hostName();
        Instant later = Instant.now().plus(Duration.ofHours(1));
        String dead = leftover(new SandboxOwner("dead-" + runId, gone.pid(), host).labels(later));
        String live = leftover(new SandboxOwner("live-" + runId, ProcessHandle.current().pid(), host).labels(later));
        try {
            try (DockerExecutor docker = open(LIMITS, host(Map.of()))) {
                assertThat(ids(SandboxOwner.SANDBOX)).doesNotContain(dead).contains(live);
            }
        } finally {
            engine.removeQuietly(dead);
            engine.removeQuietly(live);
        }
    }

    @Test
    void aMissingImageIsNamedWithHowToBuildIt() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        SandboxSettings settings = new SandboxSettings(EngineAddress.of(HostEnvironment.fromSystem()), LIMITS,
                Optional.empty(), List.of(), runId);
        try (DockerExecutor docker = DockerExecutor.open(settings, host(Map.of()), Clock.systemUTC())) {
            assertThatThrownBy(() -> docker.run(Command.shell("true", work, Map.of(), GENEROUS)
                    .withImage(Optional.of(SandboxImage.RUST)).withImage(Optional.empty())))
                    .isInstanceOf(ExecException.class).hasMessageContaining("set sandbox-image");
            assertThat(docker.hasImage("repofix/sandbox-missing:0")).isFalse();
        }
        SandboxSettings missing = new SandboxSettings(settings.engine(), LIMITS, Optional.of("repofix/sandbox-missing:0"),
                List.of(), runId);
        try (DockerExecutor docker = DockerExecutor.open(missing, host(Map.of()), Clock.systemUTC())) {
            assertThatThrownBy(() -> docker.run(Command.shell("true", work, Map.of(), GENEROUS)))
                    .isInstanceOf(ExecException.class)
                    .hasMessageContaining("has no image repofix/sandbox-missing:0 and repofix makes only its own "
                            + "sandbox images: pull or build it; or use --sandbox local");
        }
    }

    private DockerExecutor open(SandboxLimits limits, HostEnvironment host) {
        return DockerExecutor.open(new SandboxSettings(EngineAddress.of(HostEnvironment.fromSystem()), limits,
                Optional.of(IMAGE), List.of(), runId), host, Clock.systemUTC());
    }

    /** A host environment whose home has no caches, plus {@code vars}. */
    private HostEnvironment host(Map<String, String> vars) {
        Map<String, String> all = new HashMap<>(vars);
        all.put("HOME", temp.resolve("home").toString());
        return new HostEnvironment(all);
    }

    private static Command shell(String script, Path dir) {
        return Command.shell(script, dir, Map.of(), GENEROUS);
    }

    private List<String> ours() {
        return ids(SandboxOwner.RUN + "=" + runId);
    }

    private List<String> ids(String label) {
        return engine.listLabelled(label).stream().map(Container::getId).toList();
    }

    /** A running container as a crashed run would have left it. */
    private String leftover(Map<String, String> labels) {
        String id = engine.requests().createContainerCmd(IMAGE).withEntrypoint("sleep", "infinity")
                .withLabels(labels).exec().getId();
        engine.requests().startContainerCmd(id).exec();
        return id;
    }

    /** Runs {@code script} in a plain container on Docker's default network and returns its output. */
    private String onDefaultNetwork(String script) throws Exception {
        String id = engine.requests().createContainerCmd(IMAGE).withEntrypoint("bash", "-c", script)
                .withLabels(Map.of("repofix.test", runId)).exec().getId();
        try {
            engine.requests().startContainerCmd(id).exec();
            engine.streams().waitContainerCmd(id).exec(new WaitContainerResultCallback())
                    .awaitStatusCode(60, TimeUnit.SECONDS);
            StringBuilder out = new StringBuilder();
            engine.requests().logContainerCmd(id).withStdOut(true).withStdErr(true)
                    .exec(new com.github.dockerjava.api.async.ResultCallback.Adapter<com.github.dockerjava.api.model.Frame>() {
                        @Override
                        public void onNext(com.github.dockerjava.api.model.Frame f) {
                            out.append(new String(f.getPayload(), java.nio.charset.StandardCharsets.UTF_8));
                        }
                    }).awaitCompletion(30, TimeUnit.SECONDS);
            return out.toString();
        } finally {
            engine.removeQuietly(id);
        }
    }

    /** The host's address on Docker's default bridge (docker0), where the host's services listen too. */
    private static String bridgeGateway() throws IOException {
        NetworkInterface docker0 = NetworkInterface.getByName("docker0");
        assertThat(docker0).as("the docker0 bridge of the engine's host").isNotNull();
        return docker0.inetAddresses().filter(a -> a instanceof Inet4Address).findFirst()
                .orElseThrow().getHostAddress();
    }

    private static void acceptAll(ServerSocket server) {
        while (!server.isClosed()) {
            try (Socket s = server.accept()) {
                s.getOutputStream().write('x');
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void waitUntil(java.util.function.BooleanSupplier condition) throws InterruptedException {
        Instant until = Instant.now().plusSeconds(30);
        while (!condition.getAsBoolean()) {
            assertThat(Instant.now()).as("waited 30s").isBefore(until);
            Thread.sleep(100);
        }
    }
}
