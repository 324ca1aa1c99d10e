package dev.repofix.repair;

import dev.repofix.patch.UnifiedDiffs;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Builtin stage 3, first version: fix templates at the top suspected lines, most
 * suspicious line first and, within a line, the templates' own order. Test code is
 * never edited: a fix that changes the tests proves nothing.
 */
final class TemplateProposer {
    /** Lines beyond this rank are rarely the fault and would only spend the budget. */
    private static final int MAX_LOCATIONS = 25;

    private final List<FixTemplate> templates;

    TemplateProposer(List<FixTemplate> templates) {
        this.templates = List.copyOf(templates);
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
            for (FixTemplate template : templates) {
                for (LineEdit edit : template.propose(file.get(), loc.line())) {
                    String diff = UnifiedDiffs.create(loc.file(), file.get().text(), file.get().withLine(edit.line(), edit.replacement()));
                    if (!diff.isEmpty() && seenDiffs.add(diff)) {
                        out.add(new PatchCandidate("c" + (out.size() + 1), template.name(), loc.file(), edit.line(),
                                edit.description(), diff));
                    }
                }
            }
        }
        return out;
    }
}
