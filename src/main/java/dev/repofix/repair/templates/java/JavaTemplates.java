package dev.repofix.repair.templates.java;

import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.templates.FixTemplate;
import java.util.List;

/** The Java fix templates as a run tries them; see {@link JavaTemplate} for what they share. */
public final class JavaTemplates {
    /**
     * Issue 32's families, built from the code around the line: the proposer gives them the
     * places after every edit of the other families, so that they never take a place one of
     * those had (on the team's bench, interleaved, they pushed a fix past the budget).
     */
    public static final java.util.Set<String> LATER = java.util.Set.of("compound-op", "call-argument", "receiver",
            "type-hierarchy", "wrap-call", "condition-synthesis", "insert-statement");

    private JavaTemplates() {}

    /**
     * The Java templates, which work on the file's syntax tree, in the order of their prior:
     * the commonest one-token fixes first (operator change, off-by-one, wrong variable,
     * negation), then null checks, return values, clauses, calls, constants and the
     * statement-level ones, then the families built from the code around the line (issue 32:
     * bitwise and compound operators, call arguments, receivers, related types, wrapped
     * calls, synthesized conditions, inserted statements). They share {@code trees}, so a file is parsed once.
     */
    public static List<FixTemplate> inPriorOrder(JavaTrees trees) {
        return List.of(new JavaArithmeticOperatorTemplate(trees), new JavaRelationalOperatorTemplate(trees),
                new JavaOffByOneTemplate(trees), new JavaLogicalOperatorTemplate(trees),
                new JavaWrongVariableTemplate(trees), new JavaNegateConditionTemplate(trees),
                new JavaNullCheckTemplate(trees), new JavaReturnValueTemplate(trees),
                new JavaConditionClauseTemplate(trees), new JavaSimilarMethodTemplate(trees),
                new JavaSwapArgumentsTemplate(trees), new JavaWrongConstantTemplate(trees), new JavaCastTemplate(trees),
                new JavaMissingJumpTemplate(trees), new JavaRemoveStatementTemplate(trees),
                // issue 32's families, after today's so that their order on a line is kept
                new JavaCompoundOperatorTemplate(trees), new JavaCallArgumentTemplate(trees),
                new JavaReceiverTemplate(trees), new JavaTypeReplacementTemplate(trees), new JavaWrapCallTemplate(trees),
                new JavaConditionSynthesisTemplate(trees), new JavaInsertStatementTemplate(trees));
    }
}
