package dev.repofix.stage;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The taxonomy of bug types, in one table: what stage 1 names a bug as, what the bug
 * injector's operators record, and what {@code eval report} scores bug identification
 * against. Generic types first, then those of one language, then the multi-library
 * categories of MLDebugging, then {@link #OTHER}. A type read from a model that is not in
 * the table is kept as {@code other: <its text>} ({@link #normalize}), never refused.
 */
public enum BugType {
    LOGIC("logic", "the algorithm or the order of steps is wrong"),
    CONDITION("condition", "a comparison or branch condition is wrong"),
    OFF_BY_ONE("off-by-one", "a bound, index or count is one off"),
    WRONG_OPERATOR("wrong operator", "an arithmetic or other operator is the wrong one"),
    WRONG_VARIABLE("wrong variable", "a variable, field or argument is used in place of another"),
    MISSING_CHECK("missing check", "a guard, validation or special case is missing"),
    WRONG_RETURN("wrong return", "the value returned or a literal is wrong"),
    REFERENCE_ERROR("reference error", "a name, attribute or member that does not exist"),
    TYPE_ERROR("type error", "a value of the wrong type, a bad cast"),
    IMPORT_ERROR("import error", "a missing or wrong import"),
    NULL_DEREFERENCE("null dereference", "a null or None value is used"),
    OUT_OF_BOUNDS("out-of-bounds index", "an index past the end of a sequence"),
    ARITHMETIC_ERROR("arithmetic error", "division by zero, overflow"),
    MISSING_ELEMENT("missing element", "a key or element that is not there"),
    INFINITE_RECURSION("infinite recursion", "recursion or a loop that does not end"),
    WRONG_RESULT("wrong result", "a wrong value with no more specific cause"),
    MISSING_SELF("missing self", "Python: a method without self, or self.x written as x", "python"),
    MUTABLE_DEFAULT("mutable default", "Python: a list or dict default argument shared between calls", "python"),
    INTEGER_DIVISION("integer division", "integer division where a fraction is meant, or the reverse"),
    REFERENCE_EQUALITY("reference equality", "Java: objects compared with == instead of equals", "java"),
    UNCHECKED_OPTIONAL("unchecked optional", "Java: Optional.get() on what may be empty", "java"),
    TYPE_MISMATCH("type mismatch between libraries", "a value of one library's type passed to another"),
    DATA_TRANSFER("data transfer issue", "data lost or changed passing between components"),
    FUNCTION_PARAMETER("function parameter error", "a call with a wrong or missing argument"),
    PARAMETER_CONFIGURATION("parameter configuration error", "a wrong setting or configuration value"),
    FUNCTION_MISUSE("function misuse", "the wrong function, or a function used against its contract"),
    REQUIREMENT_MISUNDERSTANDING("requirement misunderstanding", "the code does something other than asked"),
    OTHER("other", "none of the above");

    private final String label;
    private final String meaning;
    private final Optional<String> language;

    BugType(String label, String meaning) {
        this.label = label;
        this.meaning = meaning;
        this.language = Optional.empty();
    }

    BugType(String label, String meaning, String language) {
        this.label = label;
        this.meaning = meaning;
        this.language = Optional.of(language);
    }

    /** The name cases, answers and reports use. */
    public String label() {
        return label;
    }

    /** What it means, for the stage 1 prompt. */
    public String meaning() {
        return meaning;
    }

    /** The one language the type belongs to; empty for every language. */
    public Optional<String> language() {
        return language;
    }

    /**
     * The type {@code text} names: its label or constant name, in any case, with {@code _},
     * {@code -} and spaces alike; {@code other: ...} is {@link #OTHER}. Empty when none.
     */
    public static Optional<BugType> of(String text) {
        String key = key(text);
        if (key.startsWith("other")) {
            return Optional.of(OTHER);
        }
        return Arrays.stream(values()).filter(t -> key(t.label).equals(key) || key(t.name()).equals(key)).findFirst();
    }

    /**
     * A stage 1 answer's bug type as the taxonomy has it: the label of the type it names,
     * else {@code other: <text>} keeping what was said; blank stays blank.
     */
    public static String normalize(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return t;
        }
        return of(t).map(type -> type == OTHER ? t.toLowerCase(Locale.ROOT).startsWith("other") ? t : "other: " + t
                : type.label).orElse("other: " + t);
    }

    /** The labels, one per line with their meaning, as the stage 1 prompt lists them. */
    public static String listing() {
        StringBuilder out = new StringBuilder();
        for (BugType t : values()) {
            out.append("- ").append(t.label).append(": ").append(t.meaning).append('\n');
        }
        return out.toString();
    }

    /** Every label, in table order. */
    public static List<String> labels() {
        return Arrays.stream(values()).map(BugType::label).toList();
    }

    private static String key(String text) {
        return text.strip().toLowerCase(Locale.ROOT).replaceAll("[\\s_-]+", " ");
    }
}
