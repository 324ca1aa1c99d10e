package dev.repofix.env;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** The Python interpreters installed on this machine, and the choice among them for a project. */
@FunctionalInterface
interface PythonInterpreters {
    /** Every interpreter found, each once; never null. */
    List<PythonInterpreter> installed();

    /** Where {@link #installed()} looked, for an error: this machine unless told otherwise. */
    default String where() {
        return "on this machine";
    }

    /** What to do when none of {@link #installed()} runs {@code version}, for an error. */
    default String advice(String version) {
        return "Install one (e.g. pyenv install " + version + ", or uv python install)";
    }

    /** The one {@code python3} on {@code PATH} runs, if any. */
    default Optional<PythonInterpreter> pathDefault() {
        return installed().stream().filter(PythonInterpreter::pathDefault).findFirst();
    }

    /**
     * The interpreter for a project that needs {@code requirement} ({@code source} says where it
     * was written, for the error): the newest that satisfies it; with no requirement, the one
     * {@code python3} on {@code PATH} runs (what the tests ran with before), else the newest.
     *
     * @throws EnvironmentException (INPUT) naming the requirement and what was found, when none satisfies it
     */
    default PythonInterpreter choose(Optional<String> requirement, String source) {
        Comparator<PythonInterpreter> byVersion = (a, b) -> PythonSpecifier.compare(a.release(), b.release());
        if (requirement.isEmpty()) {
            return pathDefault().or(() -> installed().stream().max(byVersion))
                    .orElseThrow(() -> new EnvironmentException(EnvironmentException.ErrorKind.INPUT,
                            "no Python 3 interpreter found (looked for python3 and python3.X on PATH, pyenv versions and "
                                    + "uv-managed ones); install one, or set setup to prepare the tests' environment"));
        }
        List<PythonInterpreter> found = installed();
        PythonSpecifier spec;
        try {
            spec = PythonSpecifier.parse(requirement.get());
        } catch (IllegalArgumentException e) {
            throw new EnvironmentException(EnvironmentException.ErrorKind.INPUT, "the Python requirement '"
                    + requirement.get() + "' of " + source + " is not a version specifier: " + e.getMessage()
                    + "; set python-version to a version such as 3.9");
        }
        return found.stream().filter(i -> spec.allows(i.release())).max(byVersion).orElseThrow(() ->
                new EnvironmentException(EnvironmentException.ErrorKind.INPUT, "no installed Python satisfies "
                        + spec + " (" + source + ") " + where() + "; found: " + (found.isEmpty() ? "none" : found.stream()
                        .map(i -> i.version() + " at " + i.executable()).collect(Collectors.joining(", ")))
                        + ". " + advice(suggestion(spec)) + ", or set python-version"));
    }

    /** A version to name in the advice: the lowest minor from 3.6 to 3.14 that satisfies it. */
    private static String suggestion(PythonSpecifier spec) {
        for (int minor = 14; minor >= 6; minor--) {
            if (spec.allows(new int[] {3, minor, 0}) || spec.allows(new int[] {3, minor, 99})) {
                return "3." + minor;
            }
        }
        return "<version>";
    }
}
