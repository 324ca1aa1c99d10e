package dev.repofix.repair.templates.python;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.repair.source.PythonTree;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fix template for Python that works on the file's syntax tree as Python's own {@code ast}
 * gives it ({@link PythonTrees}): one family of edits over the nodes {@code py_sites.py}
 * reports, named in reports. Proposes nothing for a file without a tree. Every edit is
 * type-plausible under simple rules: no ordering against None, a bool or a str literal; no
 * arithmetic on None, a bool, a str, list, tuple or dict, whether a literal or a name known
 * to hold one (annotated so, or assigned only such literals); no module flag, metadata or
 * dunder in place of a variable.
 */
abstract class PythonTemplate implements FixTemplate {
    static final Set<String> NOT_ARITHMETIC = Set.of("none", "bool", "str", "list", "dict", "tuple");

    private final PythonTrees trees;

    PythonTemplate(PythonTrees trees) {
        this.trees = trees;
    }

    @Override
    public final List<LineEdit> propose(SourceFile file, int line) {
        file.line(line);
        Optional<PythonTree> tree = trees.of(file);
        if (tree.isEmpty()) {
            return List.of();
        }
        PythonEdits edits = new PythonEdits(tree.get(), line);
        propose(tree.get(), line, edits);
        return edits.toList();
    }

    /** Offers this family's edits of 1-based {@code line}, most likely first. */
    abstract void propose(PythonTree tree, int line, PythonEdits edits);

    /** The kinds py_sites.py gave a node's operands, in order. */
    static List<String> kinds(JsonNode node) {
        List<String> out = new ArrayList<>();
        node.path("kinds").forEach(k -> out.add(k.asText()));
        return out;
    }

    /** Offset of an operator matching {@code regex} between two operands, or -1. */
    static int operator(PythonTree tree, JsonNode left, JsonNode right, String regex) {
        int[] at = operatorRange(tree, left, right, regex);
        return at == null ? -1 : at[0];
    }

    static int[] operatorRange(PythonTree tree, JsonNode left, JsonNode right, String regex) {
        int from = tree.end(left);
        int to = tree.begin(right);
        if (from > to) {
            return null;
        }
        Matcher m = Pattern.compile(regex).matcher(tree.text().substring(from, to));
        return m.find() ? new int[] {from + m.start(), from + m.end()} : null;
    }
}
