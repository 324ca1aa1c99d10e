package dev.repofix.repair.propose;

import dev.repofix.build.BuildSystem;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How common a line's shape is in the repository's own source code: the naturalness of a
 * candidate fix. A shape is the line's tokens with every name made {@code ID} and every
 * string {@code S}, keywords, operators and numbers kept: {@code if (amount <= 0) {} and
 * {@code if (balance <= 0) {} share one. Where the tests accept several of a template's
 * edits, the one whose result looks like the code around it is more often the intended one.
 * Counted over the source files (no tests) of the edited file's language, read once per run
 * and bounded. Not thread-safe.
 */
final class CodeShapes {
    private static final int MAX_FILES = 2_000;
    private static final long MAX_CHARS = 4_000_000;
    /**
     * String literals are unrolled loops with possessive quantifiers ({@code "[^"\\]*+(?:\\.[^"\\]*+)*+"}):
     * {@code "(?:\\.|[^"\\])*"} recursed once per character in java.util.regex and overflowed the stack on
     * a generated table of string literals (a line of 31,824 characters).
     */
    private static final Pattern TOKEN = Pattern.compile(
            "\"[^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+\"|'[^'\\\\]*+(?:\\\\.[^'\\\\]*+)*+'|[A-Za-z_][A-Za-z0-9_]*|\\d[\\w.]*"
                    + "|[(){}\\[\\],;]|[^\\w\\s\"'(){}\\[\\],;]+");
    private static final Set<String> KEYWORDS = Set.of("if", "else", "elif", "for", "while", "do", "return",
            "break", "continue", "new", "null", "true", "false", "this", "super", "not", "and", "or", "in", "is",
            "None", "True", "False", "def", "class", "lambda", "yield", "int", "long", "double", "boolean", "char",
            "float", "byte", "short", "var", "final", "static", "instanceof", "try", "catch", "finally", "throw",
            "throws", "raise", "with", "as", "pass", "del", "switch", "case", "default", "assert", "await", "async");

    private final SourceCache sources;
    private final BuildSystem build;
    /** File to number literal to how many of its lines have it, read once per file. */
    private final Map<String, Map<String, Integer>> numbersByFile = new HashMap<>();
    /** Extension to shape to how many lines have it. */
    private final Map<String, Map<String, Integer>> byLanguage = new HashMap<>();

    CodeShapes(SourceCache sources, BuildSystem build) {
        this.sources = sources;
        this.build = build;
    }

    /** The shape of one line of code; blank for a blank line. */
    static String shape(String line) {
        StringBuilder out = new StringBuilder();
        Matcher m = TOKEN.matcher(line.strip());
        while (m.find()) {
            String t = m.group();
            char c = t.charAt(0);
            String token = c == '"' || c == '\'' ? "S"
                    : Character.isLetter(c) || c == '_' ? (KEYWORDS.contains(t) ? t : "ID") : t;
            out.append(token).append(' ');
        }
        return out.toString().strip();
    }

    /**
     * How many source lines of {@code file}'s language have the shape of {@code newLines}
     * (an edit's result), not counting the edited line {@code line} itself; 0 for an edit of
     * several lines or none.
     */
    int count(String file, int line, List<String> newLines) {
        if (newLines.size() != 1) {
            return 0;
        }
        String shape = shape(newLines.get(0));
        if (shape.isEmpty()) {
            return 0;
        }
        int n = shapes(SourceLanguage.extension(file)).getOrDefault(shape, 0);
        Optional<SourceFile> edited = sources.get(file);
        boolean self = edited.isPresent() && line <= edited.get().lineCount()
                && shape(edited.get().line(line)).equals(shape);
        return self ? n - 1 : n;
    }

    /**
     * How many of the numbers an edit of {@code line} brings (those of its result that the
     * line did not have) the edited file has on other lines; 0 for an edit of several lines.
     */
    int familiarNumbers(String file, int line, List<String> newLines) {
        Optional<SourceFile> edited = sources.get(file);
        if (newLines.size() != 1 || edited.isEmpty() || line > edited.get().lineCount()) {
            return 0;
        }
        List<String> added = new java.util.ArrayList<>(numbers(newLines.get(0)));
        numbers(edited.get().line(line)).forEach(added::remove);
        if (added.isEmpty()) {
            return 0;
        }
        Map<String, Integer> lines = numbersByFile.computeIfAbsent(file, f -> {
            Map<String, Integer> counts = new HashMap<>();
            for (int n = 1; n <= edited.get().lineCount(); n++) {
                new java.util.HashSet<>(numbers(edited.get().line(n))).forEach(x -> counts.merge(x, 1, Integer::sum));
            }
            return counts;
        });
        Set<String> own = new java.util.HashSet<>(numbers(edited.get().line(line)));
        // on another line: on more lines than the edited one, if that has it
        return (int) added.stream().filter(x -> lines.getOrDefault(x, 0) > (own.contains(x) ? 1 : 0)).count();
    }

    /** The number literals of a line, as written. */
    private static List<String> numbers(String line) {
        List<String> out = new java.util.ArrayList<>();
        Matcher m = TOKEN.matcher(line.strip());
        while (m.find()) {
            if (Character.isDigit(m.group().charAt(0))) {
                out.add(m.group());
            }
        }
        return out;
    }

    private Map<String, Integer> shapes(String extension) {
        return byLanguage.computeIfAbsent(extension, ext -> {
            Map<String, Integer> counts = new HashMap<>();
            int files = 0;
            long chars = 0;
            for (String rel : sources.files().files()) {
                if (files == MAX_FILES || chars > MAX_CHARS) {
                    break;
                }
                if (!SourceLanguage.extension(rel).equals(ext) || build.isTestPath(rel)) {
                    continue;
                }
                Optional<String> text = sources.text(rel);
                if (text.isEmpty()) {
                    continue;
                }
                files++;
                chars += text.get().length();
                text.get().lines().map(CodeShapes::shape).filter(s -> !s.isEmpty())
                        .forEach(s -> counts.merge(s, 1, Integer::sum));
            }
            return counts;
        });
    }
}
