package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * "compound-op": bitwise operators into one another ({@code ^} for {@code |} or {@code &},
 * {@code <<} for {@code >>}), in expressions and in compound assignments ({@code ^=} ->
 * {@code &=}); a compound assignment made plain ({@code total += x} -> {@code total = x}),
 * and a plain assignment to a name the function binds made compound ({@code total = x} ->
 * {@code total += x}, {@code -=}) where the name may hold a number; an attribute only where the
 * file updates it so elsewhere ({@code self.size = n} -> {@code self.size += n} beside {@code self.size -= m}).
 */
final class PythonCompoundOperatorTemplate extends PythonTemplate {
    private static final Map<String, List<String>> BITWISE = Map.of(
            "^", List.of("|", "&"), "|", List.of("&", "^"), "&", List.of("|", "^"),
            "<<", List.of(">>"), ">>", List.of("<<"));

    PythonCompoundOperatorTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "compound-op";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        for (JsonNode b : tree.nodesOn(line, "bitop")) {
            String op = b.path("op").asText();
            boolean aug = b.path("aug").asBoolean();
            String symbol = aug ? op + "=" : op;
            int at = operator(tree, b.get("left"), b.get("right"), Pattern.quote(symbol));
            if (at < 0) {
                continue;
            }
            for (String r : BITWISE.getOrDefault(op, List.of())) {
                String to = aug ? r + "=" : r;
                edits.replace(at, at + symbol.length(), to, "`" + symbol + "` -> `" + to + "`");
            }
            if (aug && !op.isEmpty()) {
                edits.replace(at, at + symbol.length(), "=", "`" + symbol + "` -> `=`");
            }
        }
        PythonScope scope = PythonScope.at(tree, line);
        for (JsonNode a : tree.nodesOn(line, "plainassign")) {
            String target = a.path("target").asText();
            if (a.path("attr").asBoolean()) {
                updatedElsewhere(tree, a, target, edits);
                continue;
            }
            boolean number = scope.typeOf(target).equals("num") || scope.typeOf(target).isEmpty()
                    && !NOT_ARITHMETIC.contains(a.path("kind").asText());
            int at = operator(tree, a.get("left"), a.get("right"), "=");
            if (!scope.isLocal(target) || !number || at < 0 || !scope.boundBefore(tree, target, line)) {
                continue;
            }
            for (String to : List.of("+=", "-=")) {
                edits.replace(at, at + 1, to, "`" + target + " =` -> `" + target + " " + to + "`");
            }
        }
    }

    /**
     * An attribute assigned plainly ({@code self.size = n}) where the file updates it with
     * {@code +=} or {@code -=} elsewhere ({@code self.size -= m}): {@code +=}, then {@code -=}.
     */
    private static void updatedElsewhere(PythonTree tree, JsonNode assign, String target, PythonEdits edits) {
        boolean updated = tree.nodes("bitop").stream().anyMatch(b -> b.path("aug").asBoolean()
                && target.equals(b.path("target").asText()) && List.of("+", "-").contains(b.path("op").asText()));
        int at = operator(tree, assign.get("left"), assign.get("right"), "=");
        if (!updated || at < 0) {
            return;
        }
        for (String to : List.of("+=", "-=")) {
            edits.replace(at, at + 1, to, "`" + target + " =` -> `" + target + " " + to + "`");
        }
    }
}
