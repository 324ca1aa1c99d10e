package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.dockerjava.api.model.AccessMode;
import com.github.dockerjava.api.model.Bind;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.LogConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ContainerSpecTest {
    private static final SandboxLimits LIMITS = new SandboxLimits(2L << 30, 1.5, 256);
    private static final Path DIR = Path.of("/github/home/repofix-1/copy-3-x");
    private static final Path HOST_DIR = Path.of("/home/runner/work/_temp/_github_home/repofix-1/copy-3-x");

    private final ContainerSpec spec = ContainerSpec.of(
            Command.shell("mvn test", DIR, Map.of("CI", "true", "HOME", "/home/runner", "GITHUB_TOKEN", "x"),
                    Duration.ofMinutes(1)),
            "repofix/sandbox-jvm:1", Optional.empty(), HOST_DIR,
            new SandboxCaches(List.of(new SandboxCaches.Mount(Path.of("/host/m2"), "/cache/m2",
                    Map.of("MAVEN_ARGS", "-o")))),
            LIMITS, SandboxUser.of(0, 0), new SandboxOwner("run-1", 42, "ci"), Instant.ofEpochSecond(1000));

    @Test
    void mountsOnlyTheWorkspaceWritableAtThePathRepofixSeesAndTheCachesReadOnly() {
        HostConfig hc = spec.hostConfig();

        assertThat(hc.getBinds()).extracting(Bind::getPath, b -> b.getVolume().getPath(), Bind::getAccessMode)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(HOST_DIR.toString(), DIR.toString(), AccessMode.rw),
                        org.assertj.core.groups.Tuple.tuple("/host/m2", "/cache/m2", AccessMode.ro));
    }

    @Test
    void hasNoNetworkNoSwapNoCapabilitiesAndARootThatCannotBeWritten() {
        HostConfig hc = spec.hostConfig();

        assertThat(hc.getNetworkMode()).isEqualTo("none");
        assertThat(hc.getMemory()).isEqualTo(2L << 30);
        assertThat(hc.getMemorySwap()).isEqualTo(hc.getMemory());
        assertThat(hc.getNanoCPUs()).isEqualTo(1_500_000_000L);
        assertThat(hc.getPidsLimit()).isEqualTo(256L);
        assertThat(hc.getInit()).isTrue();
        assertThat(hc.getReadonlyRootfs()).isTrue();
        assertThat(hc.getCapDrop()).containsExactly(Capability.ALL);
        assertThat(hc.getSecurityOpts()).containsExactly("no-new-privileges");
        assertThat(hc.getLogConfig().getType()).isEqualTo(LogConfig.LoggingType.NONE);
        assertThat(hc.getTmpFs()).containsOnlyKeys("/tmp", "/tmp/home");
        assertThat(hc.getTmpFs().get("/tmp")).contains("exec", "size=" + (1L << 30), "mode=1777");
        assertThat(hc.getTmpFs().get("/tmp/home")).contains("uid=10001", "gid=10001");
    }

    @Test
    void runsAsTheSandboxUserWithACleanEnvironmentAndOurLabels() {
        assertThat(spec.user().spec()).isEqualTo("10001:10001");
        assertThat(spec.env()).containsExactly("CI=true", "HOME=/tmp/home",
                "MAVEN_ARGS=-Dmaven.repo.local=/tmp/home/.m2/repository -o", "TMPDIR=/tmp");
        assertThat(spec.labels()).containsEntry("repofix.run", "run-1").containsEntry("repofix.sandbox", "1")
                .containsEntry("repofix.deadline", "1000");
        assertThat(spec.entrypoint()).containsExactly("/bin/sh", "-c", "exec \"$@\" 2>&1", "sh", "sh", "-c", "mvn test");
    }

    @Test
    void mountsTheCommandsFoldersAtTheSamePathReadOnlyUnlessWritableAndPutsItsPathPrefixBeforeTheImages() {
        Path venv = Path.of("/github/home/repofix-envs/py-1/venv");
        Path setupOut = Path.of("/github/home/repofix-envs/py-2");
        Command command = Command.shell("pytest", DIR, Map.of("VIRTUAL_ENV", venv.toString(), "GOMODCACHE",
                "/home/runner/go/pkg/mod", "PATH", "/usr/bin"), Duration.ofMinutes(1))
                .withEnvironmentFolders(List.of(venv.resolve("bin")),
                        List.of(new Command.Mount(venv, false), new Command.Mount(setupOut, true)));
        SandboxCaches mounts = SandboxCaches.none()
                .plus(List.of(new SandboxCaches.Mount(Path.of("/host/build"), "/cache/build",
                        Map.of("GOCACHE", "/cache/build/go"), true)))
                .plus(ContainerSpec.folders(command, p -> Path.of("/runner").resolve(p.toString().substring(1))));

        ContainerSpec withFolders = ContainerSpec.of(command, "repofix/sandbox-python:1",
                Optional.of("/usr/local/bin:/usr/bin:/bin"), HOST_DIR, mounts, LIMITS, SandboxUser.of(0, 0),
                new SandboxOwner("run-1", 42, "ci"), Instant.ofEpochSecond(1000));

        assertThat(withFolders.hostConfig().getBinds())
                .extracting(Bind::getPath, b -> b.getVolume().getPath(), Bind::getAccessMode)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(HOST_DIR.toString(), DIR.toString(), AccessMode.rw),
                        org.assertj.core.groups.Tuple.tuple("/host/build", "/cache/build", AccessMode.rw),
                        org.assertj.core.groups.Tuple.tuple("/runner" + venv, venv.toString(), AccessMode.ro),
                        org.assertj.core.groups.Tuple.tuple("/runner" + setupOut, setupOut.toString(), AccessMode.rw));
        assertThat(withFolders.env()).contains("PATH=" + venv.resolve("bin") + ":/usr/local/bin:/usr/bin:/bin",
                "VIRTUAL_ENV=" + venv, "GOCACHE=/cache/build/go").noneMatch(e -> e.startsWith("GOMODCACHE="));
        assertThat(withFolders.hostConfig().getNetworkMode()).isEqualTo("none");
    }

    @Test
    void onlyACommandWithNetworkGetsTheDefaultBridgeWithTheSameLimitsAndCleanEnvironment() {
        Command setup = Command.shell("pip install -e .", DIR, Map.of("CI", "true", "GITHUB_TOKEN", "x",
                "HOME", "/home/runner"), Duration.ofMinutes(1)).withNetwork();

        ContainerSpec networked = ContainerSpec.of(setup, "repofix/sandbox-python:1", Optional.empty(), HOST_DIR,
                SandboxCaches.none(), LIMITS, SandboxUser.of(0, 0), new SandboxOwner("run-1", 42, "ci"),
                Instant.ofEpochSecond(1000));
        HostConfig hc = networked.hostConfig();

        assertThat(hc.getNetworkMode()).isEqualTo("bridge");
        assertThat(networked.asLiveProcess().hostConfig().getNetworkMode()).isEqualTo("bridge");
        assertThat(hc.getMemory()).isEqualTo(2L << 30);
        assertThat(hc.getPidsLimit()).isEqualTo(256L);
        assertThat(hc.getReadonlyRootfs()).isTrue();
        assertThat(hc.getCapDrop()).containsExactly(Capability.ALL);
        assertThat(networked.env()).containsExactly("CI=true", "HOME=/tmp/home",
                "MAVEN_ARGS=-Dmaven.repo.local=/tmp/home/.m2/repository", "TMPDIR=/tmp");
        assertThat(spec.hostConfig().getNetworkMode()).isEqualTo("none");
        assertThat(spec.asLiveProcess().hostConfig().getNetworkMode()).isEqualTo("none");
    }
}
