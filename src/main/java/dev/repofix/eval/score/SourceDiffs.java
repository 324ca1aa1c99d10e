package dev.repofix.eval.score;

import dev.repofix.build.TestPathRules;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.HunkLine;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchText;
import dev.repofix.workspace.Language;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Whether a fix makes the same source change as the reference patch: the same files, and in
 * each the same removed and the same added lines in order, where lines are compared without
 * any whitespace (as {@code git diff -w} does) and blank lines are dropped, and hunk headers
 * (line numbers) and context lines are ignored. Test files are left out of the fix first, by the language's rules.
 */
final class SourceDiffs {
    private SourceDiffs() {}

    /** Empty when either diff cannot be parsed (a reference that is no diff is no reference). */
    static Optional<Boolean> sameChange(PatchText fixDiff, PatchText referenceSourcePatch, String language) {
        Optional<Map<String, Change>> fix = changes(fixDiff, rules(language));
        Optional<Map<String, Change>> reference = changes(referenceSourcePatch, rules(language));
        if (fix.isEmpty() || reference.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(fix.get().equals(reference.get()));
    }

    private static TestPathRules rules(String language) {
        String l = language.toLowerCase(java.util.Locale.ROOT);
        if (l.equals("typescript")) {
            l = "javascript";
        }
        return Language.ofKey(l).filter(Language::hasEcosystem).isPresent() ? TestPathRules.of(l, "generic")
                : TestPathRules.of("generic");
    }

    /** Removed and added lines of one file, normalised. */
    private record Change(List<String> removed, List<String> added) {}

    private static Optional<Map<String, Change>> changes(PatchText diff, TestPathRules tests) {
        return switch (diff) {
            case PatchText.Unreadable unreadable -> Optional.empty();
            case PatchText.Parsed parsed -> Optional.of(changes(parsed.patch(), tests));
        };
    }

    private static Map<String, Change> changes(Patch patch, TestPathRules tests) {
        Map<String, Change> out = new TreeMap<>();
        for (FilePatch file : patch.files()) {
            if (tests.isTestPath(file.path())) {
                continue;
            }
            List<String> removed = new ArrayList<>();
            List<String> added = new ArrayList<>();
            file.hunks().forEach(h -> h.lines().forEach(l -> {
                String text = normalise(l.text());
                if (text.isEmpty()) {
                    return;
                }
                if (l.kind() == HunkLine.Kind.REMOVE) {
                    removed.add(text);
                } else if (l.kind() == HunkLine.Kind.ADD) {
                    added.add(text);
                }
            }));
            if (!removed.isEmpty() || !added.isEmpty()) {
                out.put(file.path(), new Change(removed, added));
            }
        }
        return out;
    }

    private static String normalise(String line) {
        return line.replaceAll("\\s+", "");
    }
}
