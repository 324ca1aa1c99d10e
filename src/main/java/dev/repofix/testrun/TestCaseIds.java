package dev.repofix.testrun;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a JUnit XML {@code <testcase>}'s attributes into the id its test tool uses on
 * the command line ({@code pkg.FooTest#bar}, {@code tests/test_x.py::TestY::test_z}).
 * Pure functions; arguments are attribute values, empty when absent, never null.
 */
final class TestCaseIds {
    private TestCaseIds() {
    }

    /** A JUnit Platform legacy reporting name of a method without parameters, as Gradle writes it: {@code adds()}. */
    private static final Pattern BARE_METHOD_CALL = Pattern.compile("([\\p{L}_$][\\p{L}\\p{N}_$]*)\\(\\)");

    /**
     * Surefire, Gradle and other JUnit producers: {@code classname#name}, or {@code name}
     * without a class. A method named with empty parentheses ({@code adds()}, Gradle's
     * and the JUnit Platform's legacy name) is named without them, as Surefire names it,
     * so one test has one id whichever build ran it; a parameterized name
     * ({@code add(int)[2]}) or a display name is kept as written.
     */
    static String junit(String className, String name) {
        Matcher bare = BARE_METHOD_CALL.matcher(name);
        String method = bare.matches() ? bare.group(1) : name;
        return className.isBlank() ? method : className + "#" + method;
    }

    /**
     * pytest: rebuilds the node id from the dotted {@code classname} (module path plus
     * test classes) and, when xunit1 wrote it, the {@code file} attribute. pytest builds
     * {@code classname} from the node id but {@code file} from where the test function is
     * defined: a test method a class inherits from a module that collects nothing (a mixin in
     * {@code tests/__init__.py}) has the mixin's file, which no command line can select; there
     * the classname's module is the test's.
     */
    static String pytest(String className, String name, String file) {
        if (className.isBlank()) {
            // A collection error (e.g. an ImportError): pytest puts the dotted module in name.
            return file.isBlank() ? modulePath(segments(name)) : normalized(file);
        }
        List<String> segments = segments(className);
        int firstClass = firstTrailingClass(segments);
        String module = file.isBlank() || !collectedFrom(normalized(file), className)
                ? modulePath(segments.subList(0, firstClass)) : normalized(file);
        List<String> parts = new ArrayList<>();
        parts.add(module);
        parts.addAll(segments.subList(firstClass, segments.size()));
        parts.add(name);
        return String.join("::", parts);
    }

    /** Whether {@code file} is the module pytest's dotted {@code classname} names (as pytest mangles a node id's path). */
    private static boolean collectedFrom(String file, String className) {
        String dotted = file.replaceFirst("\\.py$", "").replace('/', '.');
        return className.equals(dotted) || className.startsWith(dotted + ".");
    }

    private static List<String> segments(String dotted) {
        return Arrays.asList(dotted.split("\\."));
    }

    /**
     * Test classes are the trailing run of capitalised segments: pytest collects
     * {@code Test*} classes, while packages and modules are conventionally lower case.
     */
    private static int firstTrailingClass(List<String> segments) {
        int first = segments.size();
        while (first > 1 && startsUpperCase(segments.get(first - 1))) {
            first--;
        }
        return first;
    }

    private static boolean startsUpperCase(String segment) {
        return !segment.isEmpty() && Character.isUpperCase(segment.charAt(0));
    }

    private static String modulePath(List<String> moduleSegments) {
        return String.join("/", moduleSegments) + ".py";
    }

    private static String normalized(String file) {
        return file.replace('\\', '/');
    }
}
