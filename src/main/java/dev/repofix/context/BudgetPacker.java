package dev.repofix.context;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Fills a token budget with candidates in priority order. Lines already chosen are not
 * paid for twice: a candidate overlapping them keeps only its new lines. A candidate
 * that does not fit whole is cut to the lines around its focus that fit, when at least
 * {@link #MIN_LINES} do; otherwise it is skipped and smaller later ones may still fit.
 * A leftover too short to stand alone that touches a chosen chunk is added to it: a file's
 * last lines, left over by a window that overlaps an earlier one, are shown too.
 * The rendered result never exceeds the budget.
 */
final class BudgetPacker {
    /** Fewer lines than this tell a model too little to be worth their header. */
    static final int MIN_LINES = 10;
    /** Leftovers of an overlapping candidate shorter than this are dropped. */
    static final int MIN_PIECE = 3;

    private final TokenCounter counter;

    BudgetPacker(TokenCounter counter) {
        this.counter = counter;
    }

    List<ContextChunk> pack(List<Candidate> candidates, int budget) {
        Map<String, List<ContextChunk>> chosenByFile = new HashMap<>();
        List<ContextChunk> chosen = new ArrayList<>();
        int used = 0;
        for (Candidate candidate : candidates) {
            List<ContextChunk> ofFile = chosenByFile.getOrDefault(candidate.chunk().file(), List.of());
            for (Candidate piece : uncovered(candidate, ofFile)) {
                if (piece.chunk().lineCount() < Math.min(MIN_PIECE, candidate.chunk().lineCount())) {
                    used += extend(ofFile, chosen, piece.chunk(), budget - used);
                    continue;
                }
                ContextChunk fitted = fit(piece, budget - used);
                if (fitted != null) {
                    chosen.add(fitted);
                    chosenByFile.computeIfAbsent(fitted.file(), f -> new ArrayList<>()).add(fitted);
                    used += cost(fitted);
                }
            }
        }
        return enforce(chosen, budget);
    }

    /**
     * Adds {@code piece} to the chosen chunk of its file it touches, when the grown chunk fits
     * {@code room}; replaces that chunk in {@code ofFile} and {@code chosen}.
     *
     * @return the tokens it added; 0 when it touched none or did not fit
     */
    private int extend(List<ContextChunk> ofFile, List<ContextChunk> chosen, ContextChunk piece, int room) {
        for (int i = 0; i < ofFile.size(); i++) {
            ContextChunk c = ofFile.get(i);
            ContextChunk grown = c.endLine() + 1 == piece.startLine() ? joined(c, piece)
                    : piece.endLine() + 1 == c.startLine() ? joined(piece, c) : null;
            if (grown == null) {
                continue;
            }
            int added = cost(grown) - cost(c);
            if (added > room) {
                return 0;
            }
            ofFile.set(i, grown);
            chosen.set(chosen.indexOf(c), grown);
            return added;
        }
        return 0;
    }

    /** {@code first} and {@code second}, consecutive lines of one file, as one chunk with the first's reason. */
    private static ContextChunk joined(ContextChunk first, ContextChunk second) {
        return new ContextChunk(first.file(), first.startLine(), second.endLine(), first.text() + "\n" + second.text(),
                first.reason(), first.score());
    }

    /**
     * The parts of {@code candidate} no chosen chunk covers, each with a focus inside it; a part
     * shorter than {@link #MIN_PIECE} is kept only when it touches a chosen chunk.
     */
    private static List<Candidate> uncovered(Candidate candidate, List<ContextChunk> chosen) {
        ContextChunk chunk = candidate.chunk();
        boolean[] covered = new boolean[chunk.lineCount()];
        for (ContextChunk c : chosen) {
            for (int line = Math.max(c.startLine(), chunk.startLine()); line <= Math.min(c.endLine(), chunk.endLine()); line++) {
                covered[line - chunk.startLine()] = true;
            }
        }
        List<Candidate> pieces = new ArrayList<>();
        int i = 0;
        while (i < covered.length) {
            if (covered[i]) {
                i++;
                continue;
            }
            int from = i;
            while (i < covered.length && !covered[i]) {
                i++;
            }
            int start = chunk.startLine() + from;
            int end = chunk.startLine() + i - 1;
            boolean touches = from > 0 || i < covered.length;
            if (end - start + 1 >= Math.min(MIN_PIECE, chunk.lineCount()) || touches) {
                int focus = Math.min(Math.max(candidate.focusLine(), start), end);
                pieces.add(new Candidate(chunk.slice(start, end), focus));
            }
        }
        return pieces;
    }

    /** The candidate whole, or cut around its focus to what {@code room} allows, or null. */
    private ContextChunk fit(Candidate candidate, int room) {
        ContextChunk chunk = candidate.chunk();
        if (cost(chunk) <= room) {
            return chunk;
        }
        int[] lineCosts = lineCosts(chunk);
        int header = headerCost(chunk);
        int best = 0;
        int lo = Math.min(MIN_LINES, chunk.lineCount());
        int hi = chunk.lineCount() - 1;
        while (lo <= hi) {
            int n = (lo + hi) >>> 1;
            int[] range = centred(candidate, n);
            if (header + sum(lineCosts, range[0] - chunk.startLine(), range[1] - chunk.startLine()) <= room) {
                best = n;
                lo = n + 1;
            } else {
                hi = n - 1;
            }
        }
        if (best < Math.min(MIN_LINES, chunk.lineCount())) {
            return null;
        }
        int[] range = centred(candidate, best);
        return chunk.slice(range[0], range[1]);
    }

    /** The {@code n} lines of the candidate's chunk with its focus in the middle, moved inside the chunk. */
    private static int[] centred(Candidate candidate, int n) {
        ContextChunk chunk = candidate.chunk();
        int start = Math.max(chunk.startLine(), candidate.focusLine() - n / 2);
        int end = Math.min(chunk.endLine(), start + n - 1);
        start = Math.max(chunk.startLine(), end - n + 1);
        return new int[] {start, end};
    }

    /**
     * Per-chunk costs are summed, but BPE over the joined text can differ slightly: the
     * rendered text is counted, and the last chunks trimmed until it fits.
     */
    private List<ContextChunk> enforce(List<ContextChunk> chosen, int budget) {
        List<ContextChunk> out = new ArrayList<>(chosen);
        while (!out.isEmpty() && counter.count(new Context(out, 0, budget).render()) > budget) {
            ContextChunk last = out.remove(out.size() - 1);
            int keep = last.lineCount() - Math.max(1, last.lineCount() / 10);
            if (keep >= MIN_LINES) {
                out.add(last.slice(last.startLine(), last.startLine() + keep - 1));
            }
        }
        return out;
    }

    /** Tokens the chunk adds when rendered as its own block, separator included. */
    int cost(ContextChunk chunk) {
        return headerCost(chunk) + sum(lineCosts(chunk), 0, chunk.lineCount() - 1);
    }

    /** The header line and the blank line that separates the block from the next. */
    private int headerCost(ContextChunk chunk) {
        return counter.count(Context.header(chunk.file(), chunk.startLine(), chunk.endLine())) + 1;
    }

    private int[] lineCosts(ContextChunk chunk) {
        List<String> lines = chunk.lines();
        int[] costs = new int[lines.size()];
        for (int i = 0; i < costs.length; i++) {
            costs[i] = counter.count(Context.numbered(chunk.startLine() + i, lines.get(i)));
        }
        return costs;
    }

    private static int sum(int[] values, int from, int to) {
        int total = 0;
        for (int i = from; i <= to; i++) {
            total += values[i];
        }
        return total;
    }
}
