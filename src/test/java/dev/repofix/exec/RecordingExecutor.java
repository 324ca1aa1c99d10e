package dev.repofix.exec;

import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A fake delegate built by reflection: it records the name of every {@link Executor}
 * method called on it, whatever methods the interface has, and answers each with a value
 * of its own (named after it), so a test can tell which delegate a call reached and that
 * its answer came back. As a {@link ContainerExecutor} it also says which image runs a
 * family and whether the engine has it, without an engine.
 */
final class RecordingExecutor implements InvocationHandler {
    final String name;
    final List<String> calls = new CopyOnWriteArrayList<>();
    private final boolean hasImages;
    final LiveProcess live;

    private RecordingExecutor(String name, boolean hasImages) {
        this.name = name;
        this.hasImages = hasImages;
        this.live = new FakeLive(name);
    }

    /** A plain executor named {@code name}. */
    static RecordingExecutor plain(String name) {
        return new RecordingExecutor(name, false);
    }

    /** A container executor whose engine has every sandbox image, or none. */
    static RecordingExecutor containers(String name, boolean hasImages) {
        return new RecordingExecutor(name, hasImages);
    }

    Executor asExecutor() {
        return (Executor) Proxy.newProxyInstance(Executor.class.getClassLoader(), new Class<?>[] {Executor.class},
                this);
    }

    ContainerExecutor asContainerExecutor() {
        return (ContainerExecutor) Proxy.newProxyInstance(ContainerExecutor.class.getClassLoader(),
                new Class<?>[] {ContainerExecutor.class}, this);
    }

    /** What this delegate answers to {@code method}: the value a forwarder must hand back unchanged. */
    Object answer(Method method) {
        Class<?> type = method.getReturnType();
        if (type == void.class) {
            return null;
        }
        if (type == ExecResult.class) {
            return new ExecResult(new ExecResult.Outcome.Exited(0), name, Duration.ZERO);
        }
        if (type == Optional.class) {
            return Optional.of(live);
        }
        if (type == String.class) {
            return name;
        }
        if (type == SandboxKind.class) {
            return name.contains("docker") ? SandboxKind.DOCKER : SandboxKind.LOCAL;
        }
        throw new AssertionError("RecordingExecutor has no answer of type " + type.getName() + " for " + method
                + ": add one");
    }

    @Override
    public Object invoke(Object proxy, Method method, Object[] args) {
        if (method.getDeclaringClass() == Object.class) {
            return switch (method.getName()) {
                case "toString" -> name;
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> throw new AssertionError(method.toString());
            };
        }
        if (method.getDeclaringClass() == ContainerExecutor.class) {
            return switch (method.getName()) {
                case "imageFor" -> ((Optional<?>) args[0]).map(f -> ((SandboxImage) f).reference());
                case "hasImage" -> hasImages;
                case "provideImage" -> hasImages ? Optional.empty()
                        : Optional.of("the Docker engine at unix:///fake/docker.sock has no image " + args[0]
                        + "; building it FROM debian:trixie-slim failed after 0.1s: no network");
                case "engine" -> new EngineAddress("unix:///fake/docker.sock", false, Optional.empty());
                case "limits" -> new SandboxLimits(2L << 30, 2, 512);
                default -> throw new AssertionError("RecordingExecutor does not know " + method + ": add it");
            };
        }
        calls.add(method.getName());
        return answer(method);
    }

    /** Arguments for {@code method} of {@link Executor}, for a command of {@code family}. */
    static Object[] argumentsFor(Method method, Command command) {
        Class<?>[] types = method.getParameterTypes();
        Object[] args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            if (types[i] == Command.class) {
                args[i] = command;
            } else if (types[i] == Optional.class) {
                args[i] = command.image();
            } else {
                throw new AssertionError("no test argument of type " + types[i].getName() + " for " + method
                        + ": add one to RecordingExecutor.argumentsFor");
            }
        }
        return args;
    }

    /** A command of {@code family}. */
    static Command command(Optional<SandboxImage> family) {
        return new Command(List.of("true"), java.nio.file.Path.of("work"), Map.of(), Duration.ofSeconds(5),
                Command.DEFAULT_OUTPUT_CAP, family);
    }

    private record FakeLive(String name) implements LiveProcess {
        @Override
        public Writer input() {
            return new StringWriter();
        }

        @Override
        public BufferedReader output() {
            return new BufferedReader(new StringReader(""));
        }

        @Override
        public boolean isAlive() {
            return false;
        }

        @Override
        public void close() {}
    }
}
