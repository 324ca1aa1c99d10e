package dev.repofix.repair.source;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Splits the code columns of one line into tokens; literals become one token, comments none. */
final class LineLexer {
    private static final List<String> COMMON_OPERATORS = List.of(
            ">>=", "<<=", "**=", "...", "<=", ">=", "==", "!=", "->", "+=", "-=", "*=", "/=", "%=", "&=", "|=",
            "^=", "<<", ">>", "**", "+", "-", "*", "/", "%", "=", "<", ">", "!", "~", "?", ":", "&", "|", "^",
            ".", "@");
    // Longest first, so that matching is greedy: ">>>=" before ">>>" before ">>" before ">".
    private static final List<String> C_LIKE_OPERATORS = longestFirst(Stream.concat(COMMON_OPERATORS.stream(), Stream.of(
            ">>>=", ">>>", "===", "!==", "<=>", "..=", "..<", "&&=", "||=", "??=", "=>", "::", "&&", "||", "++", "--",
            "?.", "??", "?:", "..", ":=")));
    // Python: "//" is floor division; C-like "//" never reaches the lexer because it starts a comment.
    private static final List<String> PYTHON_OPERATORS = longestFirst(Stream.concat(COMMON_OPERATORS.stream(), Stream.of(
            "//=", "//", ":=", "@=")));

    private final String line;
    private final ColumnKind[] kinds;
    private final List<String> operators;
    private final List<Token> tokens = new ArrayList<>();

    private LineLexer(String line, ColumnKind[] kinds, SourceLanguage language) {
        this.line = line;
        this.kinds = kinds;
        this.operators = language == SourceLanguage.PYTHON ? PYTHON_OPERATORS : C_LIKE_OPERATORS;
    }

    static List<Token> tokenize(String line, ColumnKind[] kinds, SourceLanguage language) {
        return new LineLexer(line, kinds, language).tokenize();
    }

    private List<Token> tokenize() {
        int i = 0;
        while (i < line.length()) {
            int runEnd = runEnd(i);
            switch (kinds[i]) {
                case COMMENT -> i = runEnd;
                case STRING -> i = add(Token.Kind.STRING, i, runEnd);
                case CODE -> i = codeToken(i, runEnd);
            }
        }
        return List.copyOf(tokens);
    }

    /** Lexes one code token starting at {@code i}, never past {@code limit}; returns where the next one starts. */
    private int codeToken(int i, int limit) {
        char c = line.charAt(i);
        if (Character.isWhitespace(c)) {
            return i + 1;
        }
        if (Character.isJavaIdentifierStart(c)) {
            int end = i + 1;
            while (end < limit && Character.isJavaIdentifierPart(line.charAt(end))) {
                end++;
            }
            return add(Token.Kind.IDENTIFIER, i, end);
        }
        if (isDigit(i, limit) || (c == '.' && isDigit(i + 1, limit))) {
            return add(Token.Kind.NUMBER, i, numberEnd(i, limit));
        }
        if ("([{".indexOf(c) >= 0) {
            return add(Token.Kind.OPEN, i, i + 1);
        }
        if (")]}".indexOf(c) >= 0) {
            return add(Token.Kind.CLOSE, i, i + 1);
        }
        for (String operator : operators) {
            if (i + operator.length() <= limit && line.startsWith(operator, i)) {
                return add(Token.Kind.OPERATOR, i, i + operator.length());
            }
        }
        return add(Token.Kind.OTHER, i, i + Character.charCount(line.codePointAt(i)));
    }

    /** Integer, float, hex/binary/octal and exponent forms, with suffixes such as L, f, u32 or j. */
    private int numberEnd(int start, int limit) {
        int j = start;
        if (line.charAt(j) == '0' && j + 1 < limit && "xXbBoO".indexOf(line.charAt(j + 1)) >= 0) {
            j += 2;
        } else {
            j = digitsEnd(j, limit);
            if (j < limit && line.charAt(j) == '.' && isDigit(j + 1, limit)) {
                j = digitsEnd(j + 1, limit);
            }
            if (j < limit && (line.charAt(j) == 'e' || line.charAt(j) == 'E')) {
                int k = j + 1 < limit && (line.charAt(j + 1) == '+' || line.charAt(j + 1) == '-') ? j + 2 : j + 1;
                j = isDigit(k, limit) ? digitsEnd(k, limit) : j;
            }
        }
        while (j < limit && (Character.isLetterOrDigit(line.charAt(j)) || line.charAt(j) == '_')) {
            j++;
        }
        return j;
    }

    private int digitsEnd(int from, int limit) {
        int j = from;
        while (j < limit && (isDigit(j, limit) || line.charAt(j) == '_')) {
            j++;
        }
        return j;
    }

    private boolean isDigit(int i, int limit) {
        return i < limit && line.charAt(i) >= '0' && line.charAt(i) <= '9';
    }

    private int runEnd(int from) {
        int end = from + 1;
        while (end < kinds.length && kinds[end] == kinds[from]) {
            end++;
        }
        return end;
    }

    private int add(Token.Kind kind, int start, int end) {
        tokens.add(new Token(kind, line.substring(start, end), start, end));
        return end;
    }

    private static List<String> longestFirst(Stream<String> operators) {
        return operators.distinct().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }
}
