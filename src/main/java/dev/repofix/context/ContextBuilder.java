package dev.repofix.context;

import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Chooses the repository code a model sees for a failure: windows around the failing
 * tests' stack frames first (deepest frame first, source before test code), then the
 * BM25 best matches of the failure text, all cut to a token budget. Reads the files
 * under {@code report.files().root()}; no network. In a large repository BM25 indexes the
 * {@value #MAX_INDEXED_FILES} code files nearest the failure (see {@link #filesToIndex}), so
 * the time it takes does not grow with the repository.
 */
public final class ContextBuilder {
    /** BM25 windows offered to the budget; 128K tokens hold about this many 40-line windows. */
    static final int MAX_HITS = 300;
    /** Code files indexed at most: what a budget of 128K tokens could ever choose from, many times over. */
    static final int MAX_INDEXED_FILES = 5_000;

    private final TokenCounter counter;

    public ContextBuilder(TokenCounter counter) {
        this.counter = Objects.requireNonNull(counter, "counter");
    }

    /** The context for {@code report}, whose rendered text has at most {@code budget.tokens()} tokens. */
    public Context build(FailureReport report, ContextBudget budget) {
        return build(report, budget.tokens());
    }

    Context build(FailureReport report, int budgetTokens) {
        SourceFiles sources = new SourceFiles(report.files());
        List<Candidate> candidates = new ArrayList<>(frameWindows(report, sources));
        CodeAnalyzer analyzer = new CodeAnalyzer();
        List<String> indexed = filesToIndex(report);
        Bm25Index index = new Bm25Index(analyzer, sources, indexed, report.build()::isTestPath);
        index.search(QueryTerms.of(report, sources, analyzer), MAX_HITS)
                .forEach(hit -> candidates.add(Candidate.headFirst(hit)));
        List<ContextChunk> chunks = new BudgetPacker(counter).pack(candidates, budgetTokens);
        Context sized = new Context(chunks, 0, budgetTokens);
        return new Context(chunks, counter.count(sized.render()), budgetTokens);
    }

    /**
     * The code files BM25 indexes: all of them up to {@value #MAX_INDEXED_FILES}; past that
     * the nearest to the failure, by the folders they share with the files its stack frames
     * and test ids name (a file in a frame's folder before one in its parent's, and so on),
     * ties in path order.
     */
    static List<String> filesToIndex(FailureReport report) {
        List<String> code = report.files().files().stream().filter(SourceFiles::isCode).toList();
        if (code.size() <= MAX_INDEXED_FILES) {
            return code;
        }
        Set<String> anchors = new HashSet<>();
        for (TestResult test : report.failing()) {
            test.frames().forEach(f -> anchors.add(folderOf(f.file())));
            // pytest ids start with the test file; JUnit ids with the class, whose file ends so.
            String id = test.id();
            int cut = id.indexOf("::");
            if (cut > 0) {
                anchors.add(folderOf(id.substring(0, cut)));
            } else {
                String type = id.replaceFirst("#.*$", "").replaceFirst("\\$.*$", "").replace('.', '/');
                for (String ext : List.of(".java", ".kt", ".scala", ".groovy")) {
                    report.files().endingWith(type + ext).forEach(f -> anchors.add(folderOf(f)));
                }
            }
        }
        record Near(String file, int shared) {}
        return code.stream()
                .map(f -> new Near(f, anchors.stream().mapToInt(a -> sharedFolders(folderOf(f), a)).max().orElse(0)))
                .sorted(Comparator.comparingInt(Near::shared).reversed().thenComparing(Near::file))
                .limit(MAX_INDEXED_FILES).map(Near::file).toList();
    }

    private static String folderOf(String path) {
        int slash = path.lastIndexOf('/');
        return slash < 0 ? "" : path.substring(0, slash);
    }

    /** How many leading folders {@code a} and {@code b} share; one more when they are the same folder. */
    private static int sharedFolders(String a, String b) {
        String[] x = a.isEmpty() ? new String[0] : a.split("/");
        String[] y = b.isEmpty() ? new String[0] : b.split("/");
        int n = 0;
        while (n < x.length && n < y.length && x[n].equals(y[n])) {
            n++;
        }
        return n == x.length && n == y.length ? n + 1 : n;
    }

    /**
     * One window per distinct frame line of the failing tests, source files before test
     * files, then by depth (deepest, where it was thrown, first), then by test order.
     */
    static List<Candidate> frameWindows(FailureReport report, SourceFiles sources) {
        record Ranked(TestResult test, StackFrame frame, int depth, boolean inTest) {}
        List<Ranked> ranked = new ArrayList<>();
        for (TestResult test : report.failing()) {
            for (int depth = 0; depth < test.frames().size(); depth++) {
                StackFrame frame = test.frames().get(depth);
                ranked.add(new Ranked(test, frame, depth, report.build().isTestPath(frame.file())));
            }
        }
        ranked.sort(Comparator.comparing(Ranked::inTest).thenComparingInt(Ranked::depth));
        Set<String> seen = new HashSet<>();
        List<Candidate> out = new ArrayList<>();
        for (Ranked r : ranked) {
            StackFrame frame = r.frame();
            if (!seen.add(frame.file() + ":" + frame.line())) {
                continue;
            }
            sources.lines(frame.file()).ifPresent(lines -> {
                int focus = Math.min(frame.line(), lines.size());
                int[] window = FrameWindow.around(lines, focus);
                String reason = "stack frame of " + r.test().id();
                out.add(new Candidate(ContextChunk.of(frame.file(), lines, window[0], window[1], reason, 0), focus));
            });
        }
        return out;
    }
}
