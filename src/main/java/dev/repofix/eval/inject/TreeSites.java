package dev.repofix.eval.inject;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import dev.repofix.repair.source.JavaTree;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import dev.repofix.repair.templates.java.JavaTemplates;
import dev.repofix.repair.templates.python.PythonTemplates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The mutations that need a syntax tree: the builtin engine's syntax-tree templates run as
 * mutation operators (a wrong variable, a deleted statement, swapped arguments, a dropped
 * clause), on Java parsed by JavaParser and Python parsed by python3's own {@code ast} (none
 * where python3 is missing), and increments turned into decrements. Each file is parsed once
 * however many lines and operators ask ({@link JavaTrees}, {@link PythonTrees}); one instance
 * per walk over a repository. Only one-line edits are kept: an injection replaces one line.
 * Not thread-safe.
 */
final class TreeSites {
    /** Python {@code x += k} / {@code x -= k} as a statement of its own: the target, then the operator. */
    private static final Pattern PY_AUG_ASSIGN = Pattern.compile("^(\\s*[A-Za-z_][\\w.]*(?:\\[[^\\]]*\\])?\\s*)([+-])=(?!=)");

    private final JavaTrees javaTrees = new JavaTrees();
    private final PythonTrees pythonTrees;
    private final Map<String, FixTemplate> java = byName(JavaTemplates.inPriorOrder(javaTrees));
    private final Map<String, FixTemplate> python;

    TreeSites() {
        this(PythonTrees.fromProcessPath());
    }

    TreeSites(PythonTrees pythonTrees) {
        this.pythonTrees = pythonTrees;
        this.python = byName(PythonTemplates.inPriorOrder(pythonTrees));
    }

    private static Map<String, FixTemplate> byName(List<FixTemplate> templates) {
        return templates.stream().collect(Collectors.toMap(FixTemplate::name, t -> t, (a, b) -> a));
    }

    /**
     * The one-line edits of {@code line} that the syntax-tree template {@code name} of the file's
     * language proposes; none for a file of another language or one that does not parse.
     */
    List<LineEdit> template(String name, SourceFile file, int line) {
        FixTemplate t = javaTrees.of(file).isPresent() ? java.get(name)
                : file.language() == SourceLanguage.PYTHON && pythonTrees.of(file).isPresent() ? python.get(name)
                : null;
        if (t == null) {
            return List.of();
        }
        return t.propose(file, line).stream().filter(e -> e.line() == line && e.lastLine() == line).toList();
    }

    /**
     * {@code i++} made {@code i--} (and back, prefix too), {@code x += k} made {@code x -= k} (and back);
     * in Python, whose files need no tree for it, the augmented assignment only.
     */
    List<LineEdit> increments(SourceFile file, int line) {
        if (file.language() == SourceLanguage.PYTHON) {
            Matcher m = PY_AUG_ASSIGN.matcher(file.line(line));
            if (!m.find() || !file.isCode(line, m.start(2))) {
                return List.of();
            }
            String text = file.line(line);
            String with = m.group(2).equals("+") ? "-=" : "+=";
            return List.of(new LineEdit(line, text.substring(0, m.start(2)) + with + text.substring(m.end()),
                    "`" + m.group(2) + "=` -> `" + with + "`"));
        }
        Optional<JavaTree> parsed = javaTrees.of(file);
        if (parsed.isEmpty()) {
            return List.of();
        }
        JavaTree tree = parsed.get();
        List<LineEdit> out = new ArrayList<>();
        for (UnaryExpr u : tree.nodesOn(line, UnaryExpr.class)) {
            String swap = switch (u.getOperator()) {
                case PREFIX_INCREMENT, POSTFIX_INCREMENT -> "--";
                case PREFIX_DECREMENT, POSTFIX_DECREMENT -> "++";
                default -> null;
            };
            if (swap != null && onLine(tree, u, line)) {
                int at = u.getOperator().isPostfix() ? tree.end(u) - 2 : tree.begin(u);
                out.add(replace(tree, line, at, 2, swap));
            }
        }
        for (AssignExpr a : tree.nodesOn(line, AssignExpr.class)) {
            String swap = a.getOperator() == AssignExpr.Operator.PLUS ? "-="
                    : a.getOperator() == AssignExpr.Operator.MINUS ? "+=" : null;
            int at = swap == null ? -1 : tree.text().indexOf(a.getOperator().asString(), tree.end(a.getTarget()));
            if (at >= 0 && at < tree.begin(a.getValue()) && onLine(tree, a, line)) {
                out.add(replace(tree, line, at, 2, swap));
            }
        }
        return out;
    }

    /** Whether {@code text}, a mutated Java file, still parses: a mutant that does not is no bug worth a test run. */
    static boolean javaParses(String text) {
        try {
            return new JavaParser(new ParserConfiguration()
                    .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21)).parse(text).isSuccessful();
        } catch (RuntimeException | StackOverflowError e) {
            return false;
        }
    }

    private static boolean onLine(JavaTree tree, com.github.javaparser.ast.Node n, int line) {
        return tree.lineOf(tree.begin(n)) == line && tree.lineOf(tree.end(n) - 1) == line;
    }

    private static LineEdit replace(JavaTree tree, int line, int at, int length, String with) {
        String text = tree.file().line(line);
        int column = at - tree.lineStart(line);
        String before = text.substring(column, column + length);
        return new LineEdit(line, text.substring(0, column) + with + text.substring(column + length),
                "`" + before + "` -> `" + with + "`");
    }
}
