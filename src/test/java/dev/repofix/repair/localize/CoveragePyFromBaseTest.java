package dev.repofix.repair.localize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import dev.repofix.exec.ExecResult;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real venv made by the test from a python3 that has coverage.py: the venv does not see it,
 * and the install copies it from the base interpreter, with no pip and no network (as in the
 * python sandbox image, whose python3-coverage a project's venv does not see).
 */
@Tag("slow")
class CoveragePyFromBaseTest {
    @TempDir
    Path dir;

    private static ExecResult sh(String script, Map<String, String> env) {
        try {
            ProcessBuilder pb = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true);
            pb.environment().putAll(env);
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes());
            assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
            return new ExecResult(new ExecResult.Outcome.Exited(p.exitValue()), out, Duration.ZERO);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Test
    void aVenvThatLacksCoverageGetsTheBaseInterpretersCopy() {
        assumeThat(sh("python3 -I -c 'import coverage'", Map.of()).succeeded())
                .as("the python3 on PATH has coverage.py").isTrue();
        Path venv = dir.resolve("venv");
        assertThat(sh("python3 -m venv '" + venv + "'", Map.of()).succeeded()).isTrue();
        Map<String, String> inVenv = new HashMap<>(Map.of("PATH", venv.resolve("bin") + ":" + System.getenv("PATH"),
                "VIRTUAL_ENV", venv.toString()));
        assertThat(sh("python3 -I -c 'import coverage'", inVenv).succeeded()).as("the venv sees it").isFalse();
        Path lib = dir.resolve("copy/.repofix-coverage/lib");
        // Offline, as in the sandbox: pip must not be what brings it.
        inVenv.put("PIP_NO_INDEX", "1");

        CoveragePyInstall.Outcome got = new CoveragePyInstall(Optional.empty())
                .into(lib, (script, extra) -> sh(script, inVenv));

        assertThat(got).isEqualTo(new CoveragePyInstall.Outcome.Ready("copied from the venv's base interpreter"));
        inVenv.put("PYTHONPATH", lib.toString());
        ExecResult imported = sh("python3 -c 'import coverage, sys; print(coverage.__file__); "
                + "c = coverage.Coverage(); c.start(); c.stop()'", inVenv);
        assertThat(imported.succeeded()).as(imported.output()).isTrue();
        assertThat(imported.output()).contains(lib.toString());
        assertThat(List.of(lib.resolve("coverage").toFile().list())).contains("__init__.py");
    }

    @Test
    void ensureSaysNothingWhereTheEnvironmentHasIt() {
        assumeThat(sh("python3 -I -c 'import coverage'", Map.of()).succeeded())
                .as("the python3 on PATH has coverage.py").isTrue();

        assertThat(new CoveragePyInstall(Optional.empty()).ensure(dir.resolve("lib"), (script, extra) -> sh(script,
                Map.of()))).isEmpty();
        assertThat(dir.resolve("lib")).doesNotExist();
    }
}
