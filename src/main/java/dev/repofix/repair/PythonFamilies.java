package dev.repofix.repair;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Python fix families, each a {@link PythonTemplate.Family} over the nodes
 * {@code py_sites.py} reports. Every edit is type-plausible under simple rules: no ordering
 * against None, a bool or a str literal; no arithmetic on None, a bool, a str, list, tuple or
 * dict, whether a literal or a name known to hold one (annotated so, or assigned only such
 * literals); no module flag, metadata or dunder in place of a variable.
 */
final class PythonFamilies {
    private PythonFamilies() {}

    private static final Map<String, List<String>> ARITHMETIC = Map.of(
            "+", List.of("-", "*"),
            "-", List.of("+", "*"),
            "*", List.of("/", "+", "-", "//"),
            "/", List.of("//", "*", "-", "+"),
            "//", List.of("/", "*", "%"),
            "%", List.of("//", "*"));
    /** Operators that never order: each into its opposite. */
    private static final Map<String, List<String>> IDENTITY = Map.of(
            "==", List.of("!="), "!=", List.of("=="), "is", List.of("is not"), "is not", List.of("is"),
            "in", List.of("not in"), "not in", List.of("in"));
    private static final Set<String> NOT_ORDERED = Set.of("none", "bool", "str", "list", "dict", "tuple");
    private static final Set<String> SEQUENCES = Set.of("str", "list", "tuple");
    private static final Set<String> NOT_ARITHMETIC = Set.of("none", "bool", "str", "list", "dict", "tuple");
    /** What a module's flags and metadata hold ({@code TYPE_CHECKING = False}, {@code VERSION = "1.2"}). */
    private static final Set<String> FLAG_KINDS = Set.of("none", "bool", "str");
    private static final Map<String, List<String>> SIMILAR = SimilarNames.with(Map.ofEntries(
            Map.entry("min", List.of("max")), Map.entry("max", List.of("min")),
            Map.entry("startswith", List.of("endswith")), Map.entry("endswith", List.of("startswith")),
            Map.entry("append", List.of("extend")), Map.entry("extend", List.of("append")),
            Map.entry("find", List.of("rfind")), Map.entry("rfind", List.of("find")),
            Map.entry("index", List.of("rindex")), Map.entry("rindex", List.of("index")),
            Map.entry("lower", List.of("upper")), Map.entry("upper", List.of("lower")),
            Map.entry("strip", List.of("lstrip", "rstrip")), Map.entry("lstrip", List.of("strip", "rstrip")),
            Map.entry("rstrip", List.of("strip", "lstrip")), Map.entry("split", List.of("rsplit")),
            Map.entry("rsplit", List.of("split")), Map.entry("any", List.of("all")), Map.entry("all", List.of("any")),
            Map.entry("floor", List.of("ceil")), Map.entry("ceil", List.of("floor")),
            Map.entry("remove", List.of("discard")), Map.entry("discard", List.of("remove")),
            Map.entry("keys", List.of("values", "items")), Map.entry("values", List.of("keys", "items")),
            Map.entry("sorted", List.of("reversed")), Map.entry("reversed", List.of("sorted"))),
            // bisect, heapq, dates, str and set methods
            "bisect_left bisect_right", "insort_left insort_right", "nlargest nsmallest", "weekday isoweekday",
            "removeprefix removesuffix", "ljust rjust", "partition rpartition", "islower isupper",
            "issubset issuperset", "union intersection");
    /** Methods of str: a guard before them may return the empty string. */
    private static final Set<String> STR_METHODS = Set.of("strip", "lstrip", "rstrip", "lower", "upper", "split",
            "startswith", "endswith", "replace", "title", "capitalize", "casefold", "encode", "format", "join");

    /**
     * "arithmetic-op": {@code + - * / // %} into one another, {@code /} and {@code //} first
     * for each other. With a str, list or tuple operand only {@code +} (concatenation) is
     * offered: {@code s.upper() - "!"} -> {@code s.upper() + "!"}. Never {@code * 1}.
     */
    static void arithmetic(PythonTree tree, int line, PythonEdits edits) {
        for (String k : List.of("binop", "augassign")) {
            for (JsonNode b : tree.nodesOn(line, k)) {
                String op = b.path("op").asText();
                List<String> kinds = kinds(b);
                boolean sequence = kinds.stream().anyMatch(SEQUENCES::contains)
                        && kinds.stream().noneMatch(kind -> kind.equals("none") || kind.equals("bool")
                        || kind.equals("dict"));
                if (!ARITHMETIC.containsKey(op) || !sequence && kinds.stream().anyMatch(NOT_ARITHMETIC::contains)) {
                    continue;
                }
                String symbol = k.equals("augassign") ? op + "=" : op;
                int at = operator(tree, b.get("left"), b.get("right"), Pattern.quote(symbol));
                for (String r : !sequence ? ARITHMETIC.get(op) : op.equals("+") ? List.<String>of() : List.of("+")) {
                    // `k * 1` is `k` in other words, which off-by-one offers when it drops `- 1`
                    boolean identity = r.equals("*") && b.path("rightValue").asInt(0) == 1;
                    if (at >= 0 && !identity) {
                        String to = k.equals("augassign") ? r + "=" : r;
                        edits.replace(at, at + symbol.length(), to, "`" + symbol + "` -> `" + to + "`");
                    }
                }
            }
        }
    }

    /**
     * "relational-op": a comparison's operator changed; orderings only between operands that
     * may be ordered (never None, a bool, a str or a container literal), else only
     * {@code ==}/{@code !=}, {@code is}/{@code is not}, {@code in}/{@code not in}.
     */
    static void relational(PythonTree tree, int line, PythonEdits edits) {
        // the replacements of every operator on the line by tier, as the token template orders
        // them: boundary twins (`<` and `<=`) of all comparisons before any direction flip
        List<Comparison> comparisons = new ArrayList<>();
        List<JsonNode> nots = tree.nodesOn(line, "not");
        for (JsonNode c : tree.nodesOn(line, "compare")) {
            // `not (a < b)`: a new operator there is written as its complement without the `not`
            JsonNode not = c.get("ops").size() != 1 ? null : nots.stream()
                    .filter(n -> n.get("operand").equals(c.get("r"))).findFirst().orElse(null);
            List<String> kinds = kinds(c);
            JsonNode operands = c.get("operands");
            for (int i = 0; i < c.get("ops").size(); i++) {
                String op = c.get("ops").get(i).asText();
                boolean ordered = !NOT_ORDERED.contains(kinds.get(i)) && !NOT_ORDERED.contains(kinds.get(i + 1));
                int[] range = operatorRange(tree, operands.get(i), operands.get(i + 1), op.replace(" ", "\\s+"));
                if (range != null && (IDENTITY.containsKey(op) || ordered)) {
                    comparisons.add(new Comparison(range, op, ordered && RelationalOperatorTemplate.REPLACEMENTS
                            .containsKey(op) ? RelationalOperatorTemplate.REPLACEMENTS.get(op)
                            : List.of(List.of(), IDENTITY.get(op), List.of()),
                            lastWord(tree.source(operands.get(i))), firstWord(tree.source(operands.get(i + 1))), not));
                }
            }
        }
        for (int tier = 0; tier < RelationalOperatorTemplate.TIERS; tier++) {
            for (int k = 0; k < RelationalOperatorTemplate.WIDEST; k++) {
                for (Comparison c : comparisons) {
                    if (k < c.tiers().get(tier).size()) {
                        c.replace(tree, c.tiers().get(tier).get(k), comparisons, edits);
                    }
                }
            }
        }
    }

    /**
     * One operator of a comparison on the line: where it is, its replacements by tier, the
     * words on either side (to name it when it is on the line twice) and the {@code not}
     * directly around its comparison, if any.
     */
    private record Comparison(int[] at, String op, List<List<String>> tiers, String before, String after,
            JsonNode not) {
        void replace(PythonTree tree, String r, List<Comparison> line, PythonEdits edits) {
            if (not != null && RelationalOperatorTemplate.COMPLEMENT.containsKey(r)) {
                String full = tree.source(not.get("r"));
                String kept = tree.text().substring(tree.begin(not.get("operand")), at[0])
                        + RelationalOperatorTemplate.COMPLEMENT.get(r)
                        + tree.text().substring(at[1], tree.end(not.get("operand")));
                edits.replace(not.get("r"), kept, "`" + full + "` -> `" + kept + "` (`" + op + "` -> `" + r
                        + "` under `not`)");
                return;
            }
            // an operator that is on the line twice is named with the words around it
            boolean twice = line.stream().filter(c -> c.op.equals(op)).count() > 1;
            String b = twice ? before + " " : "";
            String a = twice ? " " + after : "";
            edits.replace(at[0], at[1], r, "`" + b + op + a + "` -> `" + b + r + a + "`");
        }
    }

    /** "off-by-one": an offset of 1 dropped, an integer literal moved by one, a range bound or an index moved by one. */
    static void offByOne(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode b : tree.nodesOn(line, "binop")) {
            String op = b.path("op").asText();
            if ((op.equals("+") || op.equals("-")) && b.path("rightValue").asInt(0) == 1) {
                edits.replace(b.get("r"), tree.source(b.get("left")), "`" + tree.source(b.get("r")) + "` -> `"
                        + tree.source(b.get("left")) + "`");
            }
        }
        // the 1 of `x + 1` moves away from zero only: toward zero it is the removal above
        Set<Integer> offsets = new HashSet<>();
        for (JsonNode b : tree.nodesOn(line, "binop")) {
            String op = b.path("op").asText();
            if ((op.equals("+") || op.equals("-")) && b.path("rightValue").asInt(0) == 1) {
                offsets.add(tree.begin(b.get("right")));
            }
        }
        for (JsonNode n : tree.nodesOn(line, "int")) {
            long v = n.get("value").asLong();
            if (v == 1 && offsets.contains(tree.begin(n.get("r")))) {
                String up = Shifts.grouped(2, tree.source(n.get("r")));
                edits.replace(n.get("r"), up, "`" + tree.source(n.get("r")) + "` -> `" + up + "`");
                continue;
            }
            String like = tree.source(n.get("r"));
            String up = Shifts.grouped(v + 1, like);
            edits.replace(n.get("r"), up, "`" + like + "` -> `" + up + "`");
            if (v != 0) { // 0 - 1 would make a non-negative literal negative
                String down = Shifts.grouped(v - 1, like);
                edits.replace(n.get("r"), down, "`" + like + "` -> `" + down + "`");
            }
        }
        for (String k : List.of("bound", "index")) {
            for (JsonNode n : tree.nodesOn(line, k)) {
                // a number literal moves above; `None + 1` and `"key" + 1` raise TypeError
                if (!n.path("literal").isNull() || NOT_ARITHMETIC.contains(n.path("type").asText())) {
                    continue;
                }
                String text = tree.source(n.get("r"));
                String operand = text.matches("[\\w.]+(\\(.*\\)|\\[.*])?") ? text : "(" + text + ")";
                for (String delta : List.of(" + 1", " - 1")) {
                    edits.replace(n.get("r"), operand + delta, "`" + text + "` -> `" + operand + delta + "`");
                }
            }
        }
    }

    /** "logical-op": {@code and} and {@code or} into each other. */
    static void logical(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode b : tree.nodesOn(line, "boolop")) {
            String op = b.get("op").asText();
            String to = op.equals("and") ? "or" : "and";
            JsonNode values = b.get("values");
            for (int i = 0; i + 1 < values.size(); i++) {
                int at = operator(tree, values.get(i), values.get(i + 1), "\\b" + op + "\\b");
                if (at >= 0) {
                    edits.replace(at, at + op.length(), to, "`" + op + "` -> `" + to + "`");
                }
            }
        }
    }

    /**
     * "wrong-variable": a name read replaced by another name in scope, names of the same
     * shape first (both parameters, or both assigned from the same kind of expression);
     * {@code self.a} by another attribute of the class.
     */
    static void wrongVariable(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode n : tree.nodesOn(line, "name")) {
            String shape = n.path("shape").asText();
            if (shape.isEmpty()) {
                continue;
            }
            String name = n.get("id").asText();
            for (String other : byShape(n, shape)) {
                edits.replace(n.get("r"), other, "`" + name + "` -> `" + other + "`");
            }
        }
        for (JsonNode a : tree.nodesOn(line, "selfattr")) {
            String attr = a.get("attr").asText();
            int end = tree.end(a.get("r"));
            for (String other : byShape(a, a.path("shape").asText())) {
                edits.replace(end - attr.length(), end, other, "`self." + attr + "` -> `self." + other + "`");
            }
        }
    }

    /** "missing-self": a bare name that is an attribute the class assigns on {@code self}. */
    static void missingSelf(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode n : tree.nodesOn(line, "name")) {
            if (n.path("selfAttr").asBoolean()) {
                String name = n.get("id").asText();
                edits.replace(n.get("r"), "self." + name, "`" + name + "` -> `self." + name + "`");
            }
        }
    }

    /** "negate-condition": an {@code if}/{@code while}/conditional-expression test negated, or a {@code not} dropped. */
    static void negate(PythonTree tree, int line, PythonEdits edits) {
        Set<JsonNode> negations = new HashSet<>();
        tree.nodesOn(line, "not").forEach(n -> negations.add(n.get("r")));
        for (JsonNode c : tree.nodesOn(line, "cond")) {
            if (negations.contains(c.get("r"))) {
                continue; // a test that is a `not` is negated by dropping it (below), never by `not (not ...)`
            }
            String text = tree.source(c.get("r"));
            String negated = c.path("primary").asBoolean() ? "not " + text : "not (" + text + ")";
            edits.replace(c.get("r"), negated, "`" + text + "` -> `" + negated + "`");
        }
        Set<JsonNode> looser = new HashSet<>();
        tree.nodesOn(line, "boolop").forEach(n -> looser.add(n.get("r")));
        for (JsonNode n : tree.nodesOn(line, "not")) {
            // the operand alone where it binds tighter than `not` (a comparison, a call, a
            // name): `not (a < b)` -> `a < b`; else the text after `not`, parentheses kept
            String full = tree.source(n.get("r"));
            String operand = tree.source(n.get("operand"));
            boolean bare = !looser.contains(n.get("operand")) && !operand.contains(" if ")
                    && !operand.startsWith("lambda") && !operand.contains(":=");
            String kept = bare ? operand : full.substring(3).stripLeading();
            edits.replace(n.get("r"), kept, "`" + full + "` -> `" + kept + "`");
        }
    }

    /**
     * "none-check": for a name dereferenced on the line ({@code x.attr}, {@code x[i]},
     * {@code len(x)}), a guard {@code if x is None: return <value>} above its statement, at
     * its indentation: None first, then a default that fits what the function returns elsewhere
     * or the str method called.
     */
    static void noneCheck(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode d : tree.nodesOn(line, "deref")) {
            JsonNode statement = tree.statementOn(d.get("r").get(0).asInt()).orElse(null);
            if (statement == null || !statement.path("inFunction").asBoolean()) {
                continue;
            }
            String name = d.get("name").asText();
            String indent = edits.indentOf(statement.get("r").get(0).asInt());
            String unit = indent.contains("\t") ? "\t" : "    ";
            for (String value : defaults(statement.get("returns"), d.get("method").asText())) {
                String exit = value.isEmpty() ? "return" : "return " + value;
                edits.insertBefore(statement, List.of("if " + name + " is None:", unit + exit),
                        exit + " early when `" + name + "` is None");
            }
        }
    }

    /** "return-value": {@code return True} and {@code return False} flipped; {@code return x} to another name of its shape. */
    static void returnValue(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode r : tree.nodesOn(line, "return")) {
            String literal = r.path("literal").asText();
            if (literal.equals("True") || literal.equals("False")) {
                String to = literal.equals("True") ? "False" : "True";
                int end = tree.end(r.get("r"));
                edits.replace(end - literal.length(), end, to, "`return " + literal + "` -> `return " + to + "`");
            }
        }
        for (JsonNode n : tree.nodesOn(line, "name")) {
            boolean returned = tree.nodesOn(line, "return").stream().anyMatch(r -> r.path("name").asText()
                    .equals(n.get("id").asText()) && tree.end(r.get("r")) == tree.end(n.get("r")));
            if (returned && !n.path("shape").asText().isEmpty()) {
                for (String other : byShape(n, n.get("shape").asText())) {
                    edits.replace(n.get("r"), other, "`return " + n.get("id").asText() + "` -> `return " + other + "`");
                }
            }
        }
    }

    /** "similar-method": {@code min}/{@code max}, {@code startswith}/{@code endswith}, {@code strip}/{@code rstrip}... */
    static void similarMethod(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode c : tree.nodesOn(line, "call")) {
            String name = c.get("name").asText();
            for (String other : SIMILAR.getOrDefault(name, List.of())) {
                edits.replace(c.get("nameRange"), other, "`" + name + "` -> `" + other + "`");
            }
        }
    }

    /** "swap-args": two neighbouring positional arguments of a call swapped. */
    static void swapArguments(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode c : tree.nodesOn(line, "call")) {
            JsonNode args = c.get("args");
            for (int i = 0; i + 1 < args.size(); i++) {
                int from = tree.begin(args.get(i));
                int to = tree.end(args.get(i + 1));
                String a = tree.source(args.get(i));
                String b = tree.source(args.get(i + 1));
                String between = tree.text().substring(tree.end(args.get(i)), tree.begin(args.get(i + 1)));
                edits.replace(from, to, b + between + a, "`" + a + ", " + b + "` -> `" + b + ", " + a + "`");
            }
        }
    }

    /** "remove-statement": an expression statement or an assignment that starts on the line, unless alone in its block. */
    static void removeStatement(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode s : tree.nodesOn(line, "stmt")) {
            String type = s.path("type").asText();
            if (s.get("r").get(0).asInt() == line && !s.path("alone").asBoolean()
                    && Set.of("Expr", "Assign", "AugAssign", "AnnAssign").contains(type)) {
                edits.remove(s, "statement removed");
            }
        }
    }

    private static String lastWord(String text) {
        Matcher m = Pattern.compile("[\\w.]+$").matcher(text);
        return m.find() ? m.group() : text;
    }

    private static String firstWord(String text) {
        Matcher m = Pattern.compile("^[\\w.']+").matcher(text);
        return m.find() ? m.group() : text;
    }

    private static List<String> kinds(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.path("kinds").forEach(k -> out.add(k.asText()));
        return out;
    }

    /**
     * The names that may stand for a name node's name: of the same shape first, then
     * parameters, then the rest (other locals before the module's globals); at most six.
     * Only names of a plausible kind: never a dunder ({@code __all__}, {@code __version__}),
     * never a name known to hold another kind of value than the name it replaces, and never
     * a module flag or metadata ({@code TYPE_CHECKING = False}, {@code NAME = "demo"}: an
     * ALL_CAPS global holding a bool, None or a str) unless the name is known to hold that kind.
     */
    private static List<String> byShape(JsonNode node, String shape) {
        JsonNode names = node.get("others");
        JsonNode shapes = node.get("shapes");
        String type = node.path("type").asText();
        List<String> same = new ArrayList<>();
        List<String> params = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            String s = shapes.get(i).asText();
            String name = names.get(i).asText();
            String otherType = node.path("types").path(i).asText();
            boolean dunder = name.startsWith("__") && name.endsWith("__");
            boolean otherKind = !type.isEmpty() && !otherType.isEmpty() && !type.equals(otherType);
            boolean flag = s.equals("global") && FLAG_KINDS.contains(otherType) && !otherType.equals(type)
                    && name.equals(name.toUpperCase(java.util.Locale.ROOT));
            if (!dunder && !otherKind && !flag) {
                (s.equals(shape) ? same : s.equals("param") ? params : rest).add(name);
            }
        }
        same.addAll(params);
        same.addAll(rest);
        return same.subList(0, Math.min(6, same.size()));
    }

    /** What a guard returns: None (or nothing) first, then what the function returns elsewhere, then by the method. */
    private static Set<String> defaults(JsonNode returns, String method) {
        Set<String> out = new LinkedHashSet<>();
        out.add("None");
        for (JsonNode r : returns) {
            switch (r.asText()) {
                case "num" -> out.add("0");
                case "str" -> out.add("''");
                case "bool" -> out.add("False");
                case "list" -> out.add("[]");
                case "dict" -> out.add("{}");
                case "tuple" -> out.add("()");
                default -> { }
            }
        }
        if (STR_METHODS.contains(method)) {
            out.add("''");
        }
        if (method.equals("len")) {
            out.add("0");
        }
        return out;
    }

    /** Offset of an operator matching {@code regex} between two operands, or -1. */
    private static int operator(PythonTree tree, JsonNode left, JsonNode right, String regex) {
        int[] at = operatorRange(tree, left, right, regex);
        return at == null ? -1 : at[0];
    }

    private static int[] operatorRange(PythonTree tree, JsonNode left, JsonNode right, String regex) {
        int from = tree.end(left);
        int to = tree.begin(right);
        if (from > to) {
            return null;
        }
        Matcher m = Pattern.compile(regex).matcher(tree.text().substring(from, to));
        return m.find() ? new int[] {from + m.start(), from + m.end()} : null;
    }
}
