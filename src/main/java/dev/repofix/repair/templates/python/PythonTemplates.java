package dev.repofix.repair.templates.python;

import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.templates.FixTemplate;
import java.util.List;

/** The Python fix templates as a run tries them; see {@link PythonTemplate} for what they share. */
public final class PythonTemplates {
    /**
     * Issue 32's families: the proposer gives them the places after every edit of the other
     * families on all suspected lines, as Java's ({@code JavaTemplates.LATER}); mixed in per
     * line they pushed a wrong-variable fix of the bench past the budget.
     */
    public static final java.util.Set<String> LATER = java.util.Set.of("type-test", "swap-names", "compound-op",
            "wrap-call", "receiver", "missing-jump", "condition-synthesis", "call-argument", "insert-statement");

    private PythonTemplates() {}

    /**
     * The Python templates, on the syntax tree Python's own {@code ast} gives, in the order of
     * their prior: operator changes and off-by-one first, then wrong names, negation, None
     * guards, return values, calls and statement removal, then the families that build code from
     * the file's own names and calls (type tests, pairs, bitwise and compound operators, wrapped
     * calls, receivers, jumps, conditions, call arguments, inserted statements). They share {@code trees}, so a file
     * is parsed once.
     */
    public static List<FixTemplate> inPriorOrder(PythonTrees trees) {
        return List.of(new PythonArithmeticOperatorTemplate(trees), new PythonRelationalOperatorTemplate(trees),
                new PythonOffByOneTemplate(trees), new PythonLogicalOperatorTemplate(trees),
                new PythonWrongVariableTemplate(trees), new PythonMissingSelfTemplate(trees),
                new PythonNegateConditionTemplate(trees), new PythonNoneCheckTemplate(trees),
                new PythonReturnValueTemplate(trees), new PythonSimilarMethodTemplate(trees),
                new PythonSwapArgumentsTemplate(trees), new PythonRemoveStatementTemplate(trees),
                // issue 32's families, after today's so they take no earlier template's place on a
                // line: the narrow ones (a type test, a pair) before those with many edits
                new PythonTypeTestTemplate(trees), new PythonSwapNamesTemplate(trees),
                new PythonCompoundOperatorTemplate(trees), new PythonWrapCallTemplate(trees),
                new PythonReceiverTemplate(trees), new PythonMissingJumpTemplate(trees),
                new PythonConditionSynthesisTemplate(trees), new PythonCallArgumentTemplate(trees),
                new PythonInsertStatementTemplate(trees));
    }
}
