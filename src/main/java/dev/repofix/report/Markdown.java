package dev.repofix.report;

/**
 * The one escaping layer between text repofix did not write and the Markdown it posts.
 * Every string of a run record (test ids, messages, traces, file names and contents, the
 * model's prose, the drafted issue, notes, error messages, the build log) comes from the
 * repository, a model or a saved {@code report.json} of a pull request's own workflow, so a
 * reporter writes Markdown syntax only in its own words and renders every such string through
 * one of these functions: as a fenced block, a code span, or escaped text. None lets the
 * text make a heading, list, quote, table, emphasis, link, image, autolink, HTML, mention or
 * issue reference, or close the construct it sits in. Linear in the input. Pure static
 * functions; never return null.
 *
 * <p>CommonMark 0.31 and GitHub's extensions (tables, strikethrough, autolinks, math) are
 * the grammar defended against: https://spec.commonmark.org/0.31.2/, https://github.github.com/gfm/.
 */
public final class Markdown {
    /** After {@code @}, so no mention, team notification or e-mail autolink comes from the text. */
    static final char ZERO_WIDTH_JOINER = '\u200D';
    /** Leading spaces become these: not indentation to CommonMark, so no indented code block. */
    static final char NO_BREAK_SPACE = '\u00A0';
    /** Marks where a text was cut to its cap. */
    static final String CUT = "...";
    private static final String ESCAPED_ALWAYS = "\\`*_[]|~$";

    private Markdown() {}

    /**
     * {@code s} fit to show anywhere, Markdown or plain: CR LF and CR become LF; ANSI escape
     * sequences (colours, cursor moves, terminal links) are removed; other C0 controls become
     * their visible symbol (NUL is U+2400), DEL U+2421; C1 controls and the bidirectional
     * controls that can reorder what a reader sees (U+202A-202E, U+2066-2069, U+200E/F,
     * U+061C) become U+FFFD. Tab and LF stay.
     */
    public static String visible(String s) {
        StringBuilder out = new StringBuilder(s.length());
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c == '\r') {
                out.append('\n');
                if (i + 1 < n && s.charAt(i + 1) == '\n') {
                    i++;
                }
            } else if (c == '\n' || c == '\t') {
                out.append(c);
            } else if (c == '\u001B') {
                i = afterEscapeSequence(s, i) - 1;
            } else if (c < 0x20) {
                out.append((char) (0x2400 + c));
            } else if (c == 0x7F) {
                out.append('\u2421');
            } else if (c >= 0x80 && c <= 0x9F || isBidiControl(c)) {
                out.append('\uFFFD');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /**
     * Plain text on one line, for what is not Markdown (a terminal, an annotation, a SARIF or
     * Code Quality message, a check run's title): {@code s} made {@link #visible}, its line
     * breaks made spaces, cut to {@code max} characters.
     */
    public static String visibleLine(String s, int max) {
        return cut(oneLine(visible(s)), max);
    }

    /**
     * Inline text: {@code s} made {@link #visible}, on one line, cut to {@code max} characters,
     * with every Markdown special escaped. For a sentence, a list item, a table cell, a heading.
     */
    public static String text(String s, int max) {
        StringBuilder out = new StringBuilder();
        escapeLine(visibleLine(s, max), true, out);
        return out.toString();
    }

    /** {@link #text(String, int)} without a cap, for short fields. */
    public static String text(String s) {
        return text(s, Integer.MAX_VALUE);
    }

    /**
     * Several lines of untrusted prose (a drafted issue, a model's explanation) as escaped
     * paragraphs: its line breaks kept as hard breaks, blank lines as paragraph breaks, leading
     * spaces as no-break spaces. Lines indented by four spaces or a tab (a trace, a command: what
     * CommonMark reads as an indented code block) are shown as they are, in a {@link #fence}
     * that no line inside can close, also where no blank line comes before them. Starts where a
     * paragraph may start or go on; not inside a list item or quote.
     */
    public static String prose(String s, int max) {
        String[] lines = cut(visible(s), max).split("\n", -1);
        StringBuilder out = new StringBuilder();
        boolean inParagraph = false;
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].stripTrailing();
            if (indentedCode(line)) {
                int last = i;
                for (int j = i; j < lines.length && (indentedCode(lines[j]) || lines[j].isBlank()); j++) {
                    last = lines[j].isBlank() ? last : j;
                }
                StringBuilder code = new StringBuilder();
                for (int j = i; j <= last; j++) {
                    code.append(unindented(lines[j].stripTrailing())).append('\n');
                }
                out.append(inParagraph ? "\n\n" : "").append(fence("", code.toString())).append('\n');
                inParagraph = false;
                i = last;
                continue;
            }
            if (line.isBlank()) {
                if (inParagraph) {
                    out.append("\n\n");
                }
                inParagraph = false;
                continue;
            }
            if (inParagraph) {
                out.append("\\\n"); // a hard line break
            }
            escapeLine(line, true, out);
            inParagraph = true;
        }
        int end = out.length();
        while (end > 0 && out.charAt(end - 1) == '\n') {
            end--;
        }
        return out.substring(0, end);
    }

    private static boolean indentedCode(String line) {
        return (line.startsWith("    ") || line.startsWith("\t")) && !line.isBlank();
    }

    /** A line of an indented block without its indentation (a blank line inside it may be shorter). */
    private static String unindented(String line) {
        if (line.startsWith("\t")) {
            return line.substring(1);
        }
        return line.length() >= 4 ? line.substring(4) : "";
    }

    /**
     * A code span holding {@code s} on one line, cut to {@code max}: its backtick string is
     * longer than any run inside, and when the text starts or ends with a backtick it is padded
     * with a space on each side, which CommonMark strips, so that backtick cannot join the
     * delimiters.
     */
    public static String code(String s, int max) {
        String body = visibleLine(s, max);
        if (body.isEmpty()) {
            return "` `";
        }
        String ticks = "`".repeat(longestRun(body, '`') + 1);
        String pad = body.startsWith("`") || body.endsWith("`") ? " " : "";
        return ticks + pad + body + pad + ticks;
    }

    /**
     * A one-line text that marks code between single backticks, as repofix's candidate
     * descriptions do ({@code `v <= hi` -> `v < hi`}): each marked piece as a {@link #code} span,
     * the rest as escaped {@link #text}, an unpaired backtick as text. Safe whatever the pieces
     * hold (they come from the repository): each goes through the code span or the escaping.
     */
    public static String textWithCode(String s, int max) {
        return textWithCode(s, max, true);
    }

    /** {@link #textWithCode} inside a table cell: pipes escaped, no block opener to escape. */
    static String cellWithCode(String s, int max) {
        return textWithCode(s, max, false);
    }

    private static String textWithCode(String s, int max, boolean atLineStart) {
        String line = visibleLine(s, max);
        String[] parts = line.split("`", -1);
        int pieces = parts.length % 2 == 1 ? parts.length : parts.length - 1;
        StringBuilder out = new StringBuilder();
        StringBuilder plain = new StringBuilder(parts[0]);
        for (int i = 1; i < pieces; i += 2) {
            if (parts[i].isEmpty()) {
                plain.append("``").append(parts[i + 1]);
                continue;
            }
            escapeLine(plain.toString(), atLineStart && out.isEmpty(), out);
            out.append(atLineStart ? code(parts[i], Integer.MAX_VALUE) : codeInCell(parts[i], Integer.MAX_VALUE));
            plain.setLength(0);
            plain.append(parts[i + 1]);
        }
        if (pieces < parts.length) {
            plain.append('`').append(parts[parts.length - 1]);
        }
        escapeLine(plain.toString(), atLineStart && out.isEmpty(), out);
        return out.toString();
    }

    /**
     * A code span inside a table cell: {@code |} escaped as {@code \|}, which GitHub's tables turn
     * back into {@code |} even in code. A backslash right before a pipe would make that
     * ambiguous between parsers; such a text is shown as escaped {@link #text} instead.
     */
    static String codeInCell(String s, int max) {
        String body = visibleLine(s, max);
        if (body.contains("\\|")) {
            return text(body);
        }
        return code(body, max).replace("|", "\\|");
    }

    /** A table cell's text: {@link #cell(String, int)} cut to 200 characters. */
    static String cell(String s) {
        return cell(s, 200);
    }

    /**
     * A table cell's text: as {@link #text}, but a cell holds no block, so a leading {@code -},
     * {@code #} or number needs no escape (and {@code -} for "none" stays as it is).
     */
    public static String cell(String s, int max) {
        StringBuilder out = new StringBuilder();
        escapeLine(visibleLine(s, max), false, out);
        return out.toString();
    }

    /**
     * A fenced code block: the fence is the character, backtick or tilde, whose longest run
     * inside is shorter, and one longer than that run (at least 3), so no line of {@code body}
     * can close it. {@code info} is repofix's own ({@code diff}, {@code sh}, {@code suggestion}).
     * The lines are kept exactly (a suggestion replaces lines with them): {@code body}'s last
     * line break ends its last line, and an empty body is a block of no line.
     */
    public static String fence(String info, String body) {
        String text = visible(body);
        int backticks = longestRun(text, '`');
        int tildes = longestRun(text, '~');
        return backticks <= tildes ? fenced('`', backticks, info, text) : fenced('~', tildes, info, text);
    }

    /**
     * {@link #fence} with backticks whatever the text holds: a review suggestion, which GitHub
     * documents with backtick fences only.
     */
    static String backtickFence(String info, String body) {
        String text = visible(body);
        return fenced('`', longestRun(text, '`'), info, text);
    }

    private static String fenced(char c, int longestRunInside, String info, String text) {
        String fence = String.valueOf(c).repeat(Math.max(3, longestRunInside + 1));
        String lines = text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
        return fence + info + "\n" + lines + fence + "\n";
    }

    /** {@code s} on one line: line breaks and the blanks around them become one space; stripped. */
    static String oneLine(String s) {
        StringBuilder out = new StringBuilder(s.length());
        boolean pendingBreak = false;
        int blanks = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean blank = c == ' ' || c == '\t';
            if (c == '\n' || c == '\r') {
                pendingBreak = true;
            } else if (!(blank && pendingBreak)) {
                if (pendingBreak) {
                    out.setLength(out.length() - blanks); // the blanks before the break
                    out.append(' ');
                    pendingBreak = false;
                    blanks = 0;
                }
                blanks = blank ? blanks + 1 : 0;
                out.append(c);
            }
        }
        return out.toString().strip();
    }

    /** At most {@code max} characters of {@code s} (never half a surrogate pair), with {@link #CUT} when cut. */
    static String cut(String s, int max) {
        if (s.length() <= max) {
            return s;
        }
        int end = Math.max(0, max - CUT.length());
        if (end > 0 && Character.isHighSurrogate(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(0, end) + CUT;
    }

    /**
     * Appends one line (no LF) escaped. At its start, which may be a block's start (after a list
     * marker, a quote, a hard break), leading blanks become no-break spaces and the characters
     * that open a block ({@code # > - + =}, a number followed by {@code .} or {@code )}) are
     * escaped; everywhere, the characters that open inline syntax are ({@code <} and {@code &} when
     * a tag or an entity could follow, {@code _} unless inside a word); and a zero-width joiner
     * breaks mentions ({@code @}), issue references ({@code #1}, {@code !1}) and the autolinks
     * GitHub makes of {@code scheme://} and {@code www.}.
     */
    private static void escapeLine(String line, boolean blockStart, StringBuilder out) {
        int n = line.length();
        int i = 0;
        while (blockStart && i < n && (line.charAt(i) == ' ' || line.charAt(i) == '\t')) {
            out.append(NO_BREAK_SPACE);
            i++;
        }
        int orderedListDelimiter = -1;
        if (blockStart && i < n && "#>-+=".indexOf(line.charAt(i)) >= 0) {
            out.append('\\');
        } else if (blockStart) {
            int j = i;
            while (j < n && line.charAt(j) >= '0' && line.charAt(j) <= '9') {
                j++;
            }
            if (j > i && j < n && (line.charAt(j) == '.' || line.charAt(j) == ')')) {
                orderedListDelimiter = j;
            }
        }
        for (; i < n; i++) {
            char c = line.charAt(i);
            if (c == '_' && i > 0 && i + 1 < n && isAsciiAlphanumeric(line.charAt(i - 1))
                    && isAsciiAlphanumeric(line.charAt(i + 1))) {
                out.append(c); // inside a word (snake_case, TESTS_FAIL) '_' can neither open nor close emphasis
            } else if (ESCAPED_ALWAYS.indexOf(c) >= 0 || i == orderedListDelimiter
                    || c == '<' && i + 1 < n && opensHtml(line.charAt(i + 1))
                    || c == '&' && i + 1 < n && (Character.isLetter(line.charAt(i + 1)) || line.charAt(i + 1) == '#')) {
                out.append('\\').append(c);
            } else if (c == '@') {
                out.append('@').append(ZERO_WIDTH_JOINER);
            } else if ((c == '#' || c == '!') && i + 1 < n && Character.isDigit(line.charAt(i + 1))) {
                out.append(c).append(ZERO_WIDTH_JOINER);
            } else if (c == ':' && line.startsWith("//", i + 1)) {
                out.append(c).append(ZERO_WIDTH_JOINER);
            } else if ((c == 'w' || c == 'W') && line.regionMatches(true, i, "www.", 0, 4)) {
                out.append(line, i, i + 3).append(ZERO_WIDTH_JOINER);
                i += 2;
            } else {
                out.append(c);
            }
        }
    }

    /** The index after the escape sequence that starts at {@code s[esc]} (ESC): CSI, OSC, or two characters. */
    private static int afterEscapeSequence(String s, int esc) {
        int n = s.length();
        int i = esc + 1;
        if (i >= n) {
            return i;
        }
        char kind = s.charAt(i);
        if (kind == '[') { // CSI: parameters 0x30-0x3F, intermediates 0x20-0x2F, one final 0x40-0x7E
            i++;
            while (i < n && s.charAt(i) >= 0x30 && s.charAt(i) <= 0x3F) {
                i++;
            }
            while (i < n && s.charAt(i) >= 0x20 && s.charAt(i) <= 0x2F) {
                i++;
            }
            return i < n && s.charAt(i) >= 0x40 && s.charAt(i) <= 0x7E ? i + 1 : i;
        }
        if (kind == ']') { // OSC (titles, terminal hyperlinks): up to BEL or ESC \; unterminated, only "ESC ]" goes
            for (int j = i + 1; j < n; j++) {
                char c = s.charAt(j);
                if (c == '\u0007') {
                    return j + 1;
                }
                if (c == '\u001B') {
                    return j + 1 < n && s.charAt(j + 1) == '\\' ? j + 2 : i + 1;
                }
                if (c < 0x20) {
                    return i + 1;
                }
            }
            return i + 1;
        }
        return kind >= 0x20 && kind <= 0x7E ? i + 1 : i;
    }

    /**
     * Whether {@code <} followed by {@code c} may start HTML or an autolink: a tag, a closing
     * tag, a comment, declaration, CDATA or processing instruction, a URI. ({@code <0} cannot.)
     */
    private static boolean opensHtml(char c) {
        return Character.isLetter(c) || c == '/' || c == '!' || c == '?';
    }

    private static boolean isAsciiAlphanumeric(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9';
    }

    private static boolean isBidiControl(char c) {
        return c >= '\u202A' && c <= '\u202E' || c >= '\u2066' && c <= '\u2069' || c == '\u200E' || c == '\u200F'
                || c == '\u061C';
    }

    private static int longestRun(String s, char c) {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < s.length(); i++) {
            run = s.charAt(i) == c ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }
}
