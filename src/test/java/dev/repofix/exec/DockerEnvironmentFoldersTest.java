package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import dev.repofix.config.HostEnvironment;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a prepared environment needs from the Docker sandbox, against a real engine: its
 * folders visible at the same path (read-only unless writable), its {@code bin} first on
 * the image's {@code PATH}, network for its set-up only, and a build cache that outlives
 * one container but not the executor.
 */
@Tag("docker")
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class DockerEnvironmentFoldersTest {
    private static final SandboxLimits LIMITS = new SandboxLimits(512L << 20, 1, 256);
    private static final Duration GENEROUS = Duration.ofSeconds(90);

    private final String runId = "test-" + Long.toHexString(System.nanoTime());

    @TempDir
    Path temp;

    @Test
    void aReadOnlyFolderIsSeenButNotWrittenAndAWritableOneIsWritten() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        Path prepared = Files.createDirectories(temp.resolve("prepared"));
        Files.writeString(prepared.resolve("site.txt"), "installed");
        Path output = Files.createDirectories(temp.resolve("output"));
        Command command = shell("cat " + prepared + "/site.txt; echo; "
                + "if echo x > " + prepared + "/new.txt 2>/dev/null; then echo wrote-ro; else echo refused-ro; fi; "
                + "if echo y > " + output + "/new.txt; then echo wrote-rw; fi", work)
                .withEnvironmentFolders(List.of(), List.of(new Command.Mount(prepared, false),
                        new Command.Mount(output, true)));

        ExecResult result;
        try (DockerExecutor docker = open(DockerExecutorTest.IMAGE)) {
            result = docker.run(command);
        }

        assertThat(result.output()).contains("installed\n", "refused-ro", "wrote-rw").doesNotContain("wrote-ro");
        assertThat(prepared.resolve("new.txt")).doesNotExist();
        assertThat(output.resolve("new.txt")).hasContent("y");
    }

    @Test
    void aToolInAPrefixFolderComesFirstOnTheImagesPathInRunsAndLiveProcesses() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        Path bin = Files.createDirectories(temp.resolve("venv").resolve("bin"));
        Path tool = Files.writeString(bin.resolve("ls"), "#!/bin/sh\necho prepared-ls\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Command command = shell("echo \"path=$PATH\"; ls; command -v cat", work)
                .withEnvironmentFolders(List.of(bin), List.of(new Command.Mount(bin.getParent(), false)));

        try (DockerExecutor docker = open(DockerExecutorTest.IMAGE)) {
            ExecResult result = docker.run(command);

            assertThat(result.output()).contains("path=" + bin + ":/usr/local/sbin:/usr/local/bin:", "prepared-ls\n",
                    "/usr/bin/cat");
            try (LiveProcess live = docker.start(shell("while read l; do ls; done", work)
                    .withEnvironmentFolders(List.of(bin), List.of(new Command.Mount(bin.getParent(), false))))
                    .orElseThrow()) {
                live.input().write("go\n");
                live.input().flush();
                assertThat(live.output().readLine()).isEqualTo("prepared-ls");
            }
        }
    }

    @Test
    void onlyACommandWithNetworkReachesAServerOnTheHostsBridgeAddress() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        String gateway = bridgeAddress();
        HttpServer server = HttpServer.create(new InetSocketAddress(gateway, 0), 10);
        server.createContext("/", exchange -> {
            byte[] body = "hello from the host".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        try {
            String get = "if exec 3<>/dev/tcp/" + gateway + "/" + server.getAddress().getPort() + "; then "
                    + "printf 'GET / HTTP/1.0\\r\\n\\r\\n' >&3; timeout 10 cat <&3; else echo unreachable; fi";
            Command command = new Command(List.of("bash", "-c", get), work, Map.of(), GENEROUS, 4096);

            try (DockerExecutor docker = open(DockerExecutorTest.IMAGE)) {
                assertThat(docker.run(command.withNetwork()).output()).contains("200", "hello from the host");
                assertThat(docker.run(command).output()).contains("unreachable").doesNotContain("hello");
                try (LiveProcess live = docker.start(new Command(List.of("bash", "-c", "read l; " + get), work,
                        Map.of(), GENEROUS, 4096).withNetwork()).orElseThrow()) {
                    live.input().write("go\n");
                    live.input().flush();
                    assertThat(live.output().lines().limit(10).toList()).contains("hello from the host");
                }
            }
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aCommandWithNetworkTrustsTheHostsCertificatesAndACommandWithoutGetsNone() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        String certificate = "-----BEGIN CERTIFICATE-----\nMIIBdGVzdC1vbmx5LW5vdC1hLXJlYWwtY2VydGlmaWNhdGU=\n"
                + "-----END CERTIFICATE-----";
        Path bundle = Files.writeString(temp.resolve("host-bundle.pem"), certificate + "\n");
        Command show = shell("echo \"ssl=$SSL_CERT_FILE\"; cat /etc/ssl/certs/ca-certificates.crt "
                + "|| echo no-bundle", work);

        try (DockerExecutor docker = open(DockerExecutorTest.IMAGE, Map.of("SSL_CERT_FILE", bundle.toString()))) {
            String withNetwork = docker.run(show.withNetwork()).output();
            String without = docker.run(show).output();

            assertThat(withNetwork).contains("ssl=/etc/ssl/certs/ca-certificates.crt", certificate);
            assertThat(without).contains("ssl=\n", "no-bundle").doesNotContain("BEGIN CERTIFICATE");
        }
    }

    @Test
    void aCommandWithNetworkGetsTheHostsCertificatesAsAJavaTrustStoreToo() throws Exception {
        Path work = Files.createDirectories(temp.resolve("work"));
        Path bundle = Files.writeString(temp.resolve("host-bundle.pem"), CaBundlesTest.ROOT + "\n");
        Command show = shell("echo \"jto=$JAVA_TOOL_OPTIONS\"; test -s " + CaBundles.JAVA_TRUST_STORE
                + " && echo has-store || echo no-store", work);

        try (DockerExecutor docker = open(DockerExecutorTest.IMAGE, Map.of("SSL_CERT_FILE", bundle.toString()))) {
            String withNetwork = docker.run(show.withNetwork()).output();
            String without = docker.run(show).output();

            assertThat(withNetwork).contains("jto=-Djavax.net.ssl.trustStore=" + CaBundles.JAVA_TRUST_STORE, "has-store");
            assertThat(without).contains("jto=\n", "no-store");
        }
    }

    /**
     * Two {@code go test} runs of one module, each in a fresh container: the second finds
     * what the first compiled and tested in the run's build cache, which goes when the
     * executor closes. Prints both runs' times (a figure, not an assertion).
     */
    @Test
    @Tag("slow")
    void aSecondGoTestRunFindsTheFirstRunsBuildCacheUntilTheExecutorCloses() throws Exception {
        Path module = Files.createDirectories(temp.resolve("work").resolve("fixture"));
        Files.writeString(module.resolve("go.mod"), "module example.com/fixture\n\ngo 1.21\n");
        Files.writeString(module.resolve("add.go"), "package fixture\n\nimport \"strings\"\n\n"
                + "func Add(a, b int) int { return a + b }\n\nfunc Shout(s string) string { return strings.ToUpper(s) }\n");
        Files.writeString(module.resolve("add_test.go"), "package fixture\n\nimport \"testing\"\n\n"
                + "func TestAdd(t *testing.T) { if Add(2, 3) != 5 { t.Fatal(\"2+3\") } }\n\n"
                + "func TestShout(t *testing.T) { if Shout(\"a\") != \"A\" { t.Fatal(\"a\") } }\n");
        Command goTest = new Command(List.of("go", "test", "-v", "./..."), module, Map.of(), Duration.ofMinutes(4),
                64 * 1024);

        Path cache;
        try (DockerExecutor docker = open(SandboxImage.GO.reference())) {
            docker.checkShares(temp);
            ExecResult first = docker.run(goTest);
            ExecResult second = docker.run(goTest);
            System.out.printf("go test in the sandbox: first run %d ms, second run %d ms%n", first.elapsed().toMillis(),
                    second.elapsed().toMillis());

            assertThat(first.outcome()).as(first.output()).isEqualTo(new ExecResult.Outcome.Exited(0));
            assertThat(first.output()).doesNotContain("(cached)");
            assertThat(second.output()).contains("ok  \texample.com/fixture\t(cached)");
            cache = docker.buildCache().orElseThrow();
            assertThat(cache).startsWith(temp);
            assertThat(cache.resolve("build").resolve("go")).isNotEmptyDirectory();
        }
        assertThat(cache).doesNotExist();
    }

    private DockerExecutor open(String image) {
        return open(image, Map.of());
    }

    /** An executor whose host has a home without caches, plus {@code vars}. */
    private DockerExecutor open(String image, Map<String, String> vars) {
        Map<String, String> host = new java.util.HashMap<>(vars);
        host.put("HOME", temp.resolve("home").toString());
        return DockerExecutor.open(new SandboxSettings(EngineAddress.of(HostEnvironment.fromSystem()), LIMITS,
                Optional.of(image), List.of(), runId), new HostEnvironment(host), Clock.systemUTC());
    }

    private static Command shell(String script, Path dir) {
        return Command.shell(script, dir, Map.of(), GENEROUS);
    }

    /** The host's address on Docker's default bridge (docker0): a container on that bridge reaches it. */
    private static String bridgeAddress() throws IOException {
        NetworkInterface docker0 = NetworkInterface.getByName("docker0");
        assertThat(docker0).as("the docker0 bridge of the engine's host").isNotNull();
        return docker0.inetAddresses().filter(a -> a instanceof Inet4Address).findFirst().orElseThrow()
                .getHostAddress();
    }
}
