package dev.repofix.repair.localize;

import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.source.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Finds functions in a lexed file without a full parser: declarations by pattern,
 * bodies by braces (C-like) or indentation (Python). Good enough to go from a name
 * called in a test to the lines that implement it.
 */
final class SourceOutline {
    // A group repeated by a greedy * recurses once per repetition in java.util.regex and overflows the
    // stack at a few thousand (a long line of annotations, of type arguments). Each group here is
    // possessive (*+) where only one way to split the text exists, so nothing is lost by not
    // backtracking; modifiers, which may give a word back (the name "async" in "function async ("),
    // are bounded instead: no declaration has sixteen.
    private static final String MODIFIERS = "(?:(?:public|protected|private|static|final|synchronized|abstract|default"
            + "|native|override|open|internal|suspend|inline|async|export|fun|func|fn|def|function|pub|virtual)\\s+)"
            + "{0,16}";
    /** Type arguments nested up to three deep: {@code <T extends Comparable<? super T>>}, as unrolled loops. */
    private static final String GENERIC = "<[^<>]*+(?:<[^<>]*+(?:<[^<>]*+>[^<>]*+)*+>[^<>]*+)*+>";
    private static final String TYPE = "[\\w$.\\[\\]?]+(?:\\s*" + GENERIC + ")?(?:\\s*\\[\\s*\\])*+";
    private static final String ANNOTATIONS = "(?:@[\\w$.]+(?:\\([^)]*\\))?\\s+)*+";
    /** Groups: what precedes the name (modifiers, type parameters, type), the name, the text after its "(". */
    private static final Pattern JAVA_DECL = Pattern.compile("^\\s*" + ANNOTATIONS + "(" + MODIFIERS + "(?:" + GENERIC
            + "\\s*)?(?:" + TYPE + "\\s+)?)([\\w$]+)\\s*\\(([^;]*)$");
    /** After the parameters of an untyped declaration: a return type (TypeScript), a throws clause, the body. */
    private static final Pattern BODY_FOLLOWS = Pattern.compile("\\s*(?:(?::|throws\\b)[^{]*)?\\{.*");
    private static final Pattern PY_DECL = Pattern.compile("^\\s*(?:async\\s+)?def\\s+(\\w+)\\s*\\(");
    private static final Pattern NOT_A_DECL = Pattern.compile(
            "^\\s*(?:(?:return|if|else|for|while|switch|catch|try|new|throw|case|do|assert|yield|await)\\b"
                    + "|synchronized\\s*\\().*");

    /** An inclusive, 1-based line range. */
    record Range(int from, int to) {}

    private SourceOutline() {}

    /** The name declared at {@code line}, if that line starts a function. */
    static Optional<String> declaredName(SourceFile file, int line) {
        String text = file.line(line);
        if (file.language() == SourceLanguage.PYTHON) {
            var m = PY_DECL.matcher(text);
            return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        }
        if (NOT_A_DECL.matcher(text).matches() || text.contains("=") && !text.contains("==")) {
            return Optional.empty();
        }
        var m = JAVA_DECL.matcher(text);
        if (!m.find()) {
            return Optional.empty();
        }
        // Without a type or modifier, "name(" is a call unless its parameters close and a body follows
        // on this line (a constructor, a JavaScript method); "run(() -> {" and "f(a," are calls.
        boolean bare = m.group(1).isBlank();
        return bare && !bodyFollows(m.group(3)) ? Optional.empty() : Optional.of(m.group(2));
    }

    /** Whether {@code afterParen}, the text after a declaration's "(", closes it and opens a body. */
    private static boolean bodyFollows(String afterParen) {
        int depth = 1;
        for (int i = 0; i < afterParen.length(); i++) {
            char c = afterParen.charAt(i);
            depth += c == '(' ? 1 : c == ')' ? -1 : 0;
            if (depth == 0) {
                return BODY_FOLLOWS.matcher(afterParen.substring(i + 1)).matches();
            }
        }
        return false;
    }

    /**
     * The innermost function around {@code line}: from its declaration to its end. A function
     * that ends above the line (nested in the outer one, or a previous one) is passed over.
     */
    static Optional<Range> enclosing(SourceFile file, int line) {
        for (int l = line; l >= 1; l--) {
            if (declaredName(file, l).isPresent()) {
                Range body = body(file, l);
                if (body.to() >= line) {
                    return Optional.of(body);
                }
            }
        }
        return Optional.empty();
    }

    /** Declarations of a function named {@code name} in {@code file}, with their bodies. */
    static List<Range> definitions(SourceFile file, String name) {
        List<Range> out = new ArrayList<>();
        for (int l = 1; l <= file.lineCount(); l++) {
            if (file.line(l).contains(name) && declaredName(file, l).filter(name::equals).isPresent()) {
                out.add(body(file, l));
            }
        }
        return out;
    }

    /** From the declaration at {@code declLine} to the end of its body. */
    static Range body(SourceFile file, int declLine) {
        return file.language() == SourceLanguage.PYTHON ? indentBody(file, declLine) : braceBody(file, declLine);
    }

    private static Range braceBody(SourceFile file, int declLine) {
        int depth = 0;
        boolean opened = false;
        for (int l = declLine; l <= file.lineCount(); l++) {
            for (Token t : file.tokens(l)) {
                if (t.text().equals("{")) {
                    depth++;
                    opened = true;
                } else if (t.text().equals("}")) {
                    depth--;
                    if (opened && depth == 0) {
                        return new Range(declLine, l);
                    }
                } else if (!opened && t.text().equals(";")) {
                    return new Range(declLine, l); // abstract or interface method: no body
                }
            }
        }
        return new Range(declLine, file.lineCount());
    }

    private static Range indentBody(SourceFile file, int declLine) {
        int indent = indentOf(file.line(declLine));
        int last = declLine;
        for (int l = declLine + 1; l <= file.lineCount(); l++) {
            String text = file.line(l);
            if (text.isBlank()) {
                continue;
            }
            if (indentOf(text) <= indent && hasCode(file, l)) {
                break;
            }
            last = l;
        }
        return new Range(declLine, last);
    }

    /** Whether a line holds code, not only blanks, comments or string text (a docstring). */
    static boolean hasCode(SourceFile file, int line) {
        return file.tokens(line).stream().anyMatch(t -> t.kind() != Token.Kind.STRING);
    }

    /** Whether a line can be a fault: it has names, numbers or operators, not only brackets. */
    static boolean hasStatement(SourceFile file, int line) {
        return file.tokens(line).stream().anyMatch(t -> t.kind() == Token.Kind.IDENTIFIER
                || t.kind() == Token.Kind.NUMBER || t.kind() == Token.Kind.OPERATOR);
    }

    private static int indentOf(String s) {
        int i = 0;
        while (i < s.length() && (s.charAt(i) == ' ' || s.charAt(i) == '\t')) {
            i++;
        }
        return i;
    }
}
