package dev.repofix.validate;

import dev.repofix.validate.BranchChain.Atom;
import dev.repofix.validate.BranchChain.Branch;
import dev.repofix.validate.BranchChain.Condition;
import dev.repofix.validate.BranchChain.Constant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads Python source by its logical lines (brackets, backslashes and strings joined, comments
 * dropped) into {@link BranchChain}s ({@code if}/{@code elif}/{@code else}, and {@code while}
 * tests), and finds statements that follow a {@code return}, {@code raise}, {@code break} or
 * {@code continue} in the same block. Pure and line-based (no interpreter): what it cannot
 * split it keeps as one atom, what it cannot read it leaves alone.
 */
final class PythonBranches {
    /** Calls a condition may make and stay pure: builtins and str tests that change nothing. */
    private static final Set<String> PURE_CALLS = Set.of("isinstance", "issubclass", "hasattr", "len", "callable",
            "type", "startswith", "endswith", "isdigit", "isalpha", "isspace", "islower", "isupper", "get", "keys");
    private static final Pattern CALL = Pattern.compile("([A-Za-z_][A-Za-z_0-9]*)\\s*\\(");
    private static final Pattern HEADER = Pattern.compile("^(if|elif|while)\\b(.*)$");
    private static final Pattern ELSE = Pattern.compile("^else\\s*:.*$");
    private static final Pattern JUMP = Pattern.compile("^(return|raise|break|continue)\\b.*$");
    private static final Pattern CLAUSE = Pattern.compile("^(elif|else|except|finally|case)\\b.*$");
    private static final Pattern COMPARISON = Pattern.compile(
            "^(.+?)\\s*(==|!=|<=|>=|<|>| is not | is | not in | in )\\s*(.+)$");

    /** One logical line: its first physical line, its indentation and its code without comments. */
    record Statement(int line, int indent, String code) {}

    private PythonBranches() {}

    /** The chains of {@code source}. */
    static List<BranchChain> chains(String source) {
        List<Statement> statements = statements(source);
        List<BranchChain> out = new ArrayList<>();
        for (int i = 0; i < statements.size(); i++) {
            Statement s = statements.get(i);
            Matcher m = HEADER.matcher(s.code());
            if (!m.matches() || m.group(1).equals("elif")) {
                continue;
            }
            List<Branch> branches = new ArrayList<>();
            branches.add(branch(s, m.group(2)));
            if (m.group(1).equals("if")) {
                for (int j = next(statements, i); j < statements.size()
                        && statements.get(j).indent() == s.indent(); j = next(statements, j)) {
                    Statement t = statements.get(j);
                    Matcher e = HEADER.matcher(t.code());
                    if (e.matches() && e.group(1).equals("elif")) {
                        branches.add(branch(t, e.group(2)));
                    } else if (ELSE.matcher(t.code()).matches()) {
                        branches.add(new Branch(t.line(), "else:", Optional.empty()));
                        break;
                    } else {
                        break;
                    }
                }
            }
            out.add(new BranchChain(branches));
        }
        return out;
    }

    /** A statement that follows {@code jump} in the same block. */
    record Unreached(Statement statement, Statement jump) {}

    /** Statements that follow a jump in the same block. */
    static List<Unreached> afterJumps(String source) {
        List<Statement> statements = statements(source);
        List<Unreached> out = new ArrayList<>();
        for (int i = 0; i + 1 < statements.size(); i++) {
            Statement s = statements.get(i);
            Statement t = statements.get(i + 1);
            if (JUMP.matcher(s.code()).matches() && t.indent() == s.indent() && !CLAUSE.matcher(t.code()).matches()) {
                out.add(new Unreached(t, s));
            }
        }
        return out;
    }

    /** The next statement at the indentation of {@code i} or less. */
    private static int next(List<Statement> statements, int i) {
        int j = i + 1;
        while (j < statements.size() && statements.get(j).indent() > statements.get(i).indent()) {
            j++;
        }
        return j;
    }

    private static Branch branch(Statement s, String rest) {
        int colon = topLevel(rest, ":");
        String test = colon < 0 ? rest : rest.substring(0, colon);
        String keyword = s.code().substring(0, s.code().length() - rest.length());
        return new Branch(s.line(), keyword + " " + normalize(test) + ":", Optional.of(condition(test)));
    }

    /** The test split at its top-level {@code or}s, then {@code and}s. */
    static Condition condition(String test) {
        String t = unwrap(normalize(test));
        boolean pure = pure(t);
        if (t.contains("lambda") || splitWord(t, "if").size() > 1) {
            // A conditional expression or a lambda binds looser than or: the whole test is one atom.
            return new Condition(List.of(List.of(atom(t))), pure);
        }
        List<List<Atom>> disjuncts = new ArrayList<>();
        for (String d : splitWord(t, "or")) {
            List<Atom> atoms = new ArrayList<>();
            for (String a : splitWord(unwrap(d), "and")) {
                atoms.add(atom(unwrap(a)));
            }
            disjuncts.add(atoms);
        }
        return new Condition(disjuncts, pure);
    }

    private static Atom atom(String a) {
        return new Atom(a, negation(a), constant(a));
    }

    private static Constant constant(String a) {
        String s = a;
        boolean negate = false;
        while (s.startsWith("not ")) {
            s = unwrap(s.substring(4).strip());
            negate = !negate;
        }
        Boolean value = switch (s) {
            case "True" -> true;
            case "False", "None", "0", "0.0", "''", "\"\"", "()", "[]", "{}" -> false;
            default -> s.matches("[1-9][0-9_]*|'[^']+'|\"[^\"]+\"") ? Boolean.TRUE : null;
        };
        if (value == null) {
            return Constant.NOT_CONSTANT;
        }
        return value != negate ? Constant.TRUE : Constant.FALSE;
    }

    private static String negation(String a) {
        if (a.startsWith("not ") && topLevel(a, " ") == 3) {
            return unwrap(a.substring(4).strip());
        }
        if (splitWord(a, "or").size() == 1 && splitWord(a, "and").size() == 1) {
            Matcher m = COMPARISON.matcher(a);
            if (m.matches() && topLevel(a, m.group(2)) == m.start(2)) {
                String op = switch (m.group(2).strip()) {
                    case "==" -> "!=";
                    case "!=" -> "==";
                    case "<" -> ">=";
                    case ">=" -> "<";
                    case ">" -> "<=";
                    case "<=" -> ">";
                    case "is not" -> "is";
                    case "is" -> "is not";
                    case "not in" -> "in";
                    default -> "not in";
                };
                return normalize(m.group(1) + " " + op + " " + m.group(3));
            }
        }
        return "not " + (a.contains(" ") ? "(" + a + ")" : a);
    }

    private static boolean pure(String t) {
        if (t.contains(":=") || t.contains("lambda") || t.matches(".*\\b(yield|await)\\b.*")) {
            return false;
        }
        Matcher m = CALL.matcher(t);
        while (m.find()) {
            if (!PURE_CALLS.contains(m.group(1)) && !Set.of("not", "and", "or", "in", "is").contains(m.group(1))) {
                return false;
            }
        }
        return true;
    }

    /** {@code s} split at the top-level word {@code word} (outside brackets and strings). */
    private static List<String> splitWord(String s, String word) {
        List<String> parts = new ArrayList<>();
        String separator = " " + word + " ";
        int from = 0;
        for (int at = topLevel(s, separator, 0); at >= 0; at = topLevel(s, separator, from)) {
            parts.add(s.substring(from, at).strip());
            from = at + separator.length();
        }
        parts.add(s.substring(from).strip());
        return parts;
    }

    /** The index of the first top-level {@code what} in {@code s}, or -1. */
    private static int topLevel(String s, String what) {
        return topLevel(s, what, 0);
    }

    /** The index of the first top-level {@code what} in {@code s} at or after {@code from}, or -1. */
    private static int topLevel(String s, String what, int from) {
        int depth = 0;
        char quote = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (quote != 0) {
                if (c == '\\') {
                    i++;
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if ("([{".indexOf(c) >= 0) {
                depth++;
            } else if (")]}".indexOf(c) >= 0) {
                depth--;
            } else if (depth == 0 && i >= from && s.startsWith(what, i)
                    && !(what.equals(":") && s.startsWith(":=", i))) {
                return i;
            }
        }
        return -1;
    }

    /** Without parentheses around the whole. */
    private static String unwrap(String s) {
        String t = s.strip();
        while (t.startsWith("(") && t.endsWith(")") && closing(t) == t.length() - 1) {
            t = t.substring(1, t.length() - 1).strip();
        }
        return t;
    }

    private static int closing(String t) {
        int depth = 0;
        for (int i = 0; i < t.length(); i++) {
            char c = t.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return i;
            }
        }
        return -1;
    }

    /** One space between words, none inside brackets' edges or around commas and dots. */
    static String normalize(String s) {
        return s.strip().replaceAll("\\s+", " ").replaceAll("\\s*([,)\\]])", "$1").replaceAll("([(\\[])\\s*", "$1")
                .replaceAll("\\s*\\.\\s*", ".").replaceAll(",(?! )", ", ")
                .replaceAll("\\s*(==|!=|<=|>=|(?<![<>=!])<(?![<=])|(?<![<>=!])>(?![>=]))\\s*", " $1 ").strip();
    }

    /** The logical lines of {@code source}, comments dropped. */
    static List<Statement> statements(String source) {
        List<Statement> out = new ArrayList<>();
        String[] lines = source.split("\n", -1);
        StringBuilder code = new StringBuilder();
        int start = -1;
        int indent = 0;
        int depth = 0;
        String quote = null;
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            if (start < 0) {
                if (line.isBlank() || line.strip().startsWith("#")) {
                    continue;
                }
                start = n + 1;
                indent = line.length() - line.stripLeading().length();
            }
            boolean continued = false;
            for (int i = 0; i < line.length(); i++) {
                char c = line.charAt(i);
                if (quote != null) {
                    if (c == '\\') {
                        code.append(c);
                        if (i + 1 < line.length()) {
                            code.append(line.charAt(++i));
                        }
                        continue;
                    }
                    if (line.startsWith(quote, i)) {
                        code.append(quote);
                        i += quote.length() - 1;
                        quote = null;
                        continue;
                    }
                    code.append(c);
                    continue;
                }
                if (c == '#') {
                    break;
                }
                if (c == '\'' || c == '"') {
                    quote = line.startsWith("" + c + c + c, i) ? "" + c + c + c : "" + c;
                    code.append(quote);
                    i += quote.length() - 1;
                    continue;
                }
                if ("([{".indexOf(c) >= 0) {
                    depth++;
                } else if (")]}".indexOf(c) >= 0) {
                    depth = Math.max(0, depth - 1);
                }
                if (c == '\\' && i == line.stripTrailing().length() - 1) {
                    continued = true;
                    break;
                }
                code.append(c);
            }
            if (quote != null && quote.length() == 1) {
                quote = null; // an unclosed one-line string: the line is not Python we read
            }
            if (depth > 0 || continued || quote != null) {
                code.append(' ');
                continue;
            }
            out.add(new Statement(start, indent, code.toString().strip()));
            code.setLength(0);
            start = -1;
        }
        return out;
    }
}
