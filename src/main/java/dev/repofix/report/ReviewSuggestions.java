package dev.repofix.report;

import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Hunk;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchException;
import dev.repofix.patch.PatchText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns a fix's hunks into GitHub review suggestions. GitHub takes a suggestion only
 * on lines of the pull request's diff (new side), all within one of its hunks; the
 * hunks that fall elsewhere are left out and stay in the sticky comment. Pure.
 */
final class ReviewSuggestions {
    private static final Pattern HUNK_HEADER = Pattern.compile("^@@ -\\d+(?:,\\d+)? \\+(\\d+)(?:,\\d+)? @@");

    /** One suggestion: replace lines {@code startLine..line} of {@code path} with {@code replacement}. */
    record Suggestion(String path, int startLine, int line, List<String> replacement) {
        /** The fence is longer than any run in the lines: a line of backticks in the fix cannot close it. */
        String body() {
            StringBuilder lines = new StringBuilder();
            replacement.forEach(l -> lines.append(l).append('\n'));
            return "repofix: a fix the tests proved.\n\n" + Markdown.backtickFence("suggestion", lines.toString());
        }
    }

    /** What fits on the pull request's diff, and how many hunks did not. */
    record Result(List<Suggestion> suggestions, int leftOut) {}

    private ReviewSuggestions() {}

    /**
     * @param fixDiff   the fix, a unified diff against the head commit
     * @param prPatches per file, the pull request's diff hunks ({@code patch} of the files API)
     */
    static Result of(PatchText fixDiff, Map<String, String> prPatches) {
        Patch fix = switch (fixDiff) {
            case PatchText.Parsed parsed -> parsed.patch();
            // Never for a fix (the validator proved it), but a record read back may say anything.
            case PatchText.Unreadable unreadable -> throw new PatchException(unreadable.reason());
        };
        List<Suggestion> out = new ArrayList<>();
        int leftOut = 0;
        for (FilePatch file : fix.files()) {
            Map<Integer, Integer> diffLines = rightSideLines(prPatches.get(file.path()));
            for (Hunk hunk : file.hunks()) {
                Suggestion s = suggestion(file.path(), hunk);
                if (s != null && inOneHunk(diffLines, s.startLine(), s.line())) {
                    out.add(s);
                } else {
                    leftOut++;
                }
            }
        }
        return new Result(out, leftOut);
    }

    /**
     * The changed part of a hunk as a replacement of old lines. A pure insertion
     * anchors on the line before it (or after it, at the top of a file), which it
     * repeats, because a suggestion must replace at least one existing line.
     */
    static Suggestion suggestion(String path, Hunk hunk) {
        List<HunkLine> lines = hunk.lines();
        int first = -1;
        int last = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).kind() != HunkLine.Kind.CONTEXT) {
                first = first < 0 ? i : first;
                last = i;
            }
        }
        if (first < 0) {
            return null;
        }
        boolean removes = lines.subList(first, last + 1).stream().anyMatch(l -> l.kind() == HunkLine.Kind.REMOVE);
        if (!removes) {
            if (first > 0) {
                first--;
            } else if (last + 1 < lines.size()) {
                last++;
            } else {
                return null; // a new file's content: nothing to anchor on
            }
        }
        int oldLine = hunk.oldStart();
        int start = -1;
        int end = -1;
        List<String> replacement = new ArrayList<>();
        for (int i = 0; i <= last; i++) {
            HunkLine l = lines.get(i);
            boolean old = l.kind() != HunkLine.Kind.ADD;
            if (i >= first) {
                if (old) {
                    start = start < 0 ? oldLine : start;
                    end = oldLine;
                }
                if (l.kind() != HunkLine.Kind.REMOVE) {
                    replacement.add(l.text());
                }
            }
            if (old) {
                oldLine++;
            }
        }
        return new Suggestion(path, start, end, replacement);
    }

    /** New-side line numbers of a PR file's diff, each mapped to the number of its hunk. */
    static Map<Integer, Integer> rightSideLines(String patch) {
        Map<Integer, Integer> lines = new HashMap<>();
        if (patch == null) {
            return lines;
        }
        int hunk = -1;
        int next = 0;
        for (String l : patch.split("\n", -1)) {
            Matcher m = HUNK_HEADER.matcher(l);
            if (m.find()) {
                hunk++;
                next = Integer.parseInt(m.group(1));
            } else if (hunk >= 0 && (l.startsWith(" ") || l.startsWith("+"))) {
                lines.put(next++, hunk);
            }
        }
        return lines;
    }

    private static boolean inOneHunk(Map<Integer, Integer> diffLines, int start, int end) {
        Integer hunk = diffLines.get(start);
        if (hunk == null) {
            return false;
        }
        for (int line = start; line <= end; line++) {
            if (!hunk.equals(diffLines.get(line))) {
                return false;
            }
        }
        return true;
    }
}
