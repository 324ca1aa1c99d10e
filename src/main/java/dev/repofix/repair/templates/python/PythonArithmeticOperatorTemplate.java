package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * "arithmetic-op": {@code + - * / // %} into one another, {@code /} and {@code //} first
 * for each other. With a str, list or tuple operand only {@code +} (concatenation) is
 * offered: {@code s.upper() - "!"} -> {@code s.upper() + "!"}. Never {@code * 1}.
 */
final class PythonArithmeticOperatorTemplate extends PythonTemplate {
    private static final Map<String, List<String>> ARITHMETIC = Map.of(
            "+", List.of("-", "*"),
            "-", List.of("+", "*"),
            "*", List.of("/", "+", "-", "//"),
            "/", List.of("//", "*", "-", "+"),
            "//", List.of("/", "*", "%"),
            "%", List.of("//", "*"));
    private static final Set<String> SEQUENCES = Set.of("str", "list", "tuple");

    PythonArithmeticOperatorTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "arithmetic-op";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
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
}
