package dev.repofix.env;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.MultiBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.SandboxImage;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The set-up steps a build's files call for, per project (a {@link MultiBuild} gives one per
 * part that needs any). Each tool downloads into a folder of the environment:
 * <ul>
 *   <li>Python (pytest, unittest): a venv of repofix's own ({@code <env>/venv}, made with the chosen
 *       interpreter, no system site-packages), the project installed as its files say
 *       ({@code uv sync} or {@code poetry install} when their lock file is there and the tool is on
 *       {@code PATH}; else {@code pip install -e .[test]} with the declared test extras, the
 *       dependency groups of the same names (PEP 735, with a pip that reads them), the test and
 *       dev requirements files), and pytest for a pytest build;</li>
 *   <li>Maven: dependencies and plugins, Surefire's test provider included (a test run selecting no
 *       test), into {@code <env>/repository}; tests read it through {@code maven.repo.local.tail}
 *       on Maven 3.9 and later (their own local repository stays the user's), else as their local
 *       repository;</li>
 *   <li>Node: {@code npm ci} (or {@code npm install} without a lock) in a copy of the project's
 *       manifest under {@code <env>/node}: each candidate is a fresh copy of the tracked files, so
 *       node_modules cannot live in it; tests get {@code NODE_PATH} and {@code node_modules/.bin} on
 *       {@code PATH}. {@code require} finds the packages through {@code NODE_PATH}; ES module
 *       {@code import}s do not read it, so a project testing ES modules needs a {@code setup};</li>
 *   <li>Go: {@code go mod download} into {@code <env>/gomod}; tests get it with {@code GOPROXY=off};</li>
 *   <li>Cargo: {@code cargo fetch} into {@code <env>/cargo}; tests get it with {@code CARGO_NET_OFFLINE=true};</li>
 *   <li>Gradle: not supported yet (a note, no step).</li>
 * </ul>
 */
final class Recipes {
    private static final List<String> TEST_EXTRAS = List.of("test", "tests", "testing");
    private static final Pattern MAVEN_VERSION = Pattern.compile("Apache Maven (\\d+)\\.(\\d+)");
    /**
     * Maven's resolution run once more, compile errors not failing it, where the code did not compile
     * (the PR's own compile error, or a compiler plugin this JDK cannot run): the plugins and
     * dependencies of every phase are then resolved, and the tests show the compiler's error.
     */
    private static final Recipe.Fallback UNCOMPILED_MAVEN = new Recipe.Fallback(
            Pattern.compile("COMPILATION ERROR|Compilation failure"), "{} -Dmaven.compiler.failOnError=false",
            "but the code did not compile: the test provider, which only a compiled build resolves, is not, and "
                    + "this environment is set up again next run");
    private static final Pattern GO_REQUIRE = Pattern.compile("(?m)^\\s*require\\b");

    /** The recipes found, and what the description says about steps left out. */
    record Detected(List<Recipe> recipes, List<String> notes) {
        Detected {
            recipes = List.copyOf(recipes);
            notes = List.copyOf(notes);
        }
    }

    private final PythonInterpreters interpreters;
    private final HostEnvironment host;
    private final Optional<String> pythonVersion;

    private final boolean hostTools;

    Recipes(PythonInterpreters interpreters, HostEnvironment host, Optional<String> pythonVersion) {
        this(interpreters, host, pythonVersion, true);
    }

    /**
     * @param hostTools whether the steps run on this machine, so that a tool on its {@code PATH}
     *                  (uv, poetry) can be used; in a sandbox image only what the image has is
     */
    Recipes(PythonInterpreters interpreters, HostEnvironment host, Optional<String> pythonVersion, boolean hostTools) {
        this.interpreters = interpreters;
        this.host = host;
        this.pythonVersion = pythonVersion;
        this.hostTools = hostTools;
    }

    /**
     * The recipes of {@code build}'s projects at {@code root}. With {@code setup} (commands given
     * that replace the detected steps), a Python project gets its venv even when its files declare
     * nothing to install, so that the commands install there and never into this machine's Python;
     * so does a custom command in a Python project (its toolchain files say Python).
     */
    Detected detect(Path root, BuildSystem build, boolean setup) {
        List<Recipe> recipes = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (build instanceof MultiBuild multi) {
            multi.parts().reversed().forEach(p -> add(root, p.folder(), p.build(), setup, recipes, notes));
        } else {
            add(root, "", build, setup, recipes, notes);
        }
        return new Detected(recipes, notes);
    }

    private void add(Path root, String folder, BuildSystem build, boolean setup, List<Recipe> recipes,
            List<String> notes) {
        Path dir = folder.isEmpty() ? root : root.resolve(folder);
        ProjectFiles files = new ProjectFiles(dir);
        switch (build.name()) {
            case "pytest", "unittest" -> python(folder, files, build.name().equals("pytest"), setup, notes)
                    .ifPresent(recipes::add);
            case "maven" -> recipes.add(maven(folder, files, build.testCommand(dir, null).shell()));
            case "npm", "node" -> node(folder, files).ifPresent(recipes::add);
            case "go" -> go(folder, files).ifPresent(recipes::add);
            case "cargo" -> recipes.add(cargo(folder, files));
            case "gradle" -> notes.add("gradle: dependencies are not prepared yet (not supported); tests resolve them "
                    + "as they run");
            default -> {
                // A custom command: only a setup prepares anything, in a venv where the project is Python.
                if (setup && build.sandboxImage().filter(i -> i == SandboxImage.PYTHON).isPresent()) {
                    python(folder, files, false, true, notes).ifPresent(recipes::add);
                }
            }
        }
    }

    /**
     * A Python project only when it declares something to install or {@code setup} commands are
     * given (they install into its venv): else its tests run as before.
     */
    private Optional<Recipe> python(String folder, ProjectFiles files, boolean pytest, boolean setup,
            List<String> notes) {
        boolean uv = files.exists("uv.lock");
        boolean poetry = files.exists("poetry.lock");
        List<String> requirements = files.requirementsFiles();
        if (!setup && !files.installable() && requirements.isEmpty() && !uv && !poetry && pythonVersion.isEmpty()
                && testNames(files.dependencyGroups()).isEmpty()) {
            return Optional.empty();
        }
        String source = pythonVersion.isPresent() ? "python-version" : "requires-python of " + (folder.isEmpty()
                ? "" : folder + "/") + "pyproject.toml";
        PythonInterpreter python = interpreters.choose(pythonVersion.or(files::requiresPython), source);
        List<String> install = new ArrayList<>();
        List<String> said = new ArrayList<>();
        if (uv && onPath("uv")) {
            install.add("uv sync --frozen --all-extras");
            said.add("uv sync");
        } else if (poetry && onPath("poetry")) {
            install.add("poetry install --no-interaction --all-extras");
            said.add("poetry install");
        } else {
            if (uv || poetry) {
                notes.add((uv ? "uv.lock" : "poetry.lock") + " found but " + (uv ? "uv" : "poetry")
                        + " is not on PATH: installed with pip");
            }
            if (files.installable()) {
                List<String> extras = testNames(files.extras());
                String target = extras.isEmpty() ? "." : ".[" + String.join(",", extras) + "]";
                install.add("python -m pip install -q -e '" + target + "'");
                said.add("pip install -e " + target);
            }
            List<String> groups = testNames(files.dependencyGroups());
            if (!groups.isEmpty()) {
                // pip reads dependency groups from 25.1 on; a venv's own pip may be older.
                install.add("python -m pip install -q 'pip>=25.1'");
                install.add("python -m pip install -q" + groups.stream().map(g -> " --group '" + g + "'")
                        .collect(Collectors.joining()));
                said.add("pip install --group " + String.join(",", groups));
            }
            for (String r : requirements) {
                install.add("python -m pip install -q -r '" + r + "'");
                said.add("pip install -r " + r);
            }
        }
        // The test runner, when neither the project's install nor a setup brought it.
        List<String> runner = pytest ? List.of("python -c 'import pytest' 2>/dev/null || python -m pip install -q pytest")
                : List.of();
        List<String> defining = new ArrayList<>(List.of("pyproject.toml", "setup.cfg", "setup.py", "uv.lock",
                "poetry.lock"));
        defining.addAll(requirements);
        String sourceRoot = files.srcLayout() ? "src" : ".";
        String description = "python " + python.version() + " venv" + (said.isEmpty() ? "" : ", " + String.join(", ", said));
        return Optional.of(new Recipe("python", folder, python.executable() + " " + python.version(), defining,
                "python " + python.version() + " venv", description, env -> {
                    Path venv = env.resolve("venv");
                    Map<String, String> vars = Map.of("VIRTUAL_ENV", venv.toString(), "PYTHONNOUSERSITE", "1",
                            "UV_PROJECT_ENVIRONMENT", venv.toString(), "PIP_DISABLE_PIP_VERSION_CHECK", "1");
                    return new Recipe.Plan(List.of("'" + python.executable() + "' -m venv '" + venv + "'"), install,
                            vars, List.of(venv.resolve("bin")), out -> Map.of("VIRTUAL_ENV", venv.toString(),
                            "PYTHONNOUSERSITE", "1"), List.of(venv.resolve("bin")),
                            List.of(inFolder(folder, sourceRoot)), runner);
                }));
    }

    /** The test extras or groups among {@code declared}; else {@code dev} when declared (it usually holds pytest). */
    private static List<String> testNames(java.util.Collection<String> declared) {
        List<String> names = declared.stream().filter(TEST_EXTRAS::contains).toList();
        return names.isEmpty() && declared.contains("dev") ? List.of("dev") : names;
    }

    private Recipe maven(String folder, ProjectFiles files, String testCommand) {
        // Surefire picks its test provider (junit-platform, junit4, testng) only once a test class is
        // selected: a pattern matching no class never forks and leaves the provider unresolved. A method
        // of a real test class that does not exist forks, resolves the provider, and runs nothing.
        String selection = files.firstTestClass().map(c -> c + "#repofixNoSuchTest").orElse("repofixNoSuchTest");
        String setup = testCommand.replaceFirst(" test$", "") + " -q -Dtest='" + selection + "' "
                + "-Dsurefire.failIfNoSpecifiedTests=false -DfailIfNoTests=false test";
        String opts = CleanEnvironment.of(host, Set.of("MAVEN_OPTS"), Map.of()).getOrDefault("MAVEN_OPTS", "");
        return new Recipe("maven", folder, "", files.pomFiles(), "maven repository", "maven dependencies and plugins resolved "
                + "(test-compile and the test provider)", env -> {
                    Path repo = env.resolve("repository");
                    return new Recipe.Plan(List.of("mvn -v"), List.of(setup),
                            Map.of("MAVEN_OPTS", join(opts, "-Dmaven.repo.local=" + repo)), List.of(), out -> {
                                Matcher m = MAVEN_VERSION.matcher(out);
                                boolean tail = m.find() && (Integer.parseInt(m.group(1)) > 3
                                        || Integer.parseInt(m.group(1)) == 3 && Integer.parseInt(m.group(2)) >= 9);
                                return Map.of("MAVEN_OPTS", join(opts, (tail ? "-Dmaven.repo.local.tail="
                                        : "-Dmaven.repo.local=") + repo));
                            }, List.of(), List.of(), List.of(), Optional.of(UNCOMPILED_MAVEN));
                });
    }

    private Optional<Recipe> node(String folder, ProjectFiles files) {
        boolean declares = files.text("package.json").map(t -> t.contains("\"dependencies\"")
                || t.contains("\"devDependencies\"")).orElse(false);
        if (!declares) {
            return Optional.empty();
        }
        boolean lock = files.exists("package-lock.json") || files.exists("npm-shrinkwrap.json");
        String cmd = lock ? "npm ci --no-audit --no-fund" : "npm install --no-audit --no-fund";
        List<String> manifest = new ArrayList<>(List.of("package.json", "package-lock.json", "npm-shrinkwrap.json"));
        return Optional.of(new Recipe("node", folder, "", manifest, "node modules", "node modules (" + cmd.split(" --")[0] + ")",
                env -> {
                    Path node = env.resolve("node").resolve(folder.isEmpty() ? "root" : folder);
                    Path modules = node.resolve("node_modules");
                    String copy = "mkdir -p '" + node + "' && cp package.json '" + node + "/'"
                            + manifest.stream().skip(1).map(f -> " && if [ -f " + f + " ]; then cp " + f + " '" + node
                                    + "/'; fi").reduce("", String::concat);
                    return new Recipe.Plan(List.of(), List.of(copy + " && cd '" + node + "' && " + cmd), Map.of(),
                            List.of(), out -> Map.of("NODE_PATH", modules.toString()), List.of(modules.resolve(".bin")),
                            List.of());
                }));
    }

    private Optional<Recipe> go(String folder, ProjectFiles files) {
        if (!files.text("go.mod").map(t -> GO_REQUIRE.matcher(t).find()).orElse(false)) {
            return Optional.empty();
        }
        return Optional.of(new Recipe("go", folder, "", List.of("go.mod", "go.sum"), "go module cache",
                "go modules (go mod download)",
                env -> {
                    String cache = env.resolve("gomod").toString();
                    return new Recipe.Plan(List.of(), List.of("go mod download"), Map.of("GOMODCACHE", cache,
                            "GOFLAGS", "-mod=mod"), List.of(), out -> Map.of("GOMODCACHE", cache, "GOFLAGS", "-mod=mod",
                            "GOPROXY", "off", "GOSUMDB", "off"), List.of(), List.of());
                }));
    }

    private Recipe cargo(String folder, ProjectFiles files) {
        return new Recipe("cargo", folder, "", List.of("Cargo.toml", "Cargo.lock"), "cargo home", "crates (cargo fetch)",
                env -> {
            String home = env.resolve("cargo").toString();
            return new Recipe.Plan(List.of(), List.of("cargo fetch"), Map.of("CARGO_HOME", home), List.of(),
                    out -> Map.of("CARGO_HOME", home, "CARGO_NET_OFFLINE", "true"), List.of(), List.of());
        });
    }

    private boolean onPath(String tool) {
        if (!hostTools) {
            return false;
        }
        for (String dir : host.get("PATH").orElse("").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private static String inFolder(String folder, String relative) {
        return folder.isEmpty() ? relative : relative.equals(".") ? folder : folder + "/" + relative;
    }

    private static String join(String a, String b) {
        return a.isBlank() ? b : a + " " + b;
    }

    /** Each recipe's variables merged, later ones winning. */
    static Map<String, String> merged(List<Map<String, String>> maps) {
        Map<String, String> out = new LinkedHashMap<>();
        maps.forEach(out::putAll);
        return out;
    }
}
