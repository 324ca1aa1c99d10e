package dev.repofix.eval.cases;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The environment a case's tests need, in the words of SWE-bench's harness specs (its
 * {@code MAP_REPO_VERSION_TO_SPECS} entries): a case's {@code environment} object (docs/eval.md,
 * "Case environments"). Its set-up runs in order as SWE-bench's images do: {@code packages},
 * then {@code pip_packages} (the environment), then {@code pre_install} and {@code install}
 * (the project). No component is null; lists and the map are copied.
 *
 * @param python      the interpreter ({@code 3.9}, or a specifier); empty: the project's {@code requires-python}
 * @param packages    {@value #REQUIREMENTS} (installed with {@code pip install -r}), or requirement words pip
 *                    installs; SWE-bench gives conda packages here, which pip installs by the same names
 * @param pipPackages requirement words (shell words, quoted as SWE-bench quotes them) of one {@code pip install}
 * @param preInstall  shell commands run in the project before {@code install}
 * @param install     shell commands that install the project
 * @param env         variables of the set-up and of every test run, by name
 * @param testCmd     the test command, for a case that names none of its own
 */
public record CaseEnvironment(Optional<String> python, Optional<String> packages, List<String> pipPackages,
        List<String> preInstall, List<String> install, Map<String, String> env, Optional<String> testCmd) {
    /** The {@code packages} value that installs the project's requirements file. */
    public static final String REQUIREMENTS = "requirements.txt";
    /** A variable's name: what a POSIX shell exports. */
    public static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    /** Variables repofix sets itself for the environment it prepares: a case may not replace them. */
    public static final Set<String> RESERVED = Set.of("PATH", "PYTHONPATH", "VIRTUAL_ENV", "PYTHONNOUSERSITE", "HOME");
    private static final Pattern PYTHON = Pattern.compile("\\d+(\\.\\d+)*|[\\d.*<>=!~, ]+");

    public CaseEnvironment {
        Objects.requireNonNull(python, "python");
        Objects.requireNonNull(packages, "packages");
        pipPackages = List.copyOf(pipPackages);
        preInstall = List.copyOf(preInstall);
        install = List.copyOf(install);
        env = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env));
        Objects.requireNonNull(testCmd, "testCmd");
        problems(python, packages, env).stream().findFirst().ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
    }

    /** What is wrong with these values, one message each; empty when they make an environment. */
    public static List<String> problems(Optional<String> python, Optional<String> packages, Map<String, String> env) {
        List<String> out = new ArrayList<>();
        python.filter(p -> !PYTHON.matcher(p.strip()).matches()).ifPresent(p -> out.add("python '" + p
                + "' is no Python version (3.9) or version specifier (>=3.8,<3.10)"));
        packages.filter(p -> p.strip().equals("environment.yml")).ifPresent(p -> out.add("packages "
                + "'environment.yml' asks for a conda environment, which repofix does not make; list the packages in "
                + "pip_packages"));
        for (String name : env.keySet()) {
            if (!VARIABLE.matcher(name).matches()) {
                out.add("env names a variable '" + name + "': a name is letters, digits and _, not starting with a digit");
            } else if (RESERVED.contains(name)) {
                out.add("env sets " + name + ", which repofix sets for the environment it prepares; leave it out");
            }
        }
        return out;
    }

    /**
     * The set-up's shell commands, in SWE-bench's order; each runs in the project's copy with the
     * environment's {@code python} first on {@code PATH}.
     */
    public List<String> setupCommands() {
        List<String> out = new ArrayList<>();
        packages.map(String::strip).ifPresent(p -> out.add(p.equals(REQUIREMENTS)
                ? "python -m pip install -r " + REQUIREMENTS : "python -m pip install " + p));
        if (!pipPackages.isEmpty()) {
            out.add("python -m pip install " + String.join(" ", pipPackages));
        }
        out.addAll(preInstall);
        out.addAll(install);
        return out;
    }
}
