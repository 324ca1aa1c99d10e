package dev.repofix.env;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecException;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.exec.SandboxImage;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The interpreters of this machine: {@code python3} and {@code python3.X} on {@code PATH},
 * pyenv's versions ({@code $PYENV_ROOT/versions/}{@code *}{@code /bin/python3}, else under
 * {@code ~/.pyenv}) and uv-managed ones ({@code ~/.local/share/uv/python/}{@code *}{@code /bin/python3}).
 * Each is asked for its version and real executable, so that a pyenv shim that does not run
 * (its version not selected) is left out and one interpreter found twice counts once.
 */
final class HostPythonInterpreters implements PythonInterpreters {
    private static final Pattern ON_PATH = Pattern.compile("python3(\\.\\d+)?");
    private static final Duration PROBE_LIMIT = Duration.ofSeconds(30);
    private static final String PROBE = "import sys; print('%d.%d.%d' % sys.version_info[:3]); print(sys.executable)";

    /** What a sandbox image may name its interpreters: its {@code PATH} is not this machine's to list. */
    private static final List<String> IN_IMAGE = List.of("python3", "python3.8", "python3.9", "python3.10",
            "python3.11", "python3.12", "python3.13", "python3.14");

    private final Executor executor;
    private final HostEnvironment host;
    private final Optional<SandboxImage> image;
    private final Path probeDir;

    /** The interpreters of this machine, asked through {@code executor} (local processes). */
    HostPythonInterpreters(Executor executor, HostEnvironment host) {
        this(executor, host, Optional.empty(), Path.of("").toAbsolutePath());
    }

    /**
     * The interpreters of the sandbox image {@code image} when present (asked in a container whose
     * folder is {@code probeDir}, a folder of repofix's own: a sandbox hands its folder to the
     * sandbox user), else of this machine.
     */
    HostPythonInterpreters(Executor executor, HostEnvironment host, Optional<SandboxImage> image, Path probeDir) {
        this.executor = executor;
        this.host = host;
        this.image = image;
        this.probeDir = probeDir;
    }

    @Override
    public String where() {
        return image.map(i -> "in the sandbox image " + i.reference()).orElse("on this machine");
    }

    /** In a sandbox the image is what lacks it, not this machine: the advice says how to change the image. */
    @Override
    public String advice(String version) {
        return image.isEmpty() ? PythonInterpreters.super.advice(version)
                : "Set sandbox-image to an image whose PATH has python" + version + " (with git), or run with "
                        + "--sandbox local on a machine that has it";
    }

    @Override
    public List<PythonInterpreter> installed() {
        if (image.isPresent()) {
            return inImage();
        }
        Map<Path, PythonInterpreter> found = new LinkedHashMap<>();
        Optional<Path> pathDefault = probe("python3").map(PythonInterpreter::executable);
        for (String candidate : candidates()) {
            probe(candidate).ifPresent(i -> found.putIfAbsent(i.executable(), new PythonInterpreter(i.executable(),
                    i.version(), pathDefault.map(i.executable()::equals).orElse(false))));
        }
        return List.copyOf(found.values());
    }

    /**
     * The image's interpreters, asked in one container (each start costs about half a second):
     * every name of {@link #IN_IMAGE} that runs prints a line {@code == <name>}, then its version
     * and real executable.
     */
    private List<PythonInterpreter> inImage() {
        StringBuilder script = new StringBuilder();
        for (String name : IN_IMAGE) {
            script.append("command -v ").append(name).append(" >/dev/null 2>&1 && { echo '== ").append(name)
                    .append("'; ").append(name).append(" -c \"").append(PROBE).append("\" 2>/dev/null; }; ");
        }
        script.append("true");
        Map<String, String> env = CleanEnvironment.of(host, List.of("PYENV_ROOT", "PYENV_VERSION"), Map.of());
        // An ExecException here is the sandbox's (the engine, or an image it lacks and could not get),
        // not a missing interpreter: it goes up with its reason instead of reading as "found: none".
        ExecResult r = executor.run(new Command(List.of("sh", "-c", script.toString()), probeDir, env, PROBE_LIMIT,
                Command.DEFAULT_OUTPUT_CAP, image));
        Map<Path, PythonInterpreter> found = new LinkedHashMap<>();
        Optional<Path> pathDefault = Optional.empty();
        String name = null;
        List<String> lines = new ArrayList<>();
        for (String line : (r.output() + "\n== end").lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
            if (line.startsWith("== ")) {
                if (name != null && lines.size() >= 2 && lines.get(0).matches("3\\.\\d+\\.\\d+")) {
                    Path executable = Path.of(lines.get(1));
                    if (name.equals("python3")) {
                        pathDefault = Optional.of(executable);
                    }
                    found.putIfAbsent(executable, new PythonInterpreter(executable, lines.get(0),
                            pathDefault.map(executable::equals).orElse(false)));
                }
                name = line.substring(3);
                lines.clear();
            } else {
                lines.add(line);
            }
        }
        return List.copyOf(found.values());
    }

    /** Asks only {@code python3}: a project without a requirement needs no other (each probe starts one). */
    @Override
    public Optional<PythonInterpreter> pathDefault() {
        if (image.isPresent()) {
            return inImage().stream().filter(PythonInterpreter::pathDefault).findFirst();
        }
        return probe("python3").map(i -> new PythonInterpreter(i.executable(), i.version(), true));
    }

    private List<String> candidates() {
        if (image.isPresent()) {
            return IN_IMAGE;
        }
        List<String> out = new ArrayList<>();
        out.add("python3");
        for (String dir : host.get("PATH").orElse("").split(File.pathSeparator)) {
            if (!dir.isEmpty()) {
                list(Path.of(dir)).stream().filter(p -> ON_PATH.matcher(p.getFileName().toString()).matches())
                        .forEach(p -> out.add(p.toString()));
            }
        }
        Optional<Path> home = host.get("HOME").map(Path::of);
        host.get("PYENV_ROOT").map(Path::of).or(() -> home.map(h -> h.resolve(".pyenv")))
                .ifPresent(root -> versions(root.resolve("versions"), out));
        home.ifPresent(h -> versions(h.resolve(".local/share/uv/python"), out));
        return out;
    }

    private static void versions(Path folder, List<String> out) {
        list(folder).stream().map(v -> v.resolve("bin").resolve("python3")).filter(Files::isExecutable)
                .forEach(p -> out.add(p.toString()));
    }

    private static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    private Optional<PythonInterpreter> probe(String executable) {
        Map<String, String> env = CleanEnvironment.of(host, List.of("PYENV_ROOT", "PYENV_VERSION"), Map.of());
        ExecResult r;
        try {
            r = executor.run(new Command(List.of(executable, "-c", PROBE), probeDir, env, PROBE_LIMIT,
                    Command.DEFAULT_OUTPUT_CAP, image));
        } catch (ExecException e) {
            return Optional.empty(); // not there, or not runnable: not a candidate
        }
        List<String> lines = r.output().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (!r.succeeded() || lines.size() < 2 || !lines.get(0).matches("3\\.\\d+\\.\\d+")) {
            return Optional.empty();
        }
        Path real = Path.of(lines.get(1));
        if (image.isPresent()) {
            return Optional.of(new PythonInterpreter(real, lines.get(0), false)); // the image's path, not this machine's
        }
        try {
            real = real.toRealPath();
        } catch (IOException e) {
            // keep the name it gave
        }
        return Optional.of(new PythonInterpreter(real, lines.get(0), false));
    }
}
