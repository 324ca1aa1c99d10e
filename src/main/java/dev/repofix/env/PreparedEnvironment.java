package dev.repofix.env;

import dev.repofix.exec.Command;
import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The environment a run's tests run in, prepared once before the baseline (a virtual
 * environment, a dependency repository, a module cache): what every test command of the
 * run gets so that its tools find what the set-up installed.
 *
 * @param description  one line for people, e.g. "python 3.11 venv, pip install -e .[test]"
 * @param variables    variables every test command gets (e.g. {@code VIRTUAL_ENV}, {@code GOMODCACHE})
 * @param pathFolders  folders put before {@code PATH} (a venv's {@code bin})
 * @param folders      folders the test commands read (made visible read-only in a sandbox)
 * @param sourceRoots  folders, relative to the folder a test runs in, put first on
 *                     {@code PYTHONPATH}: an editable install points at the folder the set-up
 *                     ran in, and each candidate copy must import its own code
 * @param setupTime    what preparing took on this run (zero when a cached environment was reused)
 * @param reused       whether a cached environment of an earlier run was used as it was
 * @param generated    files the install wrote into the project's own source folders (a version
 *                     module), placed in each folder a test command runs in
 */
public record PreparedEnvironment(String description, Map<String, String> variables, List<Path> pathFolders,
        List<Path> folders, List<String> sourceRoots, Duration setupTime, boolean reused, GeneratedFiles generated) {
    public PreparedEnvironment {
        Objects.requireNonNull(description, "description");
        variables = Map.copyOf(variables);
        pathFolders = List.copyOf(pathFolders);
        folders = List.copyOf(folders);
        sourceRoots = List.copyOf(sourceRoots);
        Objects.requireNonNull(setupTime, "setupTime");
        Objects.requireNonNull(generated, "generated");
    }

    /** An environment whose install generated no file in the project's sources. */
    public PreparedEnvironment(String description, Map<String, String> variables, List<Path> pathFolders,
            List<Path> folders, List<String> sourceRoots, Duration setupTime, boolean reused) {
        this(description, variables, pathFolders, folders, sourceRoots, setupTime, reused, GeneratedFiles.none());
    }

    /** No prepared environment: test commands run with what the machine has. */
    public static PreparedEnvironment none() {
        return new PreparedEnvironment("none", Map.of(), List.of(), List.of(), List.of(), Duration.ZERO, false);
    }

    /** Whether nothing was prepared. */
    public boolean isNone() {
        return variables.isEmpty() && pathFolders.isEmpty() && folders.isEmpty() && sourceRoots.isEmpty()
                && generated.files().isEmpty();
    }

    /**
     * {@code command} in this environment: its variables added (they win over the command's),
     * the source roots of the command's folder first on {@code PYTHONPATH}, the path folders
     * before its {@code PATH} and the folders visible read-only in a sandbox. The files the
     * install generated in the sources are placed in the command's folder first, where missing
     * (the one thing this does to the disk: the command is about to run there).
     */
    public Command applyTo(Command command) {
        if (isNone()) {
            return command;
        }
        generated.placeIn(command.workdir());
        Map<String, String> env = new LinkedHashMap<>(command.environment());
        env.putAll(variables);
        if (!sourceRoots.isEmpty()) {
            List<String> entries = new ArrayList<>();
            sourceRoots.forEach(r -> entries.add(command.workdir().resolve(r).normalize().toString()));
            String existing = env.get("PYTHONPATH");
            if (existing != null && !existing.isEmpty()) {
                entries.add(existing);
            }
            env.put("PYTHONPATH", String.join(File.pathSeparator, entries));
        }
        Command withEnv = new Command(command.argv(), command.workdir(), env, command.timeout(), command.outputCap(),
                command.image(), command.network(), command.pathPrefix(), command.mounts());
        return withEnv.withEnvironmentFolders(pathFolders,
                folders.stream().map(f -> new Command.Mount(f, false)).toList());
    }
}
