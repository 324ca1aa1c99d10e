package dev.repofix.patch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds where a hunk's old lines stand in a text, from most to least exact: verbatim at
 * the expected line, verbatim elsewhere, with whitespace collapsed, then with up to
 * {@value #MAX_FUZZ} context lines dropped at each end. The first step that matches
 * anywhere decides; it must single out one place (the only match, or one strictly
 * nearer the expected line than every other), else the hunk is ambiguous. Later steps
 * only ever match more places, so going on past an ambiguity could only guess.
 */
final class HunkLocator {
    static final int MAX_FUZZ = 2;

    /** Where the hunk's old lines are, or why not. */
    sealed interface Result {}

    /**
     * Found at 0-based {@code index}, after dropping {@code lead} leading and {@code trail}
     * trailing context lines of the hunk.
     */
    record Found(int index, Placement placement, int lead, int trail) implements Result {}

    /** Matched at several 0-based {@code indices}, none nearer the expected line than the rest. */
    record Ambiguous(List<Integer> indices, int size) implements Result {}

    record NotFound() implements Result {}

    private final List<String> text;
    private List<String> collapsed;

    HunkLocator(List<String> text) {
        this.text = text;
    }

    /**
     * Locates the old lines of {@code lines} (which has at least one), expecting them at
     * 0-based {@code expected}, or anywhere when it is negative.
     */
    Result locate(List<HunkLine> lines, int expected) {
        List<String> old = oldLines(lines);
        Result exact = choose(matches(old, false), expected, old.size(), null);
        if (!(exact instanceof NotFound)) {
            return exact;
        }
        Result loose = choose(matches(old, true), expected, old.size(), Placement.WHITESPACE);
        return loose instanceof NotFound ? fuzzy(lines, expected) : loose;
    }

    /** Drops one, then two context lines at each end (as many as there are) and retries. */
    private Result fuzzy(List<HunkLine> lines, int expected) {
        int leading = contextRun(lines, 0, 1);
        int trailing = contextRun(lines, lines.size() - 1, -1);
        int lastLead = 0;
        int lastTrail = 0;
        for (int fuzz = 1; fuzz <= MAX_FUZZ; fuzz++) {
            int lead = Math.min(fuzz, leading);
            int trail = Math.min(fuzz, trailing);
            if (lead == lastLead && trail == lastTrail || lead + trail >= lines.size()) {
                continue;
            }
            lastLead = lead;
            lastTrail = trail;
            List<String> old = oldLines(lines.subList(lead, lines.size() - trail));
            if (old.stream().allMatch(String::isBlank)) {
                continue; // blank lines alone would match anywhere
            }
            int at = expected < 0 ? -1 : expected + lead;
            for (boolean loose : new boolean[] {false, true}) {
                Result r = choose(matches(old, loose), at, old.size(), Placement.FUZZY);
                if (r instanceof Found f) {
                    return new Found(f.index(), Placement.FUZZY, lead, trail);
                }
                if (r instanceof Ambiguous) {
                    return r;
                }
            }
        }
        return new NotFound();
    }

    /**
     * The match to use. {@code placement} null means the verbatim step, where a match at the
     * expected line (or the only match of a hunk with no line) is EXACT and any other OFFSET.
     */
    private static Result choose(List<Integer> found, int expected, int size, Placement placement) {
        if (found.isEmpty()) {
            return new NotFound();
        }
        int best = found.get(0);
        if (found.size() > 1) {
            if (expected < 0) {
                return new Ambiguous(found, size);
            }
            List<Integer> byDistance = new ArrayList<>(found);
            byDistance.sort(Comparator.comparingInt(i -> Math.abs(i - expected)));
            best = byDistance.get(0);
            if (Math.abs(byDistance.get(1) - expected) == Math.abs(best - expected)) {
                return new Ambiguous(found, size);
            }
        }
        if (placement != null) {
            return new Found(best, placement, 0, 0);
        }
        return new Found(best, best == expected || expected < 0 ? Placement.EXACT : Placement.OFFSET, 0, 0);
    }

    /** The 0-based indices where {@code old} stands in the text, verbatim or with whitespace collapsed. */
    private List<Integer> matches(List<String> old, boolean loose) {
        List<String> needle = loose ? old.stream().map(HunkLocator::collapse).toList() : old;
        List<String> haystack = loose ? collapsedText() : text;
        List<Integer> found = new ArrayList<>();
        String first = needle.get(0);
        for (int i = 0; i + needle.size() <= haystack.size(); i++) {
            // The first line rules out almost every place without a sublist made for it.
            if (haystack.get(i).equals(first) && haystack.subList(i, i + needle.size()).equals(needle)) {
                found.add(i);
            }
        }
        return found;
    }

    private List<String> collapsedText() {
        if (collapsed == null) {
            collapsed = text.stream().map(HunkLocator::collapse).toList();
        }
        return collapsed;
    }

    static List<String> oldLines(List<HunkLine> lines) {
        return lines.stream().filter(HunkLine::isOld).map(HunkLine::text).toList();
    }

    /** How many context lines run from {@code from} in direction {@code step}. */
    private static int contextRun(List<HunkLine> lines, int from, int step) {
        int n = 0;
        for (int i = from; i >= 0 && i < lines.size() && lines.get(i).kind() == HunkLine.Kind.CONTEXT; i += step) {
            n++;
        }
        return n;
    }

    /** A line with every whitespace run made one space and both ends trimmed. */
    static String collapse(String line) {
        return line.strip().replaceAll("\\s+", " ");
    }
}
