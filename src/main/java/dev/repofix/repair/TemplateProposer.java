package dev.repofix.repair;

import dev.repofix.patch.TextFile;
import dev.repofix.patch.UnifiedDiffs;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Builtin stage 3, first version: fix templates at the top suspected lines, most
 * suspicious line first and, within a line, the templates' own order. Test code is
 * never edited: a fix that changes the tests proves nothing.
 */
final class TemplateProposer {
    /** Lines beyond this rank are rarely the fault and would only spend the budget. */
    private static final int MAX_LOCATIONS = 25;

    private final Function<SourceFile, List<FixTemplate>> templates;

    /** {@code templates} gives the templates for a file, in the order they are tried on each of its lines. */
    TemplateProposer(Function<SourceFile, List<FixTemplate>> templates) {
        this.templates = templates;
    }

    List<PatchCandidate> propose(FailureReport report, List<Location> locations, SourceCache sources) {
        List<PatchCandidate> out = new ArrayList<>();
        Set<String> seenDiffs = new HashSet<>();
        int used = 0;
        for (Location loc : locations) {
            if (used == MAX_LOCATIONS) {
                break;
            }
            if (report.build().isTestPath(loc.file())) {
                continue;
            }
            Optional<SourceFile> file = sources.get(loc.file());
            if (file.isEmpty() || loc.line() > file.get().lineCount()) {
                continue;
            }
            used++;
            for (FixTemplate template : templates.apply(file.get())) {
                for (LineEdit edit : template.propose(file.get(), loc.line())) {
                    String before = sources.content(loc.file());
                    String diff = UnifiedDiffs.create(loc.file(), before, withLine(before, edit));
                    if (!diff.isEmpty() && seenDiffs.add(diff)) {
                        out.add(new PatchCandidate("c" + (out.size() + 1), template.name(), loc.file(), edit.line(),
                                edit.description(), diff));
                    }
                }
            }
        }
        return out;
    }

    /** The file's text with the edit's lines replaced, its line endings kept. */
    private static String withLine(String content, LineEdit edit) {
        TextFile text = TextFile.parse(content);
        List<String> lines = new ArrayList<>(text.lines());
        List<String> replaced = lines.subList(edit.line() - 1, edit.lastLine());
        replaced.clear();
        replaced.addAll(edit.newLines());
        return text.withLines(lines).render();
    }
}
