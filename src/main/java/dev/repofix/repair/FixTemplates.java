package dev.repofix.repair;

import java.util.List;
import java.util.function.Function;

/** The builtin fix templates, and all their edits of a line at once. Lists returned are immutable, never null. */
public final class FixTemplates {
    private FixTemplates() {}

    /** All templates, most productive first: relational-op, negate-condition, off-by-one, logical-op. */
    public static List<FixTemplate> defaults() {
        return List.of(new RelationalOperatorTemplate(), new NegateConditionTemplate(), new OffByOneTemplate(),
                new LogicalOperatorTemplate());
    }

    /**
     * The Java templates, which work on the file's syntax tree, in the order of their prior:
     * the commonest one-token fixes first (operator change, off-by-one, wrong variable,
     * negation), then null checks, return values, clauses, calls, constants and the
     * statement-level ones. They share {@code trees}, so a file is parsed once.
     */
    static List<FixTemplate> java(JavaTrees trees) {
        return List.of(new JavaArithmeticOperatorTemplate(trees), new JavaRelationalOperatorTemplate(trees),
                new JavaOffByOneTemplate(trees), new JavaLogicalOperatorTemplate(trees),
                new JavaWrongVariableTemplate(trees), new JavaNegateConditionTemplate(trees),
                new JavaNullCheckTemplate(trees), new JavaReturnValueTemplate(trees),
                new JavaConditionClauseTemplate(trees), new JavaSimilarMethodTemplate(trees),
                new JavaSwapArgumentsTemplate(trees), new JavaWrongConstantTemplate(trees), new JavaCastTemplate(trees),
                new JavaMissingJumpTemplate(trees), new JavaRemoveStatementTemplate(trees));
    }

    /**
     * Templates by file: the syntax-tree templates for a {@code .java} file that parses, the
     * token templates ({@link #defaults}) for every other file, Java that does not parse included.
     */
    static Function<SourceFile, List<FixTemplate>> byLanguage() {
        JavaTrees trees = new JavaTrees();
        List<FixTemplate> java = java(trees);
        List<FixTemplate> tokens = defaults();
        return file -> trees.of(file).isPresent() ? java : tokens;
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
