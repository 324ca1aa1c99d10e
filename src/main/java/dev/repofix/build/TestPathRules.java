package dev.repofix.build;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Which repository paths are test code, per ecosystem, in one table. A patch is split
 * by these rules into source changes and test changes; a fix that only passes with its
 * own test edits proves nothing.
 */
public final class TestPathRules {
    /** The table: ecosystem to globs ({@code **} any folders, {@code *} within a name, {@code {a,b}} either). */
    static final Map<String, List<String>> TABLE = Map.of(
            "java", List.of("**/src/test/**", "**/src/it/**", "**/src/integration-test/**",
                    "**/src/integrationTest/**", "**/src/testFixtures/**"),
            "python", List.of("**/tests/**", "**/test/**", "**/test_*.py", "**/*_test.py", "**/conftest.py"),
            "go", List.of("**/*_test.go", "**/testdata/**"),
            "javascript", List.of("**/*.{test,spec}.{js,jsx,ts,tsx,mjs,cjs,mts,cts}", "**/__tests__/**",
                    "**/test/**", "**/tests/**"),
            "rust", List.of("**/tests/**", "**/benches/**"),
            "generic", List.of("**/test_*", "**/*_test.*", "**/*.test.*", "**/*.spec.*", "**/spec/**"));

    private final List<Pattern> patterns;

    private TestPathRules(List<Pattern> patterns) {
        this.patterns = List.copyOf(patterns);
    }

    /** The rules of the given ecosystems (keys of the table). */
    public static TestPathRules of(String... ecosystems) {
        List<Pattern> out = new ArrayList<>();
        for (String e : ecosystems) {
            List<String> globs = TABLE.get(e);
            if (globs == null) {
                throw new IllegalArgumentException("no test-path rules for " + e + "; known: " + TABLE.keySet());
            }
            globs.forEach(g -> out.add(globToRegex(g)));
        }
        return new TestPathRules(out);
    }

    /** Rules from user globs (e.g. from configuration), replacing the table. */
    public static TestPathRules ofGlobs(List<String> globs) {
        return new TestPathRules(globs.stream().map(TestPathRules::globToRegex).toList());
    }

    public boolean isTestPath(String relativePath) {
        String p = relativePath.replace('\\', '/');
        return patterns.stream().anyMatch(r -> r.matcher(p).matches());
    }

    static Pattern globToRegex(String glob) {
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
