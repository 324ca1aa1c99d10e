package dev.repofix.build;

import dev.repofix.workspace.Language;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test files (repository-relative, {@code /}-separated) as the arguments a test runner takes
 * for them: Python modules, JVM classes, Go packages, Cargo test targets, and the words
 * appended to a user's own command. A build leaves out the files not written in its language
 * (data, fixtures: a runner refuses them, pytest with "no tests ran") and runs the whole
 * suite when none is left. Pure functions.
 */
public final class TestFiles {
    /** A word that runs Django's own test runner, which takes test modules by dotted name. */
    private static final Pattern DJANGO_RUNTESTS = Pattern.compile("(?:^|[\\s/])runtests\\.py(?:$|\\s)");
    /** A JVM source in a Maven or Gradle source set: the class name is the path below the language folder. */
    private static final Pattern JVM_SOURCE = Pattern.compile(
            "(?:.*/)?src/[^/]+/(?:java|kotlin|groovy|scala)/(.+)\\.(?:java|kt|groovy|scala)");
    private static final Pattern JVM_FILE = Pattern.compile("(?:.*/)?([^/]+)\\.(?:java|kt|groovy|scala)");
    /** A Cargo integration test: {@code tests/NAME.rs} or {@code tests/NAME/main.rs}, at the package root. */
    private static final Pattern CARGO_TEST = Pattern.compile("tests/([^/]+?)(?:\\.rs|/main\\.rs)");

    private TestFiles() {}

    /**
     * {@code command} with {@code files} appended as shell words. A command running Django's
     * {@code runtests.py} gets them as the dotted modules it takes, as SWE-bench's harness
     * writes Django's directives ({@code tests/admin_views/tests.py}: {@code admin_views.tests}).
     */
    public static String appended(String command, List<String> files) {
        boolean django = DJANGO_RUNTESTS.matcher(command).find();
        StringBuilder out = new StringBuilder(command.strip());
        for (String file : files) {
            out.append(' ').append(ShellWords.quote(django ? djangoModule(file) : file));
        }
        return out.toString();
    }

    /** The files written in {@code language} (its extensions, stubs left out), in their order. */
    static List<String> inLanguage(List<String> files, Language language) {
        return files.stream().filter(f -> language.extensions().contains(Language.extension(f)) && !language.isStub(f))
                .toList();
    }

    /**
     * {@code command} with the files written in {@code language} appended after {@code separator}
     * (e.g. npm's {@code " --"}), as shell words; empty when none is.
     */
    static Optional<TestCommand> withFiles(TestCommand command, String separator, List<String> files,
            Language language) {
        List<String> own = inLanguage(files, language);
        if (own.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder cmd = new StringBuilder(command.shell()).append(separator);
        own.forEach(f -> cmd.append(' ').append(ShellWords.quote(f)));
        return Optional.of(new TestCommand(cmd.toString(), command.extraEnv()));
    }

    /** {@code tests/admin_views/tests.py}: {@code admin_views.tests}. */
    static String djangoModule(String file) {
        String module = file.endsWith(".py") ? file.substring(0, file.length() - ".py".length()) : file;
        module = module.startsWith("tests/") ? module.substring("tests/".length()) : module;
        return module.replace('/', '.');
    }

    /** {@code tests/unit/test_calc.py}: {@code tests.unit.test_calc}; empty for a file that is not Python. */
    static Optional<String> pythonModule(String file) {
        if (!file.endsWith(".py")) {
            return Optional.empty();
        }
        return Optional.of(file.substring(0, file.length() - ".py".length()).replace('/', '.'));
    }

    /**
     * The test class a JVM source declares: {@code com.acme.CalcTest} for
     * {@code core/src/test/java/com/acme/CalcTest.java}; its simple name when the file is in
     * no source set; empty for a file that is not JVM source.
     */
    static Optional<String> jvmClass(String file) {
        Matcher m = JVM_SOURCE.matcher(file);
        if (m.matches()) {
            return Optional.of(m.group(1).replace('/', '.'));
        }
        Matcher simple = JVM_FILE.matcher(file);
        return simple.matches() ? Optional.of(simple.group(1)) : Optional.empty();
    }

    /** The classes the JVM sources among the files declare ({@link #jvmClass}); empty when there is none. */
    static Optional<List<String>> jvmClasses(List<String> files) {
        List<String> classes = files.stream().map(TestFiles::jvmClass).flatMap(Optional::stream).distinct().toList();
        return classes.isEmpty() ? Optional.empty() : Optional.of(classes);
    }

    /** The package folder of a Go file, as {@code go test} takes it: {@code ./calc}, or {@code .} at the root. */
    static Optional<String> goPackage(String file) {
        if (!file.endsWith(".go")) {
            return Optional.empty();
        }
        int slash = file.lastIndexOf('/');
        return Optional.of(slash < 0 ? "." : "./" + file.substring(0, slash));
    }

    /**
     * The Cargo target that runs a test file: {@code --test NAME} for {@code tests/NAME.rs} and
     * {@code tests/NAME/main.rs}, {@code --lib} for a file under {@code src/} (its unit tests);
     * empty for any other file (a helper module, a member crate's file), whose target is not told.
     */
    static Optional<String> cargoTarget(String file) {
        Matcher m = CARGO_TEST.matcher(file);
        if (m.matches()) {
            return Optional.of("--test " + ShellWords.quote(m.group(1)));
        }
        return file.startsWith("src/") && file.endsWith(".rs") ? Optional.of("--lib") : Optional.empty();
    }
}
