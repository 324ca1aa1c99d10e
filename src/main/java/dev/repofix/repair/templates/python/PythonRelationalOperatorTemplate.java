package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.templates.RelationalOperatorTemplate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * "relational-op": a comparison's operator changed; orderings only between operands that
 * may be ordered (never None, a bool, a str or a container literal), else only
 * {@code ==}/{@code !=}, {@code is}/{@code is not}, {@code in}/{@code not in}.
 */
final class PythonRelationalOperatorTemplate extends PythonTemplate {
    /** Operators that never order: each into its opposite. */
    private static final Map<String, List<String>> IDENTITY = Map.of(
            "==", List.of("!="), "!=", List.of("=="), "is", List.of("is not"), "is not", List.of("is"),
            "in", List.of("not in"), "not in", List.of("in"));
    private static final Set<String> NOT_ORDERED = Set.of("none", "bool", "str", "list", "dict", "tuple");

    PythonRelationalOperatorTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "relational-op";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
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

    private static String lastWord(String text) {
        Matcher m = Pattern.compile("[\\w.]+$").matcher(text);
        return m.find() ? m.group() : text;
    }

    private static String firstWord(String text) {
        Matcher m = Pattern.compile("^[\\w.']+").matcher(text);
        return m.find() ? m.group() : text;
    }
}
