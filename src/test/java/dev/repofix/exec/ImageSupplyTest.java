package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PushResponseItem;
import dev.repofix.config.HostEnvironment;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sandbox image the engine lacks, on a real engine: built once FROM the local base, pulled
 * from a real registry on loopback, or neither (auto runs locally and says why, docker stops).
 * Every image is made under a tag of this test's own ({@code repofix/sandbox-python:test-...}),
 * never the shared {@code :1} images other tests use, and removed afterwards.
 */
@Tag("docker")
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class ImageSupplyTest {
    /** The base the build starts FROM: the local one .ci/docker-setup makes. */
    static final String BASE = System.getProperty("repofix.test.image", "repofix-base:trixie");
    /** The registry binary .ci/run installs (go-containerregistry's cmd/registry). */
    static final String REGISTRY = System.getProperty("repofix.test.registry", "target/tools/registry");
    private static final Pattern TOOK = Pattern.compile(" in (\\d+ms|\\d+\\.\\ds|\\d+m\\d\\ds)$");

    private final String tag = "test-" + UUID.randomUUID().toString().substring(0, 12);
    private final String local = "repofix/sandbox-python:" + tag;
    private final DockerEngine engine = DockerEngine.connect(EngineAddress.of(HostEnvironment.fromSystem()));
    private final List<String> made = new ArrayList<>();
    private final List<String> notices = Collections.synchronizedList(new ArrayList<>());

    @TempDir
    Path temp;

    @AfterEach
    void removeWhatWasMade() {
        made.add(local);
        for (String image : made) {
            try {
                engine.requests().removeImageCmd(image).withForce(true).exec();
            } catch (NotFoundException e) {
                // never made, or already gone
            }
        }
        engine.close();
    }

    @Test
    void aMissingImageIsBuiltOnceFromTheBaseAndTheNextRunFindsIt() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        SandboxSettings settings = settings(ImageSource.of("", BASE));

        try (DockerExecutor docker = DockerExecutor.open(settings, host(), Clock.systemUTC(), notices::add)) {
            ExecResult r = docker.run(Command.shell("python3 -c 'import pytest; print(\"pytest\", pytest.__version__)'",
                    work, Map.of(), Duration.ofMinutes(2)));

            assertThat(r.succeeded()).as(r.output()).isTrue();
            assertThat(r.output()).contains("pytest");
        }
        assertThat(notices).hasSize(2);
        assertThat(notices.get(0)).isEqualTo("building " + local + " FROM " + BASE + " (once per Docker engine; set "
                + "sandbox-pull to pull a published one instead)");
        assertThat(notices.get(1)).startsWith("built " + local + " in ").containsPattern(TOOK);
        assertThat(engine.imageExists(local)).isTrue();

        notices.clear();
        try (DockerExecutor next = DockerExecutor.open(settings, host(), Clock.systemUTC(), notices::add)) {
            assertThat(next.run(Command.shell("true", work, Map.of(), Duration.ofMinutes(1))).succeeded()).isTrue();
        }
        assertThat(notices).as("the next run on this engine finds it").isEmpty();
    }

    @Test
    void twoRunsAtOnceBuildTheImageOnceAndBothGetIt() throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService threads = Executors.newFixedThreadPool(2);
        try {
            List<Future<ImageSupply.Outcome>> outcomes = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                ImageSupply run = new ImageSupply(engine, ImageSource.of("", BASE), Clock.systemUTC(), temp, notices::add);
                outcomes.add(threads.submit(() -> {
                    go.await();
                    return run.provide(local);
                }));
            }
            go.countDown();
            List<Class<?>> kinds = new ArrayList<>();
            for (Future<ImageSupply.Outcome> f : outcomes) {
                kinds.add(f.get(14, TimeUnit.MINUTES).getClass());
            }

            assertThat(kinds).containsExactlyInAnyOrder(ImageSupply.Outcome.Built.class,
                    ImageSupply.Outcome.Present.class);
            assertThat(notices.stream().filter(n -> n.startsWith("building "))).hasSize(1);
            assertThat(engine.imageExists(local)).isTrue();
        } finally {
            threads.shutdownNow();
        }
    }

    @Test
    void aMissingImageIsPulledFromWherePublishedAndTaggedAsTheLocalReference() throws Exception {
        Process registry = startRegistry();
        try {
            int port = portOf(registry);
            String published = "127.0.0.1:" + port + "/acme/repofix-sandbox-python:" + tag;
            String publishedId = publish(published);
            engine.requests().removeImageCmd(published).withForce(true).exec();
            assertThat(engine.imageExists(published)).isFalse();

            ImageSupply supply = new ImageSupply(engine,
                    ImageSource.of("127.0.0.1:" + port + "/acme/repofix-sandbox-{family}:" + tag, "no-such/base:0"),
                    Clock.systemUTC(), temp, notices::add);
            made.add(published);
            ImageSupply.Outcome outcome = supply.provide(local);

            assertThat(outcome).isInstanceOf(ImageSupply.Outcome.Pulled.class);
            assertThat(engine.requests().inspectImageCmd(local).exec().getId()).isEqualTo(publishedId);
            assertThat(notices).hasSize(2);
            assertThat(notices.get(0)).isEqualTo("pulling " + published + " as " + local + " (not on the Docker engine at "
                    + engine.address() + ")");
            assertThat(notices.get(1)).startsWith("pulled " + published + " in ").containsPattern(TOOK);
        } finally {
            registry.destroy();
            registry.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void whenNeitherPullNorBuildWorksAutoRunsLocallyAndSaysWhyWhileDockerStops() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        int closed = closedPort();
        String pull = "127.0.0.1:" + closed + "/acme/repofix-sandbox-{family}:" + tag;
        String base = "127.0.0.1:" + closed + "/acme/no-base:" + tag;
        SandboxSettings settings = settings(ImageSource.of(pull, base));

        RecordingExecutor host = RecordingExecutor.plain("local");
        try (Executor auto = new AutoSandbox(DockerExecutor.open(settings, host(), Clock.systemUTC(), notices::add),
                host.asExecutor(), notices::add)) {
            auto.run(Command.shell("true", work, Map.of(), Duration.ofMinutes(1)));
        }
        assertThat(host.calls).as("the command ran as a local process").contains("run");
        String last = notices.get(notices.size() - 1);
        assertThat(last).as("one line says why it cannot isolate")
                .startsWith("local processes, not isolated (the Docker engine at " + engine.address() + " has no image "
                        + local + "; pulling 127.0.0.1:" + closed + "/acme/repofix-sandbox-python:" + tag
                        + " failed: ")
                .contains("; building it FROM " + base + " failed after ")
                .doesNotContain("\n");
        assertThat(notices.subList(0, notices.size() - 1)).as("what was tried, each in a line")
                .hasSize(3).satisfies(n -> {
                    assertThat(n.get(0)).startsWith("pulling ");
                    assertThat(n.get(1)).contains("failed: ").endsWith("; building it instead");
                    assertThat(n.get(2)).startsWith("building " + local + " FROM " + base);
                });

        notices.clear();
        try (DockerExecutor docker = DockerExecutor.open(settings, host(), Clock.systemUTC(), notices::add)) {
            assertThatThrownBy(() -> docker.run(Command.shell("true", work, Map.of(), Duration.ofMinutes(1))))
                    .isInstanceOf(ExecException.class)
                    .hasMessageContaining("has no image " + local)
                    .hasMessageContaining(DockerExecutor.WHAT_TO_DO);
        }
    }

    private SandboxSettings settings(ImageSource source) {
        return new SandboxSettings(EngineAddress.of(HostEnvironment.fromSystem()), new SandboxLimits(512L << 20, 1, 64),
                Optional.of(local), List.of(), "test-" + tag, source);
    }

    private HostEnvironment host() {
        return new HostEnvironment(Map.of("HOME", temp.resolve("home").toString()));
    }

    /** go-containerregistry's in-memory registry on a free loopback port. */
    private Process startRegistry() throws Exception {
        Path binary = Path.of(REGISTRY);
        assertThat(binary).as("the registry binary; .ci/run installs it (go install "
                + "github.com/google/go-containerregistry/cmd/registry) and passes -Drepofix.test.registry").exists();
        return new ProcessBuilder(binary.toAbsolutePath().toString(), "-port", "0").redirectErrorStream(true).start();
    }

    /** The port the registry logs it serves on ({@code serving on port N}). */
    private static int portOf(Process registry) throws Exception {
        BufferedReader out = new BufferedReader(new InputStreamReader(registry.getInputStream(), StandardCharsets.UTF_8));
        Pattern serving = Pattern.compile("serving on port (\\d+)");
        for (String line = out.readLine(); line != null; line = out.readLine()) {
            Matcher m = serving.matcher(line);
            if (m.find()) {
                Thread drain = new Thread(() -> out.lines().forEach(l -> { }), "registry-log");
                drain.setDaemon(true);
                drain.start();
                return Integer.parseInt(m.group(1));
            }
        }
        throw new AssertionError("the registry exited without serving");
    }

    /** Builds a tiny image as {@code reference}, pushes it and returns its id. */
    private String publish(String reference) throws Exception {
        Path context = Files.createDirectories(temp.resolve("tiny"));
        Files.writeString(context.resolve("marker"), tag);
        Files.writeString(context.resolve("Dockerfile"), "FROM scratch\nCOPY marker /marker\n");
        String id = engine.streams().buildImageCmd().withBaseDirectory(context.toFile())
                .withDockerfile(context.resolve("Dockerfile").toFile()).withTags(Set.of(reference))
                .start().awaitImageId(2, TimeUnit.MINUTES);
        ImageSupply.Reference r = ImageSupply.Reference.parse(reference);
        engine.streams().pushImageCmd(r.repository()).withTag(r.tag()).exec(new ResultCallback.Adapter<PushResponseItem>() {
            @Override
            public void onNext(PushResponseItem item) {
                if (item.isErrorIndicated()) {
                    onError(new AssertionError("push failed: " + item.getError()));
                }
            }
        }).awaitCompletion(2, TimeUnit.MINUTES);
        assertThat(id).isNotBlank();
        return engine.requests().inspectImageCmd(reference).exec().getId();
    }

    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
