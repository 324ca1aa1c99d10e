package dev.repofix.eval.mine;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.expr.AnnotationExpr;
import dev.repofix.eval.cases.CaseTestIds;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.PatchParser;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tests a test patch adds or changes, as test ids ({@link CaseTestIds}): a test method
 * whose declaration the patch adds, or in whose body the patch adds lines. Java: methods
 * annotated {@code @Test} (or another JUnit test annotation) of files under
 * {@code src/test/java/}, as {@code pkg.ClassTest#method} (nested classes with {@code $}),
 * read from the whole file after the patch with JavaParser when it is given and parses,
 * else from the hunks' text; Python: {@code def test_*} functions, as pytest node ids.
 * A guess from the text alone, for mined cases that are not verified by running them. Pure.
 */
final class TestPatchTests {
    /** A method declaration, wherever on the line it starts (after annotations on the same line too). */
    private static final Pattern JAVA_METHOD = Pattern.compile(
            "(?:^|[\\s)])(?:(?:public|protected|private|static|final|synchronized)\\s+)*"
                    + "(?:<[^>]*>\\s*)?[\\w.<>\\[\\],? ]*?\\b(\\w+)\\s*\\(");
    private static final Pattern JAVA_TEST_ANNOTATION = Pattern.compile(
            "@(?:org\\.junit\\.(?:jupiter\\.api\\.|jupiter\\.params\\.)?)?"
                    + "(Test|ParameterizedTest|RepeatedTest|TestFactory|TestTemplate)\\b");
    private static final Set<String> TEST_ANNOTATIONS = Set.of("Test", "ParameterizedTest", "RepeatedTest",
            "TestFactory", "TestTemplate");
    private static final Set<String> NOT_METHOD_NAMES = Set.of("if", "for", "while", "switch", "catch", "return",
            "new", "synchronized", "assert", "throw");
    private static final Pattern PY_DEF = Pattern.compile("(\\s*)(async\\s+)?def\\s+(\\w+)\\s*\\(.*");
    private static final Pattern PY_CLASS = Pattern.compile("(\\s*)class\\s+(Test\\w*)\\b.*");

    private TestPatchTests() {}

    /** The ids, in patch order, each once; empty for an empty or unreadable patch. Java read from the hunks alone. */
    static List<String> named(String testPatch) {
        return named(testPatch, path -> Optional.empty());
    }

    /**
     * As {@link #named(String)}, with a Java file's whole text after the patch from {@code after}
     * (by its path in the patch; empty when not known), so a test is found wherever its name is
     * written: on its annotation's line, past annotations with arguments, above the hunk.
     */
    static List<String> named(String testPatch, Function<String, Optional<String>> after) {
        if (testPatch.isBlank()) {
            return List.of();
        }
        Set<String> out = new LinkedHashSet<>();
        for (FilePatch file : PatchParser.parse(testPatch).files()) {
            if (file.path().endsWith(".java")) {
                java(file, after.apply(file.path()), out);
            } else if (file.path().endsWith(".py")) {
                python(file, out);
            }
        }
        return List.copyOf(out);
    }

    private static void java(FilePatch file, Optional<String> after, Set<String> out) {
        int root = file.path().indexOf("src/test/java/");
        if (root < 0) {
            return;
        }
        String className = file.path().substring(root + "src/test/java/".length(), file.path().length() - 5)
                .replace('/', '.');
        Optional<CompilationUnit> unit = after.flatMap(TestPatchTests::parse);
        if (unit.isPresent()) {
            javaTree(file, unit.get(), className, out);
        } else {
            javaLines(file, className, out);
        }
    }

    private static Optional<CompilationUnit> parse(String text) {
        ParserConfiguration config = new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_21).setAttributeComments(false);
        try {
            ParseResult<CompilationUnit> result = new JavaParser(config).parse(text);
            return result.isSuccessful() ? result.getResult() : Optional.empty();
        } catch (RuntimeException | StackOverflowError e) {
            // Unparseable input only means the hunks' text is read instead.
            return Optional.empty();
        }
    }

    /** The test methods whose lines (annotations to closing brace) take an added line, in line order. */
    private static void javaTree(FilePatch file, CompilationUnit unit, String className, Set<String> out) {
        List<Integer> added = addedLines(file);
        String pkg = unit.getPackageDeclaration().map(p -> p.getNameAsString() + ".").orElse("");
        String simple = className.substring(className.lastIndexOf('.') + 1);
        List<MethodDeclaration> tests = unit.findAll(MethodDeclaration.class, TestPatchTests::isTest);
        for (int line : added) {
            for (MethodDeclaration m : tests) {
                if (m.getRange().isPresent() && m.getRange().get().begin.line <= line
                        && line <= m.getRange().get().end.line) {
                    owner(m, simple).ifPresent(o -> out.add(pkg + o + "#" + m.getNameAsString()));
                }
            }
        }
    }

    private static boolean isTest(MethodDeclaration m) {
        for (AnnotationExpr a : m.getAnnotations()) {
            String name = a.getNameAsString();
            if (TEST_ANNOTATIONS.contains(name.substring(name.lastIndexOf('.') + 1))) {
                return true;
            }
        }
        return false;
    }

    /** {@code Outer$Inner} of the method's class, when the outermost class is the file's. */
    private static Optional<String> owner(MethodDeclaration m, String fileClass) {
        List<String> names = new ArrayList<>();
        Optional<Node> n = m.getParentNode();
        while (n.isPresent()) {
            if (n.get() instanceof TypeDeclaration<?> t) {
                names.add(0, t.getNameAsString());
            }
            n = n.get().getParentNode();
        }
        if (names.isEmpty() || !names.get(0).equals(fileClass)) {
            return Optional.empty();
        }
        return Optional.of(String.join("$", names));
    }

    /** The 1-based lines, in the file after the patch, of the lines the patch adds. */
    private static List<Integer> addedLines(FilePatch file) {
        List<Integer> out = new ArrayList<>();
        int delta = 0;
        for (Hunk hunk : file.hunks()) {
            boolean hasOld = hunk.lines().stream().anyMatch(l -> l.kind() != HunkLine.Kind.ADD);
            int line = hunk.oldStart() + delta + (hasOld || hunk.oldStart() == 0 ? 0 : 1);
            line = Math.max(line, 1);
            for (HunkLine l : hunk.lines()) {
                switch (l.kind()) {
                    case ADD -> {
                        out.add(line++);
                        delta++;
                    }
                    case REMOVE -> delta--;
                    case CONTEXT -> line++;
                }
            }
        }
        return out;
    }

    /** From the hunks alone: a test annotation, then the next method declaration, on its line or a later one. */
    private static void javaLines(FilePatch file, String className, Set<String> out) {
        for (Hunk hunk : file.hunks()) {
            String current = null;
            boolean annotated = false;
            for (HunkLine line : hunk.lines()) {
                if (line.kind() == HunkLine.Kind.REMOVE) {
                    continue;
                }
                String text = line.text();
                Matcher a = JAVA_TEST_ANNOTATION.matcher(text);
                int from = 0;
                if (a.find()) {
                    annotated = true;
                    from = endOfAnnotation(text, a.end());
                }
                Optional<String> method = methodName(text.substring(from));
                if (method.isPresent()) {
                    current = annotated ? method.get() : null;
                    annotated = false;
                }
                if (line.kind() == HunkLine.Kind.ADD && current != null) {
                    out.add(className + "#" + current);
                }
            }
        }
    }

    /** Where the text after an annotation starts: past its parenthesised arguments and any further annotations. */
    private static int endOfAnnotation(String text, int end) {
        int i = end;
        while (true) {
            while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
                i++;
            }
            if (i < text.length() && text.charAt(i) == '(') {
                int depth = 0;
                for (; i < text.length(); i++) {
                    depth += text.charAt(i) == '(' ? 1 : text.charAt(i) == ')' ? -1 : 0;
                    if (depth == 0) {
                        i++;
                        break;
                    }
                }
                continue;
            }
            if (i < text.length() && text.charAt(i) == '@') {
                i++;
                while (i < text.length() && (Character.isJavaIdentifierPart(text.charAt(i)) || text.charAt(i) == '.')) {
                    i++;
                }
                continue;
            }
            return i;
        }
    }

    /** The name of a method declared on {@code text} (a {@code void} or typed one), not a call or statement. */
    private static Optional<String> methodName(String text) {
        String t = text.strip();
        if (t.isEmpty() || t.startsWith("@") || t.startsWith("return") || t.contains("=") || t.endsWith(";")
                || !t.contains("(")) {
            return Optional.empty();
        }
        Matcher m = JAVA_METHOD.matcher(" " + t);
        if (!m.find() || NOT_METHOD_NAMES.contains(m.group(1))) {
            return Optional.empty();
        }
        // A declaration has a return type (or void) before its name: two words at least.
        String head = (" " + t).substring(0, m.start(1)).strip();
        // `new Foo() {` and `throw new X(` are expressions in a body, not declarations.
        if (head.isEmpty() || head.endsWith(".") || head.matches("(?s).*\\b(new|throw|else)$")) {
            return Optional.empty();
        }
        return Optional.of(m.group(1));
    }

    private static void python(FilePatch file, Set<String> out) {
        for (Hunk hunk : file.hunks()) {
            String current = null;
            String testClass = null;
            int classIndent = -1;
            for (HunkLine line : hunk.lines()) {
                if (line.kind() == HunkLine.Kind.REMOVE) {
                    continue;
                }
                Matcher c = PY_CLASS.matcher(line.text());
                Matcher d = PY_DEF.matcher(line.text());
                if (c.matches()) {
                    testClass = c.group(2);
                    classIndent = c.group(1).length();
                    current = null;
                } else if (d.matches()) {
                    boolean inClass = testClass != null && d.group(1).length() > classIndent;
                    current = !d.group(3).startsWith("test") ? null
                            : file.path() + "::" + (inClass ? testClass + "::" : "") + d.group(3);
                }
                if (line.kind() == HunkLine.Kind.ADD && current != null) {
                    out.add(current);
                }
            }
        }
    }
}
