package dev.repofix.env;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A PEP 440 version specifier over release numbers, as {@code requires-python} writes it
 * ({@code >=3.8,<3.11}, {@code ~=3.9}, {@code ==3.10.*}, {@code !=3.9.0}): every clause must
 * hold. Pre-release and local parts are not compared (an interpreter is a release);
 * {@code ===} is not supported.
 */
final class PythonSpecifier {
    private static final Pattern CLAUSE = Pattern.compile("\\s*(~=|==|!=|<=|>=|<|>)\\s*(\\d+(?:\\.\\d+)*)(\\.\\*)?\\s*");

    private record Clause(String op, int[] release, boolean wildcard) {}

    private final String text;
    private final List<Clause> clauses;

    private PythonSpecifier(String text, List<Clause> clauses) {
        this.text = text;
        this.clauses = List.copyOf(clauses);
    }

    /**
     * Parses {@code text}: a specifier, or a bare version such as {@code 3.9} (the
     * {@code python-version} setting), which means {@code ==3.9.*}.
     *
     * @throws IllegalArgumentException naming the clause that is not one
     */
    static PythonSpecifier parse(String text) {
        String trimmed = text.strip();
        if (trimmed.matches("\\d+(\\.\\d+)*")) {
            trimmed = "==" + trimmed + ".*";
        }
        List<Clause> clauses = new ArrayList<>();
        for (String part : trimmed.split(",")) {
            Matcher m = CLAUSE.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + part.strip() + "' is not a version clause such as >=3.8, <3.11, "
                        + "~=3.9 or ==3.10.*");
            }
            boolean wildcard = m.group(3) != null;
            if (wildcard && !(m.group(1).equals("==") || m.group(1).equals("!="))) {
                throw new IllegalArgumentException("'" + part.strip() + "': a wildcard goes only with == or !=");
            }
            int[] release = Arrays.stream(m.group(2).split("\\.")).mapToInt(Integer::parseInt).toArray();
            if (m.group(1).equals("~=") && release.length < 2) {
                throw new IllegalArgumentException("'" + part.strip() + "': ~= needs at least two numbers");
            }
            clauses.add(new Clause(m.group(1), release, wildcard));
        }
        return new PythonSpecifier(text.strip(), clauses);
    }

    /** Whether {@code version} (e.g. {@code [3, 9, 18]}) satisfies every clause. */
    boolean allows(int[] version) {
        return clauses.stream().allMatch(c -> holds(c, version));
    }

    private static boolean holds(Clause c, int[] v) {
        return switch (c.op()) {
            case "==" -> c.wildcard() ? prefixMatches(v, c.release()) : compare(v, c.release()) == 0;
            case "!=" -> c.wildcard() ? !prefixMatches(v, c.release()) : compare(v, c.release()) != 0;
            case "<=" -> compare(v, c.release()) <= 0;
            case ">=" -> compare(v, c.release()) >= 0;
            case "<" -> compare(v, c.release()) < 0;
            case ">" -> compare(v, c.release()) > 0;
            case "~=" -> compare(v, c.release()) >= 0
                    && prefixMatches(v, Arrays.copyOf(c.release(), c.release().length - 1));
            default -> throw new IllegalStateException(c.op());
        };
    }

    /** Release numbers compared with missing ones as zero: 3.9 == 3.9.0. */
    static int compare(int[] a, int[] b) {
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            int x = i < a.length ? a[i] : 0;
            int y = i < b.length ? b[i] : 0;
            if (x != y) {
                return Integer.compare(x, y);
            }
        }
        return 0;
    }

    private static boolean prefixMatches(int[] v, int[] prefix) {
        for (int i = 0; i < prefix.length; i++) {
            if ((i < v.length ? v[i] : 0) != prefix[i]) {
                return false;
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return text.toLowerCase(Locale.ROOT);
    }
}
