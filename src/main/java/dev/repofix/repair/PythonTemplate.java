package dev.repofix.repair;

import java.util.List;
import java.util.Optional;

/**
 * A fix template for Python that works on the file's syntax tree as Python's own {@code ast}
 * gives it ({@link PythonTrees}): one family of {@link PythonFamilies}, named in reports.
 * Proposes nothing for a file without a tree.
 */
final class PythonTemplate implements FixTemplate {
    private final String name;
    private final PythonTrees trees;
    private final Family family;

    /** One family's edits of a line, most likely first. */
    interface Family {
        void propose(PythonTree tree, int line, PythonEdits edits);
    }

    PythonTemplate(String name, PythonTrees trees, Family family) {
        this.name = name;
        this.trees = trees;
        this.family = family;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public List<LineEdit> propose(SourceFile file, int line) {
        file.line(line);
        Optional<PythonTree> tree = trees.of(file);
        if (tree.isEmpty()) {
            return List.of();
        }
        PythonEdits edits = new PythonEdits(tree.get(), line);
        family.propose(tree.get(), line, edits);
        return edits.toList();
    }
}
