package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names a suspected line of a Python file can use, from the facts {@code py_sites.py}
 * reports per file ({@code module}) and per function ({@code func}): the function's
 * parameters and every name it binds, {@code self} in a method, and the module's globals.
 * Never null; {@link #function} is empty at module level.
 */
final class PythonScope {
    private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> KEYWORDS = Set.of("if", "elif", "else", "for", "while", "in", "not", "and",
            "or", "is", "None", "True", "False", "return", "break", "continue", "def", "lambda", "with", "as",
            "del", "pass", "raise", "yield", "await", "async", "try", "except", "finally", "import", "from",
            "global", "nonlocal", "assert", "class", "self");

    private static final Set<String> BUILTINS = Set.of("len", "str", "int", "float", "bool", "list", "dict",
            "set", "tuple", "frozenset", "sorted", "reversed", "min", "max", "sum", "abs", "any", "all", "range",
            "enumerate", "zip", "map", "filter", "isinstance", "issubclass", "type", "repr", "print", "getattr",
            "setattr", "hasattr", "iter", "next", "object", "super", "id", "hash", "round", "divmod");

    private final Optional<JsonNode> function;
    private final JsonNode module;

    private PythonScope(Optional<JsonNode> function, JsonNode module) {
        this.function = function;
        this.module = module;
    }

    /** The scope of 1-based {@code line}: its innermost function, if any, and the module. */
    static PythonScope at(PythonTree tree, int line) {
        JsonNode best = null;
        for (JsonNode f : tree.nodesOn(line, "func")) {
            best = f; // reported outer before inner
        }
        JsonNode module = tree.nodes("module").stream().findFirst().orElse(null);
        return new PythonScope(Optional.ofNullable(best), module);
    }

    Optional<JsonNode> function() {
        return function;
    }

    JsonNode module() {
        return module;
    }

    /** Whether the line is in a method, where {@code self} is bound. */
    boolean inMethod() {
        return function.map(f -> f.path("method").asBoolean()).orElse(false);
    }

    /** A parameter or a name the function binds. */
    boolean isLocal(String name) {
        return function.isPresent() && contains(function.get().path("names"), name);
    }

    /** A local, {@code self} in a method, or a global of the module. */
    boolean isVisible(String name) {
        return isLocal(name) || name.equals("self") && inMethod()
                || module != null && contains(module.path("names"), name);
    }

    /** Whether the function reads or writes {@code text} (a name, or a dotted chain like {@code self.seen}). */
    boolean uses(String text) {
        return function.isPresent() && contains(function.get().path("uses"), text);
    }

    /** The kind py_sites.py knows a local holds (num, str, list, ...); "" when unknown. */
    String typeOf(String name) {
        return function.map(f -> f.path("types").path(name).asText("")).orElse("");
    }

    /** Whether the function uses a local as a number: in arithmetic, an ordering or as an index. */
    boolean isNumeric(String name) {
        return function.isPresent() && contains(function.get().path("numeric"), name);
    }

    /**
     * Whether the function binds {@code name} on a line before {@code line} (a parameter, an
     * assignment, a loop or {@code with} target), so that code put at {@code line} reads a value.
     */
    boolean boundBefore(PythonTree tree, String name, int line) {
        if (function.isEmpty()) {
            return false;
        }
        java.util.regex.Pattern binding = java.util.regex.Pattern.compile("(^|[\\s,(])"
                + java.util.regex.Pattern.quote(name) + "\\s*(=[^=]|[-+*/|&^]=|,.*=| in )|def .*\\b"
                + java.util.regex.Pattern.quote(name) + "\\b|\\bas " + java.util.regex.Pattern.quote(name) + "\\b");
        for (int l = function.get().get("r").get(0).asInt(); l < line; l++) {
            if (binding.matcher(tree.file().line(l)).find()) {
                return true;
            }
        }
        return false;
    }

    /** set, list, dict or deque for a local bound to one by its form; "" otherwise. */
    String collectionOf(String name) {
        return function.map(f -> f.path("collections").path(name).asText("")).orElse("");
    }

    /** The locals named on a line of source text, in the order they appear. */
    Set<String> localsIn(String text) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = IDENTIFIER.matcher(text);
        while (m.find()) {
            boolean attribute = m.start() > 0 && text.charAt(m.start() - 1) == '.';
            if (!attribute && !KEYWORDS.contains(m.group()) && isLocal(m.group())) {
                out.add(m.group());
            }
        }
        return out;
    }

    /** Whether every name {@code text} reads (not an attribute, a keyword or a builtin) is visible here. */
    boolean allVisible(String text) {
        String plain = text.replaceAll("'[^']*'|\"[^\"]*\"", "''");
        Matcher m = IDENTIFIER.matcher(plain);
        while (m.find()) {
            boolean attribute = m.start() > 0 && plain.charAt(m.start() - 1) == '.';
            String name = m.group();
            if (!attribute && !KEYWORDS.contains(name) && !BUILTINS.contains(name) && !isVisible(name)) {
                return false;
            }
        }
        return true;
    }

    static boolean contains(JsonNode array, String value) {
        for (JsonNode n : array) {
            if (n.asText().equals(value)) {
                return true;
            }
        }
        return false;
    }
}
