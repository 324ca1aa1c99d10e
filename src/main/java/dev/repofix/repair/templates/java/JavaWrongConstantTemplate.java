package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.AnnotationExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.LiteralExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.stmt.SwitchEntry;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * "wrong-constant": a literal replaced by another literal of the same kind that the file
 * uses elsewhere, or by a named constant ({@code static final} field) of the same type;
 * a named constant replaced by another of the same type.
 */
final class JavaWrongConstantTemplate extends JavaTemplate {
    private static final int MAX_PER_LITERAL = 5;

    JavaWrongConstantTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "wrong-constant";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        for (LiteralExpr literal : tree.nodesOn(line, LiteralExpr.class)) {
            // Another case's label would be a duplicate label, which does not compile.
            if (literal.isNullLiteralExpr() || literal.findAncestor(AnnotationExpr.class).isPresent()
                    || literal.getParentNode().filter(p -> p instanceof SwitchEntry).isPresent()) {
                continue;
            }
            String source = tree.source(literal);
            Set<String> others = new LinkedHashSet<>();
            tree.unit().findAll(LiteralExpr.class, l -> l.getClass() == literal.getClass()
                    && l.findAncestor(AnnotationExpr.class).isEmpty()).forEach(l -> others.add(tree.source(l)));
            others.remove(source);
            others.stream().limit(MAX_PER_LITERAL).forEach(o -> edits.replace(literal, o, "`" + source + "` -> `" + o + "`"));
            JavaTypes.typeOf(literal, JavaScope.at(literal)).ifPresent(type -> constants(tree, literal, type, "", edits));
        }
        Set<String> constants = constantNames(tree);
        for (NameExpr name : tree.nodesOn(line, NameExpr.class)) {
            if (constants.contains(name.getNameAsString())) {
                JavaScope.at(name).typeOf(name.getNameAsString())
                        .ifPresent(type -> constants(tree, name, type, name.getNameAsString(), edits));
            }
        }
    }

    private static void constants(JavaTree tree, Expression at, String type, String except, JavaEdits edits) {
        for (FieldDeclaration f : tree.unit().findAll(FieldDeclaration.class, f -> f.isStatic() && f.isFinal())) {
            for (VariableDeclarator v : f.getVariables()) {
                Optional<String> visible = JavaScope.at(at).typeOf(v.getNameAsString());
                if (!v.getNameAsString().equals(except) && visible.filter(type::equals).isPresent()
                        && v.getType().asString().equals(type) && !at.isDescendantOf(v)) {
                    edits.replace(at, v.getNameAsString(), "`" + tree.source(at) + "` -> `" + v.getNameAsString() + "`");
                }
            }
        }
    }

    /** Names of the file's {@code static final} fields. */
    private static Set<String> constantNames(JavaTree tree) {
        Set<String> names = new LinkedHashSet<>();
        tree.unit().findAll(FieldDeclaration.class, f -> f.isStatic() && f.isFinal())
                .forEach(f -> f.getVariables().forEach(v -> names.add(v.getNameAsString())));
        return names;
    }
}
