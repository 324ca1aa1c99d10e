package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.LocalProcessExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Go module and a crate with a real dependency each: downloaded once (into the build's
 * {@link SharedEnvironmentCache}), then used offline.
 */
@Tag("slow")
class GoAndCargoEnvironmentSetupTest {
    @TempDir
    Path dir;

    private final LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());
    private final HostEnvironment host = HostEnvironment.fromSystem();

    private PreparedEnvironment prepare(Path root, BuildSystem build) {
        return EnvironmentSetup.of(RunSettings.defaults(), executor, host, SharedEnvironmentCache.dir(),
                Clock.systemUTC()).prepare(root, build);
    }

    private ExecResult offline(PreparedEnvironment env, String cmd, Path root, BuildSystem build) {
        return executor.run(env.applyTo(Command.shell(cmd, root, CleanEnvironment.of(host, build.environmentNames(),
                Map.of()), Duration.ofMinutes(10))));
    }

    @Test
    void goModulesAreDownloadedIntoTheEnvironmentAndTestsBuildWithTheProxyOff() throws Exception {
        Path root = Files.createDirectories(dir.resolve("gomod"));
        Files.writeString(root.resolve("go.mod"), "module example.com/demo\n\ngo 1.21\n\n"
                + "require github.com/google/go-cmp v0.6.0\n");
        Files.writeString(root.resolve("demo_test.go"), """
                package demo

                import (
                	"testing"

                	"github.com/google/go-cmp/cmp"
                )

                func TestEqual(t *testing.T) {
                	if !cmp.Equal([]int{1}, []int{1}) {
                		t.Fatal("not equal")
                	}
                }
                """);
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        PreparedEnvironment env = prepare(root, build);

        assertThat(env.variables()).containsEntry("GOPROXY", "off").containsKey("GOMODCACHE");
        assertThat(Path.of(env.variables().get("GOMODCACHE")).resolve("github.com/google/go-cmp@v0.6.0")).isDirectory();
        ExecResult run = offline(env, "go test ./...", root, build);
        assertThat(run.succeeded()).as(run.output()).isTrue();
    }

    @Test
    void cratesAreFetchedIntoTheEnvironmentsCargoHomeAndReadOffline() throws Exception {
        Path root = Files.createDirectories(dir.resolve("crate"));
        Files.writeString(root.resolve("Cargo.toml"), """
                [package]
                name = "demo"
                version = "0.1.0"
                edition = "2021"

                [dependencies]
                itoa = "=1.0.11"
                """);
        Files.createDirectories(root.resolve("src"));
        Files.writeString(root.resolve("src/lib.rs"), "pub fn f() -> String { itoa::Buffer::new().format(7).into() }\n");
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());

        PreparedEnvironment env = prepare(root, build);

        assertThat(env.variables()).containsEntry("CARGO_NET_OFFLINE", "true").containsKey("CARGO_HOME");
        assertThat(Path.of(env.variables().get("CARGO_HOME")).resolve("registry")).isDirectory();
        ExecResult run = offline(env, "cargo metadata --format-version 1 --offline > /dev/null", root, build);
        assertThat(run.succeeded()).as(run.output()).isTrue();
    }
}
