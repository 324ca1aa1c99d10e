package dev.repofix.exec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.ConfigException;
import dev.repofix.config.HostEnvironment;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SandboxCachesTest {
    @TempDir
    Path home;

    @Test
    void mountsTheMavenRepositoryReadOnlyBehindAWritableLocalRepository() throws Exception {
        Path m2 = Files.createDirectories(home.resolve(".m2/repository"));

        SandboxCaches caches = SandboxCaches.detect(host(Map.of()), List.of());

        assertThat(caches.mounts()).extracting(SandboxCaches.Mount::source, SandboxCaches.Mount::target)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(m2, "/cache/m2"));
        assertThat(caches.environment()).containsEntry("MAVEN_ARGS",
                "-o -Dmaven.repo.local=/tmp/m2 -Dmaven.repo.local.tail=/cache/m2");
    }

    @Test
    void aSetupWithNetworkGetsNoneOfTheCachesSoItsDownloadsAreNotMadeOffline() throws Exception {
        Files.createDirectories(home.resolve(".m2/repository"));
        Files.createDirectories(home.resolve(".npm"));
        SandboxCaches caches = SandboxCaches.detect(host(Map.of()), List.of());
        Command tests = Command.shell("mvn test", home, Map.of(), java.time.Duration.ofMinutes(1));

        assertThat(caches.forCommand(tests).environment()).containsKeys("MAVEN_ARGS", "npm_config_offline");
        assertThat(caches.forCommand(tests.withNetwork()).mounts()).isEmpty();
        assertThat(caches.forCommand(tests.withNetwork()).environment()).isEmpty();
    }

    @Test
    void leavesOutCachesThatDoNotExist() {
        SandboxCaches caches = SandboxCaches.detect(host(Map.of()), List.of());

        assertThat(caches.mounts()).isEmpty();
        assertThat(caches.environment()).isEmpty();
    }

    @Test
    void findsTheGoModuleCacheThroughGomodcacheThenGopathThenHome() throws Exception {
        Path fromVar = Files.createDirectories(home.resolve("gomod"));
        Path fromGopath = Files.createDirectories(home.resolve("gp/pkg/mod"));
        Path fromHome = Files.createDirectories(home.resolve("go/pkg/mod"));

        assertThat(goSource(Map.of("GOMODCACHE", fromVar.toString(), "GOPATH", home.resolve("gp").toString())))
                .isEqualTo(fromVar);
        assertThat(goSource(Map.of("GOPATH", home.resolve("gp") + ":/elsewhere"))).isEqualTo(fromGopath);
        assertThat(goSource(Map.of())).isEqualTo(fromHome);
        assertThat(SandboxCaches.detect(host(Map.of()), List.of()).environment())
                .containsEntry("GOMODCACHE", "/cache/go-mod").containsEntry("GOPROXY", "off")
                .containsEntry("GOFLAGS", "-mod=mod").containsEntry("GOCACHE", "/tmp/go-cache");
    }

    @Test
    void mountsTheNpmCacheOffline() throws Exception {
        Files.createDirectories(home.resolve(".npm"));

        SandboxCaches caches = SandboxCaches.detect(host(Map.of()), List.of());

        assertThat(caches.mounts()).extracting(SandboxCaches.Mount::target).containsExactly("/cache/npm");
        assertThat(caches.environment()).containsEntry("npm_config_cache", "/cache/npm")
                .containsEntry("npm_config_offline", "true");
    }

    @Test
    void mountsTheCargoHomeWithItsRegistryOffline() throws Exception {
        Path cargo = Files.createDirectories(home.resolve(".cargo/registry/cache")).getParent().getParent();

        SandboxCaches caches = SandboxCaches.detect(host(Map.of()), List.of());

        assertThat(caches.mounts()).extracting(SandboxCaches.Mount::source, SandboxCaches.Mount::target)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(cargo, "/cache/cargo"));
        assertThat(caches.environment()).containsEntry("CARGO_HOME", "/cache/cargo").containsEntry("CARGO_NET_OFFLINE", "true");
        Path elsewhere = Files.createDirectories(home.resolve("rust/cargo/registry")).getParent();
        assertThat(SandboxCaches.detect(host(Map.of("CARGO_HOME", elsewhere.toString())), List.of()).mounts())
                .extracting(SandboxCaches.Mount::source).containsExactly(elsewhere);
    }

    @Test
    void leavesOutACargoHomeWithoutRegistry() throws Exception {
        Files.createDirectories(home.resolve(".cargo/bin"));

        assertThat(SandboxCaches.detect(host(Map.of()), List.of()).mounts()).isEmpty();
    }

    @Test
    void mountsExtraFoldersAtTheirOwnPath() throws Exception {
        Path venv = Files.createDirectories(home.resolve("venv"));

        SandboxCaches caches = SandboxCaches.detect(host(Map.of()), List.of(venv));

        assertThat(caches.mounts()).containsExactly(new SandboxCaches.Mount(venv, venv.toString(), Map.of()));
    }

    @Test
    void refusesAMissingExtraFolderByName() {
        Path missing = home.resolve("nope");

        assertThatThrownBy(() -> SandboxCaches.detect(host(Map.of()), List.of(missing)))
                .isInstanceOf(ConfigException.class).hasMessageContaining(missing.toString())
                .hasMessageContaining("sandbox-cache");
    }

    private Path goSource(Map<String, String> vars) {
        return SandboxCaches.detect(host(vars), List.of()).mounts().stream()
                .filter(m -> m.target().equals("/cache/go-mod")).findFirst().orElseThrow().source();
    }

    private HostEnvironment host(Map<String, String> vars) {
        Map<String, String> all = new java.util.HashMap<>(vars);
        all.put("HOME", home.toString());
        return new HostEnvironment(all);
    }
}
