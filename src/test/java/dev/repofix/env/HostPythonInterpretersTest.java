package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.exec.ExecResult;
import java.time.Duration;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.ExecException;
import dev.repofix.exec.Executor;
import dev.repofix.exec.SandboxImage;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostPythonInterpretersTest {
    @TempDir
    Path dir;

    @Test
    void aSandboxThatCannotRunTheImageSaysWhyInsteadOfFindingNoPython() {
        Executor sandbox = (Executor) Proxy.newProxyInstance(Executor.class.getClassLoader(),
                new Class<?>[] {Executor.class}, (proxy, method, args) -> {
                    if (method.getName().equals("run")) {
                        throw new ExecException("the Docker engine at unix:///fake has no image "
                                + "repofix/sandbox-python:1; building it FROM base:0 failed", null);
                    }
                    throw new AssertionError("unexpected " + method);
                });
        PythonInterpreters inImage = new HostPythonInterpreters(sandbox, new HostEnvironment(Map.of()),
                Optional.of(SandboxImage.PYTHON), dir);

        assertThatThrownBy(inImage::installed).isInstanceOf(ExecException.class)
                .hasMessageContaining("has no image repofix/sandbox-python:1; building it FROM base:0 failed");
    }

    @Test
    void anImageWithoutTheVersionIsNamedAndTheAdviceIsAboutTheImageNotThisMachine() {
        Executor sandbox = (Executor) Proxy.newProxyInstance(Executor.class.getClassLoader(),
                new Class<?>[] {Executor.class}, (proxy, method, args) -> {
                    if (method.getName().equals("run")) {
                        return new ExecResult(new ExecResult.Outcome.Exited(0), "== python3\n3.13.5\n/usr/bin/python3.13\n"
                                + "== python3.13\n3.13.5\n/usr/bin/python3.13\n", Duration.ofMillis(5));
                    }
                    throw new AssertionError("unexpected " + method);
                });
        PythonInterpreters inImage = new HostPythonInterpreters(sandbox, new HostEnvironment(Map.of()),
                Optional.of(SandboxImage.PYTHON), dir);

        assertThatThrownBy(() -> inImage.choose(Optional.of("3.9"), "the case's environment"))
                .isInstanceOf(EnvironmentException.class)
                .hasMessageContaining("in the sandbox image repofix/sandbox-python:1; found: 3.13.5 at /usr/bin/python3.13")
                .hasMessageContaining("Set sandbox-image to an image whose PATH has python3.9")
                .hasMessageContaining("--sandbox local")
                .hasMessageNotContaining("this machine").hasMessageNotContaining("pyenv");
    }
}
