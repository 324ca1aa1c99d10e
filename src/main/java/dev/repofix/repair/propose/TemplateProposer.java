package dev.repofix.repair.propose;

import dev.repofix.patch.PatchText;
import dev.repofix.patch.TextFile;
import dev.repofix.patch.UnifiedDiffs;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import dev.repofix.repair.templates.java.JavaTemplates;
import dev.repofix.repair.templates.python.PythonTemplates;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Builtin stage 3: fix templates at the top suspected lines. Test code is never edited: a
 * fix that changes the tests proves nothing.
 *
 * <p>Candidates are ordered along diagonals of (line rank, edit depth): the suspected line
 * of rank r gets its edit of depth d (the d-th edit the templates give it, in their order)
 * at position r + d. So the top line gets the most tries early, yet one line with many
 * candidates (a wrong-variable line in a function with ten locals) cannot use the whole
 * {@code --max-candidates} budget before the second and third suspects get a first try.
 */
public final class TemplateProposer {
    /** Lines beyond this rank are rarely the fault and would only spend the budget. */
    private static final int MAX_LOCATIONS = 25;
    /** How many steps after the template before it each template's first edit of a line comes. */
    static final int TEMPLATE_STRIDE = 2;
    /** The first places, which only the families other than the later ones take. */
    static final int FIRST_TIER_ALONE = 30;
    /** After those, every this-many-th place goes to an edit of the later families. */
    static final int LATER_EVERY = 4;
    /** Longer lines are generated data (a table of string literals), not code to fix; no template reads them. */
    static final int MAX_LINE_CHARS = 5_000;

    private final Function<SourceFile, List<FixTemplate>> templates;
    /** Languages of the last proposal's suspected source files that no template reads, by name, with a file each. */
    private final java.util.Map<String, String> untemplated = new java.util.LinkedHashMap<>();
    /** Suspected lines of the last proposal skipped for their length, as notes. */
    private final List<String> skipped = new ArrayList<>();

    /** {@code templates} gives the templates for a file, in the order they are tried on each of its lines. */
    public TemplateProposer(Function<SourceFile, List<FixTemplate>> templates) {
        this.templates = templates;
    }

    public List<PatchCandidate> propose(FailureReport report, List<Location> locations, SourceCache sources) {
        untemplated.clear();
        skipped.clear();
        List<List<Proposal>> byLine = new ArrayList<>();
        Set<String> seenDiffs = new HashSet<>();
        CodeShapes shapes = new CodeShapes(sources, report.build());
        for (Location loc : locations) {
            if (byLine.size() == MAX_LOCATIONS) {
                break;
            }
            if (report.build().isTestPath(loc.file())) {
                continue;
            }
            if (SourceLanguage.forPath(loc.file()).isEmpty()) {
                languageName(loc.file()).ifPresent(language -> untemplated.putIfAbsent(language, loc.file()));
                continue;
            }
            Optional<SourceFile> file = sources.get(loc.file());
            if (file.isEmpty() || loc.line() > file.get().lineCount()) {
                continue;
            }
            int length = file.get().line(loc.line()).length();
            if (length > MAX_LINE_CHARS) {
                skipped.add(String.format(java.util.Locale.ROOT, "skipped line %d of %s: %,d characters, over the %,d"
                        + " the templates read", loc.line(), loc.file(), length, MAX_LINE_CHARS));
                continue;
            }
            List<Proposal> here = naturalFirst(proposalsAt(file.get(), loc, sources, seenDiffs), shapes);
            if (!here.isEmpty()) {
                byLine.add(here);
            }
        }
        List<PatchCandidate> out = new ArrayList<>();
        for (Proposal p : tiered(byLine)) {
            out.add(new PatchCandidate("c" + (out.size() + 1), p.template(), p.file(), p.edit().line(),
                    p.edit().description(), PatchText.read(p.diff())));
        }
        return out;
    }

    /**
     * What the last {@link #propose} could not try, for the run's notes: {@code no template for
     * Ruby yet (lib/calc.rb)} for each language of a suspected source file that no template
     * reads, rather than proposing nothing for it silently.
     */
    public List<String> notes() {
        List<String> out = new ArrayList<>(skipped);
        untemplated.forEach((language, file) -> out.add("no template for " + language + " yet (" + file + ")"));
        return out;
    }

    /** Programming languages no template reads yet, by extension; other files (.txt, .json) are no code to fix. */
    private static final java.util.Map<String, String> LANGUAGE_NAMES = java.util.Map.ofEntries(
            java.util.Map.entry("rb", "Ruby"), java.util.Map.entry("php", "PHP"), java.util.Map.entry("ex", "Elixir"),
            java.util.Map.entry("exs", "Elixir"), java.util.Map.entry("erl", "Erlang"),
            java.util.Map.entry("hs", "Haskell"), java.util.Map.entry("lua", "Lua"), java.util.Map.entry("pl", "Perl"),
            java.util.Map.entry("dart", "Dart"), java.util.Map.entry("clj", "Clojure"), java.util.Map.entry("zig", "Zig"),
            java.util.Map.entry("ml", "OCaml"), java.util.Map.entry("jl", "Julia"), java.util.Map.entry("r", "R"),
            java.util.Map.entry("sh", "shell"), java.util.Map.entry("m", "Objective-C"),
            java.util.Map.entry("fs", "F#"), java.util.Map.entry("vb", "Visual Basic"));

    /** The name of a programming language no template reads, by the file's extension; empty for other files. */
    static Optional<String> languageName(String path) {
        return Optional.ofNullable(LANGUAGE_NAMES.get(SourceLanguage.extension(path)));
    }

    /** The templates' edits at one suspected line, in the templates' order, without diffs seen before. */
    private List<Proposal> proposalsAt(SourceFile file, Location loc, SourceCache sources, Set<String> seenDiffs) {
        List<Proposal> here = new ArrayList<>();
        String before = sources.content(loc.file());
        for (FixTemplate template : templates.apply(file)) {
            for (LineEdit edit : template.propose(file, loc.line())) {
                String diff = UnifiedDiffs.create(loc.file(), before, withLine(before, edit));
                if (!diff.isEmpty() && seenDiffs.add(diff)) {
                    here.add(new Proposal(template.name(), loc.file(), edit, diff));
                }
            }
        }
        return here;
    }

    /**
     * Within each template's edits of one line, the edits whose result has a shape more lines
     * of the repository have come first, then those that bring a number the edited file
     * already uses ({@code // 101} -> {@code // 100} where the file says {@code 100 - percent});
     * equally common ones keep the template's order. When the tests accept several edits of
     * a template (a comparison the tests probe on one side only), the first VALID one is the
     * fix, and the one that reads like the rest of the code is more often the intended one.
     *
     * <p>The templates' edits then go along diagonals of (template order, edit depth), as
     * lines do, each template starting {@value #TEMPLATE_STRIDE} steps after the one before:
     * a template with many edits on the line (eleven operator changes on a long arithmetic
     * line) cannot use the line's tries before the next templates get a first one, yet a
     * template late in the prior (a wrong variable) does not come before the likelier ones'
     * first few edits.
     */
    static List<Proposal> naturalFirst(List<Proposal> here, CodeShapes shapes) {
        List<List<Proposal>> byTemplate = new ArrayList<>();
        int i = 0;
        while (i < here.size()) {
            int j = i;
            while (j < here.size() && here.get(j).template().equals(here.get(i).template())) {
                j++;
            }
            List<Proposal> group = new ArrayList<>(here.subList(i, j));
            Map<Proposal, Integer> counts = new java.util.IdentityHashMap<>();
            Map<Proposal, Integer> numbers = new java.util.IdentityHashMap<>();
            group.forEach(p -> {
                counts.put(p, shapes.count(p.file(), p.edit().line(), p.edit().newLines()));
                numbers.put(p, shapes.familiarNumbers(p.file(), p.edit().line(), p.edit().newLines()));
            });
            group.sort(java.util.Comparator.comparingInt((Proposal p) -> counts.get(p))
                    .thenComparingInt(numbers::get).reversed());
            byTemplate.add(group);
            i = j;
        }
        return diagonals(byTemplate, TEMPLATE_STRIDE);
    }

    /**
     * The lines' edits along diagonals, first those of the families other than
     * {@link JavaTemplates#LATER} and {@link PythonTemplates#LATER} (by the edited file's
     * language), in the order they had before those existed; the first
     * {@value #FIRST_TIER_ALONE} places are theirs alone (a run without screening validates
     * about that many), then one edit of the later families takes every
     * {@value #LATER_EVERY}th place. Appended after every edit of the first tier, the later
     * families were never reached where screening stops at a few hundred and the first tier
     * has more edits (a type test or a missing statement at the second suspect, behind three
     * hundred operator and name changes on 25 lines).
     */
    static List<Proposal> tiered(List<List<Proposal>> byLine) {
        List<List<Proposal>> first = new ArrayList<>();
        List<List<Proposal>> later = new ArrayList<>();
        for (List<Proposal> line : byLine) {
            List<Proposal> early = line.stream().filter(p -> !later(p)).toList();
            List<Proposal> late = line.stream().filter(TemplateProposer::later).toList();
            if (!early.isEmpty()) {
                first.add(early);
            }
            if (!late.isEmpty()) {
                later.add(late);
            }
        }
        return mixed(diagonals(first), diagonals(later));
    }

    /** {@code first} alone for {@value #FIRST_TIER_ALONE} places, then one of {@code later} every {@value #LATER_EVERY}th. */
    static <T> List<T> mixed(List<T> first, List<T> later) {
        List<T> out = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < first.size() || j < later.size()) {
            int mixedPlace = out.size() - FIRST_TIER_ALONE;
            boolean laterTurn = mixedPlace >= 0 && mixedPlace % LATER_EVERY == LATER_EVERY - 1;
            if (i < first.size() && (j == later.size() || !laterTurn)) {
                out.add(first.get(i++));
            } else {
                out.add(later.get(j++));
            }
        }
        return out;
    }

    /** Whether the proposal's family is one of its language's later tier; the same name may differ by language ({@code missing-jump}). */
    private static boolean later(Proposal p) {
        boolean python = SourceLanguage.forPath(p.file()).filter(SourceLanguage.PYTHON::equals).isPresent();
        return (python ? PythonTemplates.LATER : JavaTemplates.LATER).contains(p.template());
    }

    /** Rank r's edit of depth d goes at position r + d; on one diagonal the higher-ranked line comes first. */
    static <T> List<T> diagonals(List<List<T>> byRank) {
        return diagonals(byRank, 1);
    }

    /**
     * Rank r's edit of depth d goes at position {@code stride * r + d}: with a stride of 2 a
     * rank starts two steps after the one before it, so the prior of the ranks weighs more
     * than on plain diagonals; on one position the higher rank comes first.
     */
    static <T> List<T> diagonals(List<List<T>> byRank, int stride) {
        List<T> out = new ArrayList<>();
        int longest = byRank.stream().mapToInt(List::size).max().orElse(0);
        for (int position = 0; position < stride * byRank.size() + longest; position++) {
            for (int rank = 0; rank < byRank.size() && stride * rank <= position; rank++) {
                List<T> line = byRank.get(rank);
                int depth = position - stride * rank;
                if (depth < line.size()) {
                    out.add(line.get(depth));
                }
            }
        }
        return out;
    }

    record Proposal(String template, String file, LineEdit edit, String diff) {
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
