package dev.repofix.repair.localize;

import dev.repofix.build.BuildSystem;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.source.Token;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * From a failing test to the code it exercises, without coverage: the names the test
 * calls (those on the failing line first), their definitions in source files, and one
 * level further down. Each line of those functions becomes a suspect, the nearer
 * the test the higher.
 */
final class CalleeFinder {
    private static final Set<String> IGNORED = Set.of(
            "if", "for", "while", "switch", "catch", "return", "synchronized", "super", "this", "print", "println",
            "len", "range", "str", "int", "float", "list", "dict", "set", "tuple", "isinstance", "sorted", "format",
            "equals", "hashCode", "toString", "valueOf", "of", "asList", "fail", "raises", "approx", "expect",
            "assertThat", "assertThrows", "assertAll", "assertTrue", "assertFalse", "assertEquals", "assertNotEquals",
            "assertNull", "assertNotNull", "assertSame", "assertArrayEquals", "isEqualTo", "isTrue", "isFalse",
            "hasSize", "contains", "containsExactly", "isEmpty", "isNull", "isNotNull", "describedAs", "as");
    private static final int MAX_NAMES = 12;
    private static final int MAX_DEFINITIONS = 6;

    /** A suspected line with a score in (0, 1) and why. */
    record Suspect(String file, int line, double score, String reason) {}

    List<Suspect> suspects(List<TestResult> tests, BuildSystem build, SourceCache sources) {
        List<String> names = new ArrayList<>();
        Optional<SourceLanguage> language = Optional.empty();
        for (TestResult t : tests) {
            Optional<StackFrame> frame = t.frames().stream().filter(f -> build.isTestPath(f.file())).findFirst();
            if (frame.isEmpty()) {
                continue;
            }
            Optional<SourceFile> test = sources.get(frame.get().file());
            if (test.isEmpty()) {
                continue;
            }
            language = language.or(() -> Optional.of(test.get().language()));
            names.addAll(calledNames(test.get(), frame.get().line()));
        }
        names = FrameLocalizer.distinct(names);
        if (names.size() > MAX_NAMES) {
            names = names.subList(0, MAX_NAMES);
        }
        List<String> sourceFiles = sourceFiles(sources, build, language);
        List<Suspect> out = new ArrayList<>();
        Set<String> seenNames = new LinkedHashSet<>(names);
        List<String> deeper = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            double weight = 0.6 / (1 + i);
            for (FileRange r : addBodies(out, sources, sourceFiles, names.get(i), weight, "called by the failing test")) {
                SourceFile sf = sources.get(r.file()).orElseThrow();
                for (int l = r.range().from() + 1; l <= r.range().to(); l++) {
                    namesOn(sf, l).stream().filter(seenNames::add).forEach(deeper::add);
                }
            }
        }
        for (int i = 0; i < Math.min(MAX_NAMES, deeper.size()); i++) {
            addBodies(out, sources, sourceFiles, deeper.get(i), 0.25 / (1 + i), "called by code the failing test calls");
        }
        return out;
    }

    /** A function body found in a file. */
    private record FileRange(String file, SourceOutline.Range range) {}

    private static List<FileRange> addBodies(List<Suspect> out, SourceCache sources, List<String> files, String name,
            double weight, String why) {
        List<FileRange> bodies = new ArrayList<>();
        for (int i = 0; i < files.size() && bodies.size() < MAX_DEFINITIONS; i++) {
            String f = files.get(i);
            if (!sources.text(f).orElse("").contains(name)) {
                continue; // most files do not mention the name: no need to lex them
            }
            for (SourceOutline.Range r : SourceOutline.definitions(sources.get(f).orElseThrow(), name)) {
                if (bodies.size() == MAX_DEFINITIONS) {
                    break;
                }
                bodies.add(new FileRange(f, r));
            }
        }
        // A name defined in many places (get, add) says little about any one of them.
        double share = weight / Math.max(1, bodies.size());
        for (FileRange fr : bodies) {
            SourceOutline.Range r = fr.range();
            for (int l = r.from() + 1; l <= r.to(); l++) {
                double decay = Math.pow(0.98, l - r.from());
                out.add(new Suspect(fr.file(), l, share * decay, why + " (" + name + ")"));
            }
        }
        return bodies;
    }

    /** Names called on the failing line first, then the rest of the test function up to it. */
    static List<String> calledNames(SourceFile test, int failingLine) {
        List<String> names = new ArrayList<>(namesOn(test, failingLine));
        Optional<SourceOutline.Range> fn = SourceOutline.enclosing(test, failingLine);
        int from = fn.map(r -> r.from() + 1).orElse(Math.max(1, failingLine - 15));
        for (int l = failingLine - 1; l >= from; l--) {
            names.addAll(namesOn(test, l));
        }
        return names;
    }

    /** Identifiers directly followed by an opening parenthesis on {@code line}. */
    static List<String> namesOn(SourceFile file, int line) {
        List<Token> tokens = file.tokens(line);
        List<String> names = new ArrayList<>();
        for (int i = 0; i + 1 < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.kind() == Token.Kind.IDENTIFIER && tokens.get(i + 1).text().equals("(")
                    && !IGNORED.contains(t.text()) && !t.text().startsWith("assert")) {
                names.add(t.text());
            }
        }
        return names;
    }

    private static List<String> sourceFiles(SourceCache sources, BuildSystem build, Optional<SourceLanguage> language) {
        List<String> out = new ArrayList<>();
        for (String f : sources.files().files()) {
            if (build.isTestPath(f)) {
                continue;
            }
            Optional<SourceLanguage> l = SourceLanguage.forPath(f);
            if (l.isPresent() && (language.isEmpty() || l.equals(language))) {
                out.add(f);
            }
        }
        return out;
    }
}
