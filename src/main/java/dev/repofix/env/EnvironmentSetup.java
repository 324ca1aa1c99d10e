package dev.repofix.env;

import dev.repofix.build.BuildSystem;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunSettings;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.exec.SandboxImage;
import dev.repofix.exec.SandboxKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The {@link EnvironmentPreparer} of a run: the steps the build's files call for ({@link Recipes}),
 * or the {@code setup} commands the settings give instead (for Python, still inside repofix's
 * venv), run once with network and no secret in {@code <cache-dir>/envs/<key>}, the key being a
 * hash of what defines the environment (kind, interpreter, the defining files' contents, the
 * setup commands). A later run with the same key reuses it.
 *
 * <p>The steps run in a scratch copy of the project inside the environment's folder, deleted
 * afterwards: the checkout is not touched (no {@code target/}, no {@code *.egg-info} in it), and an
 * editable install's own path is never what the tests import, since each copy's source roots come
 * first on {@code PYTHONPATH}. Where the workspace has one, the copy gets a Git folder of the
 * checkout's commit as its {@code .git}, so that a version read from Git is the project's own. Each command may take {@value #LIMIT_FACTOR} times the test timeout.
 */
public final class EnvironmentSetup implements EnvironmentPreparer {
    /** A set-up downloads and builds: it may take this many times one test-suite run. */
    static final int LIMIT_FACTOR = 3;
    private static final int TAIL_LINES = 25;
    private static final Pattern ERROR_LINE = Pattern.compile("(?i)\\b(error|fatal|failed)\\b");
    /** Host variables a set-up needs to reach the registries: proxies, index settings, CA bundles. */
    private static final Pattern NETWORK_NAMES = Pattern.compile("(?i)(https?_proxy|no_proxy|all_proxy|PIP_.*|UV_.*"
            + "|POETRY_.*|npm_config_.*|GOPROXY|GOSUMDB|GONOSUMDB|GOPRIVATE|GONOPROXY|GOINSECURE|CARGO_HTTP_.*"
            + "|CARGO_REGISTRIES_.*|.*CA_?BUNDLE.*|.*CERT.*|SSL_.*|PYENV_ROOT|RUSTUP_HOME|RUSTUP_TOOLCHAIN|GOPATH|GOROOT)");
    /** Folders the set-up's copy leaves out, and whose files are never the install's output in the sources. */
    static final Set<String> NOT_COPIED = Set.of(".git", "node_modules", "target", ".venv", "__pycache__",
            ".tox", ".nox", ".pytest_cache", ".mypy_cache");

    private final Recipes recipes;
    private final List<String> setup;
    private final Executor executor;
    /** Where the tests run; a Python environment for a sandbox image is made in that image. */
    private final Executor tests;
    private final RunSettings run;
    /** The sandbox image the commands run in (a Python environment for a sandbox); empty: where {@link #executor} runs. */
    private final Optional<SandboxImage> image;
    private final HostEnvironment host;
    private final EnvironmentStore store;
    /** Where environments made in a sandbox image are kept: a folder the sandbox user can reach. */
    private EnvironmentStore sandboxStore;
    private final Clock clock;
    private final Duration limit;
    /** Variables of every set-up command and test run (a case's environment); they define the environment too. */
    private final Map<String, String> variables;

    EnvironmentSetup(Recipes recipes, List<String> setup, Executor executor, HostEnvironment host,
            EnvironmentStore store, Clock clock, Duration limit) {
        this(recipes, setup, executor, executor, null, Optional.empty(), host, store, clock, limit, Map.of());
    }

    private EnvironmentSetup(Recipes recipes, List<String> setup, Executor executor, Executor tests, RunSettings run,
            Optional<SandboxImage> image, HostEnvironment host, EnvironmentStore store, Clock clock, Duration limit,
            Map<String, String> variables) {
        this.variables = Map.copyOf(variables);
        this.image = image;
        this.recipes = recipes;
        this.setup = List.copyOf(setup);
        this.executor = executor;
        this.tests = tests;
        this.run = run;
        this.host = host;
        this.store = store;
        this.sandboxStore = store;
        this.clock = clock;
        this.limit = limit;
    }

    /**
     * The preparer of runs under {@code run}'s settings ({@code setup}, {@code python-version},
     * the test timeout times {@value #LIMIT_FACTOR} as each command's limit), running its commands
     * through {@code setupExecutor} and keeping environments under {@code cacheDir}/envs.
     */
    public static EnvironmentSetup of(RunSettings run, Executor setupExecutor, HostEnvironment host, Path cacheDir,
            Clock clock) {
        return of(run, setupExecutor, setupExecutor, host, cacheDir, cacheDir, clock);
    }

    /**
     * The same, for tests that run through {@code tests}: where a build's tests run in a sandbox
     * image, the set-up runs in that image too (with network, the environment's folder writable):
     * it runs the repository's code (setup.py, build plugins, lifecycle scripts, its {@code setup}
     * commands), which must not run unconfined where the tests are confined; and a virtual
     * environment made here would point at an interpreter the image does not have. Elsewhere the
     * set-up runs through {@code setupExecutor}.
     * Environments made in an image are kept under {@code sandboxCacheDir} when the sandbox user
     * cannot reach {@code cacheDir} (a root user's home).
     */
    public static EnvironmentSetup of(RunSettings run, Executor setupExecutor, Executor tests, HostEnvironment host,
            Path cacheDir, Path sandboxCacheDir, Clock clock) {
        EnvironmentSetup setup = new EnvironmentSetup(new Recipes(new HostPythonInterpreters(setupExecutor, host), host,
                run.pythonVersion()), run.setup(), setupExecutor, tests, run, Optional.empty(), host,
                new EnvironmentStore(cacheDir, clock), clock, run.testTimeout().multipliedBy(LIMIT_FACTOR),
                run.variables());
        setup.sandboxStore = new EnvironmentStore(reachableBySandbox(cacheDir) ? cacheDir : sandboxCacheDir, clock);
        return setup;
    }

    /**
     * Whether the sandbox user (not this one) can reach {@code dir}: every folder above it lets
     * others pass. A root user's cache folder does not (root's home is private, in the
     * image too), so environments for a sandbox go to the other folder then.
     */
    static boolean reachableBySandbox(Path dir) {
        for (Path p = dir.toAbsolutePath().normalize().getParent(); p != null; p = p.getParent()) {
            try {
                if (Files.exists(p) && !Files.getPosixFilePermissions(p).contains(
                        java.nio.file.attribute.PosixFilePermission.OTHERS_EXECUTE)) {
                    return false;
                }
            } catch (IOException | UnsupportedOperationException e) {
                return false;
            }
        }
        return true;
    }

    @Override
    public PreparedEnvironment prepare(Path root, BuildSystem build) {
        return prepare(root, build, Optional.empty());
    }

    @Override
    public PreparedEnvironment prepare(Path root, BuildSystem build, Optional<Path> gitFolder) {
        if (run != null && build.sandboxImage().isPresent()
                && tests.sandboxKind(build.sandboxImage()) == SandboxKind.DOCKER) {
            // The set-up runs the repository's code (setup.py, build plugins, lifecycle scripts, its
            // own setup commands): where its tests are confined, so is it, with network only.
            Path probes = sandboxStore.fresh("probe-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
            try {
                Recipes inImage = new Recipes(new HostPythonInterpreters(tests, host, build.sandboxImage(), probes),
                        host, run.pythonVersion(), false);
                return new EnvironmentSetup(inImage, setup, tests, tests, null, build.sandboxImage(), host, sandboxStore,
                        clock, limit, variables).prepare(root, build, gitFolder);
            } finally {
                EnvironmentStore.delete(probes);
            }
        }
        Recipes.Detected detected = recipes.detect(root, build, !setup.isEmpty());
        if (detected.recipes().isEmpty() && setup.isEmpty()) {
            if (!variables.isEmpty()) {
                // Nothing to install, but the tests still get the variables they were given.
                return new PreparedEnvironment(variablesSaid(), variables, List.of(), List.of(), List.of(),
                        Duration.ZERO, false);
            }
            String why = detected.notes().isEmpty() ? "none" : "none: " + String.join("; ", detected.notes());
            return new PreparedEnvironment(why, Map.of(), List.of(), List.of(), List.of(), Duration.ZERO, false);
        }
        String key = key(root, detected.recipes());
        try {
            return store.locked(key, () -> store.ready(key).map(e -> {
                store.touch(key);
                return exported(e, store.folder(key), Duration.ZERO, true);
            }).orElseGet(() -> build(root, gitFolder, key, detected)));
        } catch (EnvironmentException e) {
            if (!setup.isEmpty() || e.kind() != EnvironmentException.ErrorKind.RUNTIME) {
                throw e; // the commands the settings name, or an interpreter the project asks for: the user must act
            }
            // A detected step is a guess (a project that does not compile fails Maven's resolution run
            // too): the tests then run with what the machine has, and the baseline says what breaks.
            String first = summary(e.getMessage());
            return new PreparedEnvironment("none: " + first + "; tests run with what the machine has (set setup to "
                    + "the commands that install what they need)", variables, List.of(), List.of(), List.of(),
                    Duration.ZERO, false);
        }
    }

    private PreparedEnvironment build(Path root, Optional<Path> gitFolder, String key, Recipes.Detected detected) {
        Instant start = clock.instant();
        Path env = store.fresh(key);
        Path work = env.resolve(".project");
        List<Recipe.Plan> plans = detected.recipes().stream().map(r -> r.plan().apply(env)).toList();
        Map<String, String> setupVariables = new LinkedHashMap<>(variables);
        setupVariables.putAll(Recipes.merged(plans.stream().map(Recipe.Plan::setupVariables).toList()));
        List<Path> setupPath = plans.stream().flatMap(p -> p.setupPath().stream()).distinct().toList();
        List<String> prepareOutput = new ArrayList<>();
        StringBuilder log = new StringBuilder();
        GeneratedFiles generated;
        List<String> lacks = new ArrayList<>();
        try {
            copyProject(root, work);
            if (gitFolder.isPresent()) {
                copyProject(gitFolder.get(), work.resolve(".git"));
            }
            for (int i = 0; i < plans.size(); i++) {
                Path dir = folder(work, detected.recipes().get(i));
                StringBuilder out = new StringBuilder();
                for (String cmd : plans.get(i).prepare()) {
                    out.append(run(cmd, dir, env, setupVariables, setupPath, log));
                }
                prepareOutput.add(out.toString());
            }
            if (setup.isEmpty()) {
                for (int i = 0; i < plans.size(); i++) {
                    for (String cmd : plans.get(i).install()) {
                        install(cmd, plans.get(i).fallback(), folder(work, detected.recipes().get(i)), env,
                                setupVariables, setupPath, log).ifPresent(lacks::add);
                    }
                }
            } else {
                for (String cmd : setup) {
                    run(cmd, work, env, setupVariables, setupPath, log);
                }
            }
            for (int i = 0; i < plans.size(); i++) {
                for (String cmd : plans.get(i).runner()) {
                    run(cmd, folder(work, detected.recipes().get(i)), env, setupVariables, setupPath, log);
                }
            }
            generated = GeneratedFiles.keep(root, work, plans.stream().flatMap(p -> p.sourceRoots().stream())
                    .distinct().toList(), env.resolve(EnvironmentStore.GENERATED));
            EnvironmentStore.delete(work);
        } catch (RuntimeException e) {
            EnvironmentStore.delete(env);
            log.append("set-up failed: ").append(e.getMessage().lines().findFirst().orElse("")).append('\n');
            store.writeLog(key, log.toString());
            throw e;
        }
        store.writeLog(key, log.toString());
        Map<String, String> testVariables = new LinkedHashMap<>(variables);
        for (int i = 0; i < plans.size(); i++) {
            testVariables.putAll(plans.get(i).testVariables().apply(prepareOutput.get(i)));
        }
        String kind = detected.recipes().isEmpty() ? "setup" : detected.recipes().stream().map(Recipe::kind)
                .distinct().collect(Collectors.joining("+"));
        List<String> said = new ArrayList<>(detected.recipes().stream()
                .map(r -> setup.isEmpty() ? r.description() : r.base()).toList());
        if (!setup.isEmpty()) {
            said.add("setup: " + String.join(" && ", setup));
        }
        said.addAll(detected.notes());
        said.addAll(lacks);
        if (!variables.isEmpty()) {
            said.add(variablesSaid());
        }
        EnvironmentStore.Exports exports = new EnvironmentStore.Exports(kind, String.join("; ", said), testVariables,
                plans.stream().flatMap(p -> p.testPath().stream()).map(Path::toString).distinct().toList(),
                List.of(env.toString()), plans.stream().flatMap(p -> p.sourceRoots().stream()).distinct().toList(),
                generated.files());
        if (lacks.isEmpty()) {
            store.markReady(key, exports);
        }
        return exported(exports, env, Duration.between(start, clock.instant()), false);
    }

    /**
     * A failed step's message in one line: its first line (the command and how it ended) and the
     * first line of the output's tail that names an error, else the tail's last line.
     */
    static String summary(String message) {
        List<String> lines = message.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty()) {
            return "";
        }
        List<String> tail = lines.subList(1, lines.size()).stream().filter(l -> !l.startsWith("Set setup")).toList();
        String reason = tail.stream().filter(l -> ERROR_LINE.matcher(l).find()).findFirst()
                .orElse(tail.isEmpty() ? "" : tail.get(tail.size() - 1));
        String head = lines.get(0).length() > 200 ? lines.get(0).substring(0, 200) + "...:" : lines.get(0);
        String one = head + (reason.isEmpty() ? "" : " " + reason);
        return one.length() > 600 ? one.substring(0, 600) + "..." : one;
    }

    private static Path folder(Path work, Recipe recipe) {
        return recipe.folder().isEmpty() ? work : work.resolve(recipe.folder());
    }

    private static PreparedEnvironment exported(EnvironmentStore.Exports e, Path env, Duration time, boolean reused) {
        return new PreparedEnvironment(e.description(), e.variables(), e.pathFolders().stream().map(Path::of).toList(),
                e.folders().stream().map(Path::of).toList(), e.sourceRoots(), time, reused,
                new GeneratedFiles(env.resolve(EnvironmentStore.GENERATED), e.generated()));
    }

    private String variablesSaid() {
        return "env: " + String.join(", ", new java.util.TreeSet<>(variables.keySet()));
    }

    /**
     * Runs a detected install command; where it fails in the way {@code fallback} names, runs the
     * fallback instead. Returns what the environment then lacks (it is not kept for later runs),
     * or empty when the command itself succeeded.
     */
    private Optional<String> install(String cmd, Optional<Recipe.Fallback> fallback, Path dir, Path env,
            Map<String, String> variables, List<Path> path, StringBuilder log) {
        int from = log.length();
        try {
            run(cmd, dir, env, variables, path, log);
            return Optional.empty();
        } catch (EnvironmentException e) {
            if (fallback.isEmpty() || !fallback.get().when().matcher(log.substring(from)).find()) {
                throw e;
            }
            run(fallback.get().command().replace("{}", cmd), dir, env, variables, path, log);
            return Optional.of(fallback.get().said());
        }
    }

    /** Runs one set-up command with network, no secret and the environment's folder writable; its output. */
    private String run(String cmd, Path dir, Path env, Map<String, String> variables, List<Path> path,
            StringBuilder log) {
        List<String> names = host.variables().keySet().stream().filter(n -> NETWORK_NAMES.matcher(n).matches())
                .toList();
        Command command = Command.shell(cmd, dir, CleanEnvironment.of(host, names, variables), limit).withNetwork()
                .withEnvironmentFolders(path, List.of(new Command.Mount(env, true))).withImage(image);
        ExecResult r = executor.run(command);
        log.append("$ ").append(cmd).append('\n').append(r.output());
        if (!r.output().isEmpty() && !r.output().endsWith("\n")) {
            log.append('\n');
        }
        if (!r.succeeded()) {
            String how = r.outcome() instanceof ExecResult.Outcome.Exited x ? "exit code " + x.code()
                    : "no end within " + limit.toMinutes() + " min";
            List<String> lines = r.output().lines().toList();
            String tail = String.join("\n", lines.subList(Math.max(0, lines.size() - TAIL_LINES), lines.size()));
            throw new EnvironmentException(EnvironmentException.ErrorKind.RUNTIME, "the environment set-up failed: `"
                    + cmd + "` (" + how + ")" + (tail.isBlank() ? "" : ":\n" + tail) + "\nSet setup (a YAML list in "
                    + ".repofix.yml, or --setup) to the commands that install what the tests need.");
        }
        return r.output();
    }

    /** The environment's key: a hash of everything that defines it. */
    private String key(Path root, List<Recipe> found) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            // 2: environments keep the files their install generated in the sources (GeneratedFiles).
            update(sha, "repofix-env/2");
            for (Recipe r : found) {
                update(sha, r.kind() + "\0" + r.folder() + "\0" + r.identity());
                ProjectFiles files = new ProjectFiles(r.folder().isEmpty() ? root : root.resolve(r.folder()));
                for (String f : r.definingFiles()) {
                    update(sha, "file\0" + f);
                    files.bytes(f).ifPresent(sha::update);
                }
            }
            setup.forEach(c -> update(sha, "setup\0" + c));
            new java.util.TreeMap<>(variables).forEach((n, v) -> update(sha, "env\0" + n + "=" + v));
            return HexFormat.of().formatHex(sha.digest()).substring(0, 24);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void update(MessageDigest sha, String text) {
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
    }

    /** Copies the project's files (not its Git folder, build outputs or installed modules), links as links. */
    private static void copyProject(Path root, Path target) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                    if (!dir.equals(root) && NOT_COPIED.contains(dir.getFileName().toString())) {
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    Files.createDirectories(target.resolve(root.relativize(dir).toString()));
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.copy(file, target.resolve(root.relativize(file).toString()), LinkOption.NOFOLLOW_LINKS,
                            StandardCopyOption.COPY_ATTRIBUTES);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + root + " for the environment set-up", e);
        }
    }
}
