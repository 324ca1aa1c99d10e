package dev.repofix.repair;

import java.util.List;

/** The builtin fix templates, and all their edits of a line at once. Lists returned are immutable, never null. */
public final class FixTemplates {
    private FixTemplates() {}

    /** All templates, most productive first: relational-op, negate-condition, off-by-one, logical-op. */
    public static List<FixTemplate> defaults() {
        return List.of(new RelationalOperatorTemplate(), new NegateConditionTemplate(), new OffByOneTemplate(),
                new LogicalOperatorTemplate());
    }

    /**
     * The edits of every default template for 1-based {@code line}, in template order; an
     * edit whose text an earlier one already proposed is dropped.
     *
     * @throws IllegalArgumentException when {@code line} is not a line of {@code file}
     */
    public static List<LineEdit> propose(SourceFile file, int line) {
        return propose(defaults(), file, line);
    }

    /** The same for a chosen list of templates, e.g. a subset a run is configured with. */
    public static List<LineEdit> propose(List<FixTemplate> templates, SourceFile file, int line) {
        DistinctEdits edits = new DistinctEdits(file, line);
        for (FixTemplate template : templates) {
            template.propose(file, line).forEach(edits::add);
        }
        return edits.toList();
    }
}
