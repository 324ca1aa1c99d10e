package dev.repofix.eval.inject;

import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.LineEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mechanical mutations of MLDebugging's multi-library categories, on one line of
 * Python: a call's keyword argument dropped or its value changed (function parameter
 * error), a default or a module constant changed (parameter configuration error), an
 * imported name bound to a sibling from the same module (import error), a conversion call
 * dropped (data transfer issue). Pure; only code characters count (not strings or comments).
 */
final class PythonCallMutations {
    private static final Pattern FROM_IMPORT = Pattern.compile("^(\\s*from\\s+[\\w.]+\\s+import\\s+)([\\w\\s,]+?)\\s*$");
    private static final Pattern CONSTANT = Pattern.compile("^([A-Z][A-Z0-9_]*\\s*=\\s*)([^#]+?)(\\s*(#.*)?)$");
    /** Calls that only convert their one argument: dropped, the data passes on unconverted. */
    private static final Pattern CONVERSION = Pattern.compile(
            "(?<![\\w.])(list|tuple|set|frozenset|dict|np\\.asarray|np\\.array|numpy\\.asarray|numpy\\.array"
                    + "|np\\.asanyarray|pd\\.DataFrame|pd\\.Series)\\(");
    /** Methods that convert what they are called on: dropped likewise. */
    private static final Pattern CONVERTING_METHOD = Pattern.compile("\\.(tolist|to_numpy|to_list|copy)\\(\\)");

    private PythonCallMutations() {}

    /** Each keyword argument of a call on {@code line} dropped, and a literal value of one changed. */
    static List<LineEdit> keywordArguments(SourceFile file, int line) {
        String text = file.line(line);
        if (isDef(text)) {
            return List.of();
        }
        List<LineEdit> out = new ArrayList<>();
        for (Keyword k : keywords(file, line, text)) {
            int from;
            int to;
            if (k.before >= 0 && text.charAt(k.before) == ',') {
                from = k.before;
                to = k.valueEnd;
            } else if (k.terminator < text.length() && text.charAt(k.terminator) == ',') {
                from = k.nameStart;
                to = skipSpaces(text, k.terminator + 1);
            } else {
                from = k.nameStart;
                to = k.valueEnd;
            }
            String name = text.substring(k.nameStart, k.equals).strip();
            out.add(new LineEdit(line, text.substring(0, from) + text.substring(to),
                    "keyword argument `" + text.substring(k.nameStart, k.valueEnd).strip() + "` dropped"));
            changed(text.substring(k.equals + 1, k.valueEnd).strip()).ifPresent(v -> out.add(new LineEdit(line,
                    text.substring(0, k.equals + 1) + v + text.substring(k.valueEnd),
                    "keyword argument `" + name + "` made `" + v + "`")));
        }
        return out;
    }

    /** A literal default of a {@code def}'s parameter changed, or a module constant's literal value. */
    static List<LineEdit> configuration(SourceFile file, int line) {
        String text = file.line(line);
        List<LineEdit> out = new ArrayList<>();
        if (isDef(text)) {
            for (Keyword k : keywords(file, line, text)) {
                String value = text.substring(k.equals + 1, k.valueEnd).strip();
                String name = text.substring(k.nameStart, k.equals).strip();
                changed(value).ifPresent(v -> out.add(new LineEdit(line, text.substring(0, k.equals + 1)
                        + (text.charAt(k.equals + 1) == ' ' ? " " : "") + v + text.substring(k.valueEnd),
                        "default `" + name + "=" + value + "` made `" + v + "`")));
            }
            return out;
        }
        Matcher m = CONSTANT.matcher(text);
        if (m.matches() && file.isCode(line, 0)) {
            changed(m.group(2).strip()).ifPresent(v -> out.add(new LineEdit(line, m.group(1) + v + m.group(3),
                    "setting `" + text.strip() + "` made `" + v + "`")));
        }
        return out;
    }

    /** In {@code from m import a, b}: {@code a} bound to its sibling {@code b} ({@code from m import b as a, b}). */
    static List<LineEdit> importSiblings(SourceFile file, int line) {
        String text = file.line(line);
        Matcher m = FROM_IMPORT.matcher(text);
        if (!m.matches() || !file.isCode(line, m.start(1)) || text.contains(" as ")) {
            return List.of();
        }
        String[] names = m.group(2).split(",");
        List<LineEdit> out = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            for (int j = 0; j < names.length; j++) {
                String a = names[i].strip();
                String b = names[j].strip();
                if (i == j || a.isEmpty() || b.isEmpty() || a.equals(b)) {
                    continue;
                }
                List<String> swapped = new ArrayList<>();
                for (int n = 0; n < names.length; n++) {
                    swapped.add(n == i ? b + " as " + a : names[n].strip());
                }
                out.add(new LineEdit(line, m.group(1) + String.join(", ", swapped),
                        "import `" + a + "` bound to its sibling `" + b + "`"));
            }
        }
        return out;
    }

    /** A conversion call ({@code list(x)}, {@code np.asarray(x)}, {@code x.tolist()}) dropped, its argument kept. */
    static List<LineEdit> conversions(SourceFile file, int line) {
        String text = file.line(line);
        List<LineEdit> out = new ArrayList<>();
        Matcher m = CONVERSION.matcher(text);
        while (m.find()) {
            int close = closing(file, line, text, m.end() - 1);
            if (!file.isCode(line, m.start()) || close < 0) {
                continue;
            }
            String argument = text.substring(m.end(), close);
            if (argument.isBlank() || topLevelComma(file, line, text, m.end(), close)) {
                continue;
            }
            out.add(new LineEdit(line, text.substring(0, m.start()) + argument + text.substring(close + 1),
                    "conversion `" + m.group(1) + "(...)` dropped"));
        }
        Matcher method = CONVERTING_METHOD.matcher(text);
        while (method.find()) {
            if (file.isCode(line, method.start())) {
                out.add(new LineEdit(line, text.substring(0, method.start()) + text.substring(method.end()),
                        "conversion `" + method.group() + "` dropped"));
            }
        }
        return out;
    }

    /** A keyword {@code name=value} inside parentheses: where its parts start and end on the line. */
    private record Keyword(int before, int nameStart, int equals, int valueEnd, int terminator) {}

    private static List<Keyword> keywords(SourceFile file, int line, String text) {
        List<Keyword> out = new ArrayList<>();
        int depth = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!file.isCode(line, i)) {
                continue;
            }
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (c == '=' && depth > 0 && single(text, i) && enclosing(file, line, text, i) == '(') {
                int nameEnd = i;
                while (nameEnd > 0 && text.charAt(nameEnd - 1) == ' ') {
                    nameEnd--;
                }
                int nameStart = nameEnd;
                while (nameStart > 0 && (Character.isLetterOrDigit(text.charAt(nameStart - 1))
                        || text.charAt(nameStart - 1) == '_')) {
                    nameStart--;
                }
                int before = nameStart - 1;
                while (before >= 0 && text.charAt(before) == ' ') {
                    before--;
                }
                int terminator = valueEnd(file, line, text, i + 1);
                if (nameStart < nameEnd && before >= 0 && (text.charAt(before) == ',' || text.charAt(before) == '(')
                        && terminator >= 0) {
                    int valueEnd = terminator;
                    while (valueEnd > i + 1 && text.charAt(valueEnd - 1) == ' ') {
                        valueEnd--;
                    }
                    out.add(new Keyword(before, nameStart, i, valueEnd, terminator));
                }
            }
        }
        return out;
    }

    /** {@code =} alone: not {@code ==}, {@code <=}, {@code !=}, {@code +=} and the like. */
    private static boolean single(String text, int i) {
        char prev = i > 0 ? text.charAt(i - 1) : ' ';
        char next = i + 1 < text.length() ? text.charAt(i + 1) : ' ';
        return next != '=' && "=!<>+-*/%&|^:@".indexOf(prev) < 0;
    }

    /** The bracket the character at {@code at} is inside of, or 0. */
    private static char enclosing(SourceFile file, int line, String text, int at) {
        int depth = 0;
        for (int i = at - 1; i >= 0; i--) {
            if (!file.isCode(line, i)) {
                continue;
            }
            char c = text.charAt(i);
            if (c == ')' || c == ']' || c == '}') {
                depth++;
            } else if (c == '(' || c == '[' || c == '{') {
                if (depth == 0) {
                    return c;
                }
                depth--;
            }
        }
        return 0;
    }

    /** Where a value starting at {@code from} ends: the comma or closing bracket after it at its level; -1 past the line. */
    private static int valueEnd(SourceFile file, int line, String text, int from) {
        int depth = 0;
        for (int i = from; i < text.length(); i++) {
            if (!file.isCode(line, i)) {
                continue;
            }
            char c = text.charAt(i);
            if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                if (depth == 0) {
                    return i;
                }
                depth--;
            } else if (c == ',' && depth == 0) {
                return i;
            }
        }
        return -1;
    }

    private static int closing(SourceFile file, int line, String text, int open) {
        int end = valueEnd(file, line, text, open + 1);
        while (end >= 0 && end < text.length() && text.charAt(end) == ',') {
            end = valueEnd(file, line, text, end + 1);
        }
        return end >= 0 && text.charAt(end) == ')' ? end : -1;
    }

    private static boolean topLevelComma(SourceFile file, int line, String text, int from, int to) {
        int end = valueEnd(file, line, text, from);
        return end >= 0 && end < to;
    }

    private static int skipSpaces(String text, int i) {
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }

    private static boolean isDef(String text) {
        String s = text.stripLeading();
        return s.startsWith("def ") || s.startsWith("async def ");
    }

    /** A literal made another: a boolean flipped, an integer one more (0 becomes 1), else nothing. */
    private static Optional<String> changed(String value) {
        return switch (value) {
            case "True" -> Optional.of("False");
            case "False" -> Optional.of("True");
            default -> value.matches("-?\\d+") && value.length() < 10
                    ? Optional.of(Long.toString(Long.parseLong(value) + 1)) : Optional.empty();
        };
    }
}
