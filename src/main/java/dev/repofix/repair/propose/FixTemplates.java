package dev.repofix.repair.propose;

import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.DistinctEdits;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import dev.repofix.repair.templates.LogicalOperatorTemplate;
import dev.repofix.repair.templates.NegateConditionTemplate;
import dev.repofix.repair.templates.OffByOneTemplate;
import dev.repofix.repair.templates.RelationalOperatorTemplate;
import dev.repofix.repair.templates.java.JavaTemplates;
import dev.repofix.repair.templates.python.PythonTemplates;
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
     * The Java templates, which work on the file's syntax tree, in the order of their prior
     * ({@link JavaTemplates#inPriorOrder}). They share {@code trees}, so a file is parsed once.
     */
    static List<FixTemplate> java(JavaTrees trees) {
        return JavaTemplates.inPriorOrder(trees);
    }

    /**
     * The Python templates, on the syntax tree Python's own {@code ast} gives, in the order of
     * their prior ({@link PythonTemplates#inPriorOrder}). They share {@code trees}, so a file is parsed once.
     */
    static List<FixTemplate> python(PythonTrees trees) {
        return PythonTemplates.inPriorOrder(trees);
    }

    /**
     * Templates by file: the syntax-tree templates for a {@code .java} file that parses and
     * for a {@code .py} file that python3 (looked up on the process's PATH) parses, the token
     * templates ({@link #defaults}) for every other file, including those that do not parse.
     */
    static Function<SourceFile, List<FixTemplate>> byLanguage() {
        return byLanguage(new JavaTrees());
    }

    /** The same over {@code trees}, a cache of Java syntax trees the caller shares with other readers. */
    static Function<SourceFile, List<FixTemplate>> byLanguage(JavaTrees trees) {
        return byLanguage(PythonTrees.fromProcessPath(), trees);
    }

    /** The same with a chosen way to parse Python. */
    static Function<SourceFile, List<FixTemplate>> byLanguage(PythonTrees pythonTrees) {
        return byLanguage(pythonTrees, new JavaTrees());
    }

    /** The same over both caches, shared with other readers (the localizer's loop headers). */
    public static Function<SourceFile, List<FixTemplate>> byLanguage(PythonTrees pythonTrees, JavaTrees trees) {
        List<FixTemplate> java = java(trees);
        List<FixTemplate> python = python(pythonTrees);
        List<FixTemplate> tokens = defaults();
        return file -> trees.of(file).isPresent() ? java : pythonTrees.of(file).isPresent() ? python : tokens;
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
