package dev.repofix.context;

import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The BM25 query for a failure: terms of the failing tests' names, their messages, the
 * exception lines of their traces, and the code on their frame lines, in that order of
 * priority, capped at {@link #MAX_TERMS}. Words every trace carries (framework packages,
 * "line", "file") are left out: they match everything and find nothing.
 */
final class QueryTerms {
    static final int MAX_TERMS = 64;
    /** Lines of one trace looked at; past them traces repeat themselves (causes, suppressed). */
    static final int MAX_TRACE_LINES = 60;

    private static final Set<String> NOISE = Set.of(
            "java", "lang", "org", "junit", "jupiter", "opentest4j", "api", "assertions", "sun", "reflect",
            "jdk", "internal", "base", "python", "pytest", "py", "line", "file", "self", "true", "false",
            "null", "none", "test", "tests");
    /** Frame lines of a JVM trace and pytest's location lines: their useful part is in the frames already. */
    private static final Pattern LOCATION_LINE = Pattern.compile("\\s*(at |File \"|\\.\\.\\. \\d+ more).*");
    private static final Pattern NUMBER = Pattern.compile("\\d+");

    private QueryTerms() {}

    static List<String> of(FailureReport report, SourceFiles sources, CodeAnalyzer analyzer) {
        List<String> texts = new ArrayList<>();
        for (TestResult t : report.failing()) {
            texts.add(t.id().replace('#', ' ').replace("::", " "));
            texts.add(t.message());
        }
        for (TestResult t : report.failing()) {
            for (StackFrame f : t.frames()) {
                texts.add(f.function());
                sources.lines(f.file())
                        .filter(lines -> f.line() <= lines.size())
                        .ifPresent(lines -> texts.add(lines.get(f.line() - 1)));
            }
        }
        for (TestResult t : report.failing()) {
            texts.add(exceptionLines(t.trace()));
        }
        Set<String> terms = new LinkedHashSet<>();
        for (String text : texts) {
            for (String term : analyzer.terms(text)) {
                if (term.length() > 1 && !NOISE.contains(term) && !NUMBER.matcher(term).matches()) {
                    terms.add(term);
                }
                if (terms.size() == MAX_TERMS) {
                    return List.copyOf(terms);
                }
            }
        }
        return List.copyOf(terms);
    }

    private static String exceptionLines(String trace) {
        StringBuilder out = new StringBuilder();
        String[] lines = trace.split("\r?\n");
        for (int i = 0; i < Math.min(lines.length, MAX_TRACE_LINES); i++) {
            if (!LOCATION_LINE.matcher(lines[i]).matches()) {
                out.append(lines[i]).append('\n');
            }
        }
        return out.toString();
    }
}
