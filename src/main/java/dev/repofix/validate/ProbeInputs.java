package dev.repofix.validate;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Inputs for a probe of two patches: the failing tests' own calls of the changed method
 * (those whose arguments are all literals), then each of them with one argument changed at a
 * time, to the test's other values at that place, its integers plus and minus one, and per
 * type the values tests tend to miss: 0, 1, -1, the extremes, empty and one-element strings
 * and sequences, negatives, null / None. Pure: arguments are source text in the probe's language.
 */
public final class ProbeInputs {
    /** The language the argument texts are written in. */
    public enum Language { JAVA, PYTHON }

    /** What kind of value a parameter takes, which says which boundaries to try. */
    public enum Kind { INTEGER, DECIMAL, BOOLEAN, TEXT, INT_SEQUENCE, OTHER }

    /**
     * One parameter of the changed method.
     *
     * @param kind     what kind of value it takes
     * @param javaType its declared type in Java ({@code int}, {@code long[]}, {@code List<Integer>}); empty in Python
     */
    public record Parameter(Kind kind, String javaType) {
        public Parameter {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(javaType, "javaType");
        }

        private boolean primitive() {
            return javaType.matches("int|long|short|byte|double|float|boolean|char");
        }
    }

    private static final Pattern INTEGER = Pattern.compile("-?\\s*\\d+[lL]?");

    private ProbeInputs() {}

    /**
     * The argument lists to try, the tests' own first, at most {@code max}, without repeats.
     *
     * @param testCalls the tests' calls, each its argument texts, all literals, as many as {@code parameters}
     */
    public static List<List<String>> derive(Language language, List<Parameter> parameters, List<List<String>> testCalls,
            int max) {
        Set<List<String>> out = new LinkedHashSet<>();
        List<List<String>> bases = testCalls.stream().filter(c -> c.size() == parameters.size()).toList();
        if (bases.isEmpty() && language == Language.JAVA) {
            bases = List.of(parameters.stream().map(p -> defaultValue(p)).toList());
        }
        bases.forEach(out::add);
        for (List<String> base : bases) {
            for (int i = 0; i < parameters.size(); i++) {
                for (String value : variants(language, parameters.get(i), i, bases)) {
                    List<String> changed = new ArrayList<>(base);
                    changed.set(i, value);
                    out.add(List.copyOf(changed));
                }
            }
        }
        return out.stream().limit(max).toList();
    }

    /** The values to try at place {@code i}: the tests' own, their neighbours, then the type's boundaries. */
    static List<String> variants(Language language, Parameter p, int i, List<List<String>> bases) {
        Set<String> out = new LinkedHashSet<>();
        for (List<String> base : bases) {
            out.add(base.get(i));
        }
        if (p.kind() == Kind.INTEGER) {
            for (List<String> base : bases) {
                String own = base.get(i).strip();
                if (INTEGER.matcher(own).matches()) {
                    long v = Long.parseLong(own.replaceAll("[\\slL]", ""));
                    out.add(Long.toString(v + 1));
                    out.add(Long.toString(v - 1));
                }
            }
        }
        out.addAll(boundaries(language, p, bases.isEmpty() ? "0" : firstElement(bases.get(0).get(i))));
        return List.copyOf(out);
    }

    private static List<String> boundaries(Language language, Parameter p, String element) {
        boolean java = language == Language.JAVA;
        List<String> out = new ArrayList<>(switch (p.kind()) {
            case INTEGER -> java ? List.of("0", "1", "-1", extreme(p.javaType(), "MIN_VALUE"),
                    extreme(p.javaType(), "MAX_VALUE")) : List.of("0", "1", "-1", "-2**63", "2**63 - 1");
            case DECIMAL -> java ? List.of("0.0", "1.0", "-1.0", "-0.5") : List.of("0.0", "1.0", "-1.0", "-0.5");
            case BOOLEAN -> java ? List.of("true", "false") : List.of("True", "False");
            case TEXT -> List.of("\"\"", "\"a\"", "\" \"");
            case INT_SEQUENCE -> java ? javaSequences(p.javaType(), element) : List.of("[]", "[" + element + "]", "[-1]",
                    "[" + element + ", " + element + "]");
            case OTHER -> List.of();
        });
        if (!java) {
            out.add("None");
        } else if (!p.primitive()) {
            out.add("null");
        }
        return out;
    }

    private static List<String> javaSequences(String type, String element) {
        if (type.endsWith("[]")) {
            String of = type.substring(0, type.length() - 2);
            String cast = of.equals("int") ? "" : "(" + of + ") ";
            return List.of("new " + type + "{}", "new " + type + "{" + cast + element + "}", "new " + type + "{" + cast
                    + "-1}", "new " + type + "{" + cast + element + ", " + cast + element + "}");
        }
        return List.of("java.util.List.of()", "java.util.List.of(" + element + ")", "java.util.List.of(-1)",
                "java.util.List.of(" + element + ", " + element + ")");
    }

    /** {@code Integer.MIN_VALUE} and the like for the declared integral type. */
    private static String extreme(String type, String which) {
        return switch (type) {
            case "long", "Long" -> "Long." + which;
            case "short", "Short" -> "(short) Short." + which;
            case "byte", "Byte" -> "(byte) Byte." + which;
            default -> "Integer." + which;
        };
    }

    /** The first element of a sequence literal ({@code 5} of {@code new int[]{5, 6}}, {@code [5, 6]}), else 0. */
    static String firstElement(String sequence) {
        int open = Math.max(sequence.indexOf('{'), sequence.indexOf('['));
        if (open < 0 && sequence.contains("(")) {
            open = sequence.indexOf('(');
        }
        if (open < 0) {
            return "0";
        }
        String rest = sequence.substring(open + 1);
        int end = rest.indexOf(',');
        if (end < 0) {
            end = Math.max(Math.max(rest.indexOf('}'), rest.indexOf(']')), rest.indexOf(')'));
        }
        String first = end < 0 ? "" : rest.substring(0, end).strip();
        return INTEGER.matcher(first).matches() ? first : "0";
    }

    private static String defaultValue(Parameter p) {
        return switch (p.kind()) {
            case INTEGER -> p.javaType().matches("long|Long") ? "0L" : "0";
            case DECIMAL -> "0.0";
            case BOOLEAN -> "false";
            case TEXT -> "\"\"";
            case INT_SEQUENCE -> javaSequences(p.javaType(), "0").get(0);
            case OTHER -> p.primitive() ? "0" : "null";
        };
    }
}
