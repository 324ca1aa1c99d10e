package dev.repofix.repair.templates.java;

import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.InstanceOfExpr;
import com.github.javaparser.ast.type.ClassOrInterfaceType;
import com.github.javaparser.ast.type.ReferenceType;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import java.util.ArrayList;
import java.util.List;

/**
 * "type-hierarchy": the type of an {@code instanceof} test or of a cast replaced by a relative
 * from its own hierarchy: its supertypes nearest first ({@code instanceof ArrayList} ->
 * {@code instanceof List}, then {@code Collection}), then its subtypes. The hierarchy is
 * the file's own declarations, else a table of the JDK's collections, numbers, text and
 * exceptions ({@link JavaTypeHierarchy}); type arguments are kept as written.
 */
final class JavaTypeReplacementTemplate extends JavaTemplate {
    private static final int MAX_PER_TYPE = 4;

    JavaTypeReplacementTemplate(JavaTrees trees) {
        super(trees);
    }

    @Override
    public String name() {
        return "type-hierarchy";
    }

    @Override
    void propose(JavaTree tree, int line, JavaEdits edits) {
        JavaTypeHierarchy types = new JavaTypeHierarchy(tree.unit());
        List<ReferenceType> tested = new ArrayList<>();
        tree.nodesOn(line, InstanceOfExpr.class).forEach(i -> tested.add(i.getType()));
        tree.nodesOn(line, CastExpr.class).stream().filter(c -> c.getType().isReferenceType())
                .forEach(c -> tested.add(c.getType().asReferenceType()));
        for (ReferenceType type : tested) {
            if (!(type instanceof ClassOrInterfaceType t) || t.getScope().isPresent()) {
                continue;
            }
            String name = t.getNameAsString();
            List<String> relatives = new ArrayList<>(types.supertypes(name));
            types.subtypes(name).stream().filter(s -> !relatives.contains(s)).forEach(relatives::add);
            relatives.remove("Iterable");
            relatives.stream().limit(MAX_PER_TYPE).forEach(r -> edits.replace(t.getName(), r,
                    "`" + name + "` -> `" + r + "`"));
        }
    }
}
