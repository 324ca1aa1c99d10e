package dev.repofix.eval.cases;

import dev.repofix.build.TestPathRules;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A case's reference patch as two unified diffs: the change to the source, which is the
 * fix, and the change to the tests, which shows it. Either may be empty here; a case
 * file needs a source part ({@link CaseFile} checks it). Neither is null.
 *
 * @param source the diff of the non-test files
 * @param test   the diff of the test files
 */
public record ReferencePatch(String source, String test) {
    public ReferencePatch {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(test, "test");
    }

    /**
     * Splits one unified diff into its source part and its test part by path: each file's
     * section of {@code fullDiff} goes, as written, to the part {@code rules} say; text
     * before the first file (a commit message) is dropped.
     *
     * @throws dev.repofix.patch.PatchException when {@code fullDiff} is no diff {@link PatchParser} reads
     */
    public static ReferencePatch split(String fullDiff, TestPathRules rules) {
        return split(fullDiff, PatchParser.parse(fullDiff), rules);
    }

    /**
     * {@link #split(String, TestPathRules)} of a diff already parsed into {@code whole}.
     *
     * @throws dev.repofix.patch.PatchException when a file's section of {@code fullDiff} is no diff on its own
     */
    public static ReferencePatch split(String fullDiff, Patch whole, TestPathRules rules) {
        StringBuilder source = new StringBuilder();
        StringBuilder test = new StringBuilder();
        List<String> seen = new ArrayList<>();
        for (String section : sections(fullDiff)) {
            Patch one = PatchParser.parse(section);
            seen.addAll(one.files().stream().map(FilePatch::path).toList());
            (rules.isTestPath(one.files().get(0).path()) ? test : source).append(section);
        }
        if (!seen.equals(whole.files().stream().map(FilePatch::path).toList())) {
            // The sections did not cut the diff where the parser does (an unusual header
            // layout): render the parsed parts instead, which loses only index and mode lines.
            return new ReferencePatch(renderOrEmpty(whole.filter(p -> !rules.isTestPath(p))),
                    renderOrEmpty(whole.filter(rules::isTestPath)));
        }
        return new ReferencePatch(source.toString(), test.toString());
    }

    private static String renderOrEmpty(Patch patch) {
        return patch.isEmpty() ? "" : patch.render();
    }

    /**
     * The text of each file's section, line separators kept: a section starts at a
     * {@code diff --git} line, or at a {@code ---}/{@code +++} pair when the current
     * section already had one (the rule {@link PatchParser} follows too).
     */
    static List<String> sections(String diff) {
        List<String> lines = diff.lines().toList();
        List<String> sections = new ArrayList<>();
        StringBuilder current = null;
        boolean headers = false;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            boolean pair = line.startsWith("--- ") && i + 1 < lines.size() && lines.get(i + 1).startsWith("+++ ");
            if (line.startsWith("diff --git ") || pair && (current == null || headers)) {
                if (current != null) {
                    sections.add(current.toString());
                }
                current = new StringBuilder();
                headers = false;
            }
            headers |= pair;
            if (current != null) {
                current.append(line).append('\n');
            }
        }
        if (current != null) {
            sections.add(current.toString());
        }
        return sections;
    }
}
