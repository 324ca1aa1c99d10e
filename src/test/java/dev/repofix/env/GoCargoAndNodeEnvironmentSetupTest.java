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
 * A Go module, a crate and a Node project with a real dependency each: downloaded once, then used
 * offline. The Node project has {@code is-number} in its package.json and package-lock.json:
 * {@code npm ci} installs it into the environment, outside the checkout, and {@code node --test}
 * then finds it there.
 */
@Tag("slow")
class GoCargoAndNodeEnvironmentSetupTest {
    private static final String PACKAGE_JSON = """
            {
              "name": "demo",
              "version": "1.0.0",
              "private": true,
              "scripts": {
                "test": "node --test"
              },
              "dependencies": {
                "is-number": "7.0.0"
              }
            }
            """;
    /** What {@code npm install --package-lock-only} wrote for it (npm 10). */
    private static final String LOCK = """
            {
              "name": "demo",
              "version": "1.0.0",
              "lockfileVersion": 3,
              "requires": true,
              "packages": {
                "": {
                  "name": "demo",
                  "version": "1.0.0",
                  "dependencies": {
                    "is-number": "7.0.0"
                  }
                },
                "node_modules/is-number": {
                  "version": "7.0.0",
                  "integrity": "sha512-41Cifkg6e8TylSpdtTpeLVMqvSBEVzTttHvERD741+pnZ8ANv0004MRL43QKPDlK9cGvNp6NZWZUBlbGXYxxng==",
                  "license": "MIT",
                  "engines": {
                    "node": ">=0.12.0"
                  }
                }
              }
            }
            """;

    @TempDir
    Path dir;

    private final LocalProcessExecutor executor = new LocalProcessExecutor(Clock.systemUTC());
    private final HostEnvironment host = HostEnvironment.fromSystem();

    private PreparedEnvironment prepare(Path root, BuildSystem build) {
        return EnvironmentSetup.of(RunSettings.defaults(), executor, host, dir.resolve("cache"), Clock.systemUTC())
                .prepare(root, build);
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

    private Command tests(Path root, BuildSystem build) {
        return Command.shell(build.testCommand(root, null).shell(), root, CleanEnvironment.of(host,
                build.environmentNames(), Map.of()), Duration.ofMinutes(5));
    }

    @Test
    void npmCiInstallsTheLockedPackageOnceAndNodeTestRequiresItFromTheEnvironment() throws Exception {
        Path root = Files.createDirectories(dir.resolve("project"));
        Files.writeString(root.resolve("package.json"), PACKAGE_JSON);
        Files.writeString(root.resolve("package-lock.json"), LOCK);
        Files.createDirectories(root.resolve("test"));
        Files.writeString(root.resolve("test/number.test.js"), """
                const test = require("node:test");
                const assert = require("node:assert");
                const isNumber = require("is-number");

                test("a string of digits is a number", () => {
                  assert.ok(isNumber("42"));
                  assert.ok(!isNumber("forty-two"));
                });
                """);
        BuildSystem build = new BuildDetector().detect(root, Optional.empty());
        ExecResult without = executor.run(tests(root, build));
        assertThat(without.succeeded()).as("without the set-up the package is missing: " + without.output()).isFalse();
        assertThat(without.output()).contains("is-number");

        PreparedEnvironment env = prepare(root, build);

        assertThat(env.description()).isEqualTo("node modules (npm ci)");
        assertThat(env.reused()).isFalse();
        Path modules = Path.of(env.variables().get("NODE_PATH"));
        assertThat(modules.resolve("is-number/package.json")).isRegularFile();
        assertThat(root.resolve("node_modules")).as("the checkout is left as it was").doesNotExist();
        ExecResult run = executor.run(env.applyTo(tests(root, build)));
        assertThat(run.succeeded()).as(run.output()).isTrue();
        assertThat(run.output()).contains("pass 1");

        PreparedEnvironment again = prepare(root, build);

        assertThat(again.reused()).isTrue();
        assertThat(again.variables()).isEqualTo(env.variables());
    }
}
