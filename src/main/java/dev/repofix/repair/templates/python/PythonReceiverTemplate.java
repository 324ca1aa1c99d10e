package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * "receiver": an attribute read on the wrong object, {@code schema.opts} -> {@code self.root.opts}:
 * the receiver replaced by another receiver that the file reads the same attribute on, whose
 * first name is in scope at the line; the receivers the file uses most often first, at most
 * {@value #MAX}. Method calls keep their receiver (similar-method and wrong-variable cover them).
 */
final class PythonReceiverTemplate extends PythonTemplate {
    private static final int MAX = 3;

    PythonReceiverTemplate(PythonTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "receiver";
    }

    @Override
    void propose(PythonTree tree, int line, PythonEdits edits) {
        PythonScope scope = PythonScope.at(tree, line);
        List<JsonNode> reads = tree.nodes("attrread");
        for (JsonNode a : tree.nodesOn(line, "attrread")) {
            if (a.path("called").asBoolean()) {
                continue;
            }
            String attr = a.get("attr").asText();
            String recv = a.get("recvText").asText();
            Map<String, Integer> others = new LinkedHashMap<>();
            for (JsonNode o : reads) {
                String text = o.get("recvText").asText();
                if (o.get("attr").asText().equals(attr) && !text.equals(recv) && scope.isVisible(o.get("root").asText())
                        && !text.endsWith("." + attr)) {
                    others.merge(text, 1, Integer::sum);
                }
            }
            others.entrySet().stream().sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).limit(MAX)
                    .forEach(e -> edits.replace(a.get("recv"), e.getKey(), "`" + recv + "." + attr + "` -> `"
                            + e.getKey() + "." + attr + "`"));
        }
    }
}
