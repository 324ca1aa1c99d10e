package dev.repofix.testrun;

import dev.repofix.testrun.EnvironmentFailure.Kind;
import dev.repofix.workspace.FileIndex;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a failure of the environment from a failure of the code: a test that failed because
 * a module, a distribution or a class from OUTSIDE the repository is missing (pytest's
 * {@code ModuleNotFoundError}, {@code PackageNotFoundError}, a JVM's
 * {@code NoClassDefFoundError} of a dependency, Node's {@code Cannot find module}), or a build
 * that failed because its dependencies could not be resolved ({@link #inBuildLog}). The core
 * test is that the missing name is no module, class or package of the repository: a
 * repository module that does not import because of a bug in it is the code's failure, and
 * so is a test that failed for another reason while handling an import error (only the
 * exception that surfaced counts). Pure: looks at the run's text and the repository's file
 * list, reads no file.
 */
public final class EnvironmentFailures {
    /** Long enough for an artifact's coordinates or a module path; longer text is cut. */
    private static final int SAID_CHARS = 300;
    private static final Pattern NO_MODULE = Pattern.compile(
            "^(?:ModuleNotFoundError|ImportError): No module named '([^']+)'");
    private static final Pattern CANNOT_IMPORT = Pattern.compile(
            "^ImportError: cannot import name '([^']+)' from '([^']+)'");
    private static final Pattern NO_DISTRIBUTION = Pattern.compile(
            "^(?:importlib(?:\\.metadata|_metadata)\\.)?PackageNotFoundError: (?:No package metadata was found for )?"
                    + "([A-Za-z0-9][A-Za-z0-9._-]*)");
    private static final Pattern DISTRIBUTION_NOT_FOUND = Pattern.compile(
            "^(?:pkg_resources\\.)?DistributionNotFound: The '([A-Za-z0-9][A-Za-z0-9._-]*)[^']*' distribution was not found");
    /** A Python exception's header line: {@code Type: message} or a bare dotted type name. */
    private static final Pattern PY_EXCEPTION = Pattern.compile("^[A-Za-z_][\\w.]*(?:Error|Exception|NotFound)\\w*(?::.*)?$");
    private static final Pattern JVM_MISSING_CLASS = Pattern.compile(
            "^(?:java\\.lang\\.)?(?:NoClassDefFoundError|ClassNotFoundException): ([A-Za-z_$][\\w$]*(?:[./][\\w$]+)+)\\s*$");
    static final Pattern NODE_MISSING = Pattern.compile(
            "(?:^|Error(?: \\[ERR_MODULE_NOT_FOUND])?: )Cannot find (?:module|package) '([^']+)'");

    private final FileIndex files;
    private final RepositoryNames names;

    public EnvironmentFailures(FileIndex files) {
        this.files = Objects.requireNonNull(files, "files");
        this.names = new RepositoryNames(files.files());
    }

    /** The environment failures among {@code failing}, in their order. */
    public List<EnvironmentFailure> among(List<TestResult> failing) {
        return failing.stream().map(this::of).flatMap(Optional::stream).toList();
    }

    /** What is missing when {@code test} failed because of its environment; empty when it failed otherwise. */
    public Optional<EnvironmentFailure> of(TestResult test) {
        if (!test.status().isFailure()) {
            return Optional.empty();
        }
        return python(test).or(() -> jvm(test)).or(() -> node(test));
    }

    /**
     * What is missing when a build failed before any test reported because dependencies could
     * not be fetched or resolved (Maven, Gradle, Go, Cargo, npm, a Python module); empty when
     * its log says nothing of the kind.
     */
    public List<EnvironmentFailure> inBuildLog(String log) {
        return new BuildLogDependencies(names, this::setupFor).find(log);
    }

    private Optional<EnvironmentFailure> python(TestResult test) {
        String surfaced = pythonSurfaced(test);
        Matcher m = NO_MODULE.matcher(surfaced);
        if (m.find() && raisedByImport(test.trace(), surfaced) && !names.pythonModule(m.group(1))) {
            return found(test, Kind.PYTHON_MODULE, m.group(1), surfaced);
        }
        m = CANNOT_IMPORT.matcher(surfaced);
        if (m.find() && raisedByImport(test.trace(), surfaced) && !names.pythonModule(m.group(2))) {
            // Installed, but not the version that has this name: the environment still.
            return found(test, Kind.PYTHON_MODULE, m.group(2), surfaced);
        }
        m = NO_DISTRIBUTION.matcher(surfaced);
        if (!m.find()) {
            m = DISTRIBUTION_NOT_FOUND.matcher(surfaced);
            if (!m.find()) {
                return Optional.empty();
            }
        }
        // The project's own distribution not installed counts too: its tests read its metadata.
        return found(test, Kind.PYTHON_DISTRIBUTION, m.group(1), surfaced);
    }

    /**
     * The exception that surfaced, as Python said it: pytest's message for a test; for a
     * module that could not be collected, the last exception line among the {@code E} lines.
     */
    private static String pythonSurfaced(TestResult test) {
        if (test.isCollectionError()) {
            List<String> lines = test.collectionErrorReason().lines().map(String::strip)
                    .filter(l -> PY_EXCEPTION.matcher(l).matches()).toList();
            return lines.isEmpty() ? "" : lines.get(lines.size() - 1);
        }
        return firstLine(test.message());
    }

    /**
     * Whether the line that raised {@code surfaced} is an import ({@code import x},
     * {@code from x import y}, {@code importlib.import_module(...)}), when the trace shows
     * that line (pytest puts it just above the {@code E} line): a repository's own
     * {@code raise ImportError(...)} is its code, not the environment.
     */
    private static boolean raisedByImport(String trace, String surfaced) {
        List<String> lines = trace.lines().toList();
        for (int i = lines.size() - 1; i >= 0; i--) {
            String l = lines.get(i);
            if (l.startsWith("E") && l.substring(1).strip().equals(surfaced)) {
                for (int j = i - 1; j >= 0; j--) {
                    String code = lines.get(j).replaceFirst("^>", "").strip();
                    if (!code.isEmpty() && !code.matches("[\\^~ ]+") && !lines.get(j).startsWith("E ")) {
                        return code.contains("import");
                    }
                }
                return true;
            }
        }
        return true;
    }

    private Optional<EnvironmentFailure> jvm(TestResult test) {
        String surfaced = test.trace().isBlank() ? firstLine(test.message()) : firstLine(test.trace());
        Matcher m = JVM_MISSING_CLASS.matcher(surfaced);
        if (!m.find()) {
            return Optional.empty();
        }
        String className = m.group(1).replace('/', '.');
        if (names.javaClass(className)) {
            return Optional.empty();
        }
        return found(test, Kind.JAVA_CLASS, className, surfaced);
    }

    private Optional<EnvironmentFailure> node(TestResult test) {
        String surfaced = firstLine(test.message().isBlank() ? test.trace() : test.message());
        Matcher m = NODE_MISSING.matcher(surfaced);
        if (!m.find()) {
            return Optional.empty();
        }
        return RepositoryNames.packageOf(m.group(1)).filter(p -> !names.nodePackage(p))
                .flatMap(p -> found(test, Kind.NODE_PACKAGE, p, surfaced));
    }

    private Optional<EnvironmentFailure> found(TestResult test, Kind kind, String missing, String said) {
        return Optional.of(new EnvironmentFailure(test.id(), kind, missing, cut(said), setupFor(kind, missing)));
    }

    /** A set-up command that installs {@code missing}, as this repository's files suggest. */
    String setupFor(Kind kind, String missing) {
        return switch (kind) {
            case PYTHON_MODULE -> "pip install " + missing.split("\\.")[0];
            case PYTHON_DISTRIBUTION -> names.pythonModule(missing.toLowerCase(Locale.ROOT).replaceAll("[-.]+", "_"))
                    && (files.contains("pyproject.toml") || files.contains("setup.py") || files.contains("setup.cfg"))
                    ? "pip install -e ." : "pip install " + missing;
            case JAVA_CLASS -> files.contains("pom.xml") ? "mvn -B dependency:go-offline" : gradle();
            case MAVEN_ARTIFACT -> "mvn -B dependency:go-offline";
            case GRADLE_DEPENDENCY -> gradle();
            case NODE_PACKAGE -> files.contains("package-lock.json") ? "npm ci" : "npm install";
            case GO_MODULE -> "go mod download";
            case RUST_CRATE -> "cargo fetch";
        };
    }

    private String gradle() {
        return (files.contains("gradlew") ? "./gradlew" : "gradle") + " --no-daemon testClasses";
    }

    static String firstLine(String s) {
        return s.strip().lines().findFirst().orElse("").strip();
    }

    static String cut(String s) {
        return s.length() <= SAID_CHARS ? s : s.substring(0, SAID_CHARS - 3) + "...";
    }
}
