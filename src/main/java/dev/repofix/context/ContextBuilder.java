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
 * under {@code report.files().root()}; no network.
 */
public final class ContextBuilder {
    /** BM25 windows offered to the budget; 128K tokens hold about this many 40-line windows. */
    static final int MAX_HITS = 300;

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
        List<String> indexed = report.files().files().stream().filter(SourceFiles::isCode).toList();
        Bm25Index index = new Bm25Index(analyzer, sources, indexed, report.build()::isTestPath);
        index.search(QueryTerms.of(report, sources, analyzer), MAX_HITS)
                .forEach(hit -> candidates.add(Candidate.headFirst(hit)));
        List<ContextChunk> chunks = new BudgetPacker(counter).pack(candidates, budgetTokens);
        Context sized = new Context(chunks, 0, budgetTokens);
        return new Context(chunks, counter.count(sized.render()), budgetTokens);
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
