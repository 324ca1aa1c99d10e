package dev.repofix.env;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
