package dev.repofix.build;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Which repository paths are test code. A patch is split by these rules into source
 * changes and test changes; a fix that only passes with its own test edits proves
 * nothing. Each ecosystem keeps its own rules (its {@link Ecosystem#testPaths()}, which
 * its build's {@link BuildSystem#isTestPath} answers); {@link #of(String...)} gathers
 * them by language.
 */
public final class TestPathRules {
    /** Paths that are tests in any ecosystem's conventions: for builds repofix does not know. */
    private static final List<String> GENERIC =
            List.of("**/test_*", "**/*_test.*", "**/*.test.*", "**/*.spec.*", "**/spec/**");

    private final List<Predicate<String>> rules;

    private TestPathRules(List<Predicate<String>> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * The rules of the given languages' ecosystems ({@link Ecosystem#language()}, e.g.
     * "java", "python"), or "generic" for the conventions of any.
     */
    public static TestPathRules of(String... languages) {
        Ecosystems ecosystems = Ecosystems.standard();
        List<Predicate<String>> out = new ArrayList<>();
        for (String language : languages) {
            if (language.equals("generic")) {
                out.add(ofGlobs(GENERIC)::isTestPath);
            } else if (ecosystems.knows(language)) {
                out.add(ecosystems.testPathsOf(language));
            } else {
                throw new IllegalArgumentException("no test-path rules for " + language + "; known: generic and the "
                        + "languages of " + ecosystems.lookedFor());
            }
        }
        return new TestPathRules(out);
    }

    /** Rules from globs ({@code **} any folders, {@code *} within a name, {@code {a,b}} either). */
    public static TestPathRules ofGlobs(List<String> globs) {
        List<Pattern> patterns = globs.stream().map(TestPathRules::globToRegex).toList();
        return new TestPathRules(List.of(path -> patterns.stream().anyMatch(r -> r.matcher(path).matches())));
    }

    public boolean isTestPath(String relativePath) {
        String p = relativePath.replace('\\', '/');
        return rules.stream().anyMatch(r -> r.test(p));
    }

    /**
     * {@code glob} as a pattern over whole {@code /}-separated paths: {@code **}{@code /} any
     * folders (none included), {@code **} anything, {@code *} and {@code ?} within a name,
     * {@code {a,b}} either. Shared by the protected-path table of patches.
     */
    public static Pattern globToRegex(String glob) {
        StringBuilder re = new StringBuilder();
        int i = 0;
        boolean inBraces = false;
        while (i < glob.length()) {
            char c = glob.charAt(i);
            if (glob.startsWith("**/", i)) {
                re.append("(?:.*/)?");
                i += 3;
                continue;
            }
            if (glob.startsWith("**", i)) {
                re.append(".*");
                i += 2;
                continue;
            }
            switch (c) {
                case '*' -> re.append("[^/]*");
                case '?' -> re.append("[^/]");
                case '{' -> {
                    re.append("(?:");
                    inBraces = true;
                }
                case '}' -> {
                    re.append(')');
                    inBraces = false;
                }
                case ',' -> re.append(inBraces ? "|" : ",");
                default -> re.append(Pattern.quote(String.valueOf(c)));
            }
            i++;
        }
        return Pattern.compile(re.toString());
    }
}
