package dev.repofix.repair.localize;

import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestReach;
import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileOpen;
import dev.repofix.workspace.FileRead;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.IClassCoverage;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataReader;
import org.jacoco.core.data.ExecutionDataStore;

/**
 * Reads a JaCoCo execution data file whose sessions are tests (named by
 * repofix's test listeners: outcome, space, the test's id) into line spectra,
 * by analysing the classes each test ran against the class files the run compiled.
 */
final class JacocoSpectra {
    private static final String PASSED = "SUCCESSFUL ";
    private static final String FAILED = "FAILED ";
    private static final Pattern PLATFORM_CLASS = Pattern.compile("\\[class:([^\\]]+)\\]");
    private static final Pattern PLATFORM_NESTED = Pattern.compile("\\[nested-class:([^\\]]+)\\]");
    private static final Pattern PLATFORM_RUNNER = Pattern.compile("\\[runner:([^\\]]+)\\]");

    private JacocoSpectra() {}

    static Coverage read(Path exec, Path copy, FailureReport report, int testClasses) throws IOException {
        return read(exec, copy, report, "from " + testClasses + " test class(es)", Optional.empty());
    }

    /**
     * The same, with which source files each test class ran ({@link TestReach}) when
     * {@code suiteNotRun} is empty (every test class of the suite ran under coverage); else its
     * reach is incomplete for that reason.
     *
     * @param tests which tests ran, for people: "from 3 test class(es)", "of the whole suite"
     */
    static Coverage read(Path exec, Path copy, FailureReport report, String tests, Optional<String> suiteNotRun)
            throws IOException {
        return read(exec, copy, report, tests, suiteNotRun, true);
    }

    /** @param needFailure whether a run with no failing test gives no spectra (they could not tell lines apart) */
    static Coverage read(Path exec, Path copy, FailureReport report, String tests, Optional<String> suiteNotRun,
            boolean needFailure) throws IOException {
        ConfinedReader reader = new ConfinedReader(copy);
        Map<String, ExecutionDataStore> sessions = sessions(reader, exec);
        Map<String, Path> classFiles = classFiles(copy);
        Map<String, Optional<String>> sourcePaths = new HashMap<>();
        Map<String, Set<String>> failedBy = new LinkedHashMap<>();
        Map<String, Set<String>> passedBy = new LinkedHashMap<>();
        int failed = 0;
        int passed = 0;
        Map<String, Set<String>> reached = new TreeMap<>();
        Set<String> between = new HashSet<>();
        for (Map.Entry<String, ExecutionDataStore> session : sessions.entrySet()) {
            String id = session.getKey();
            boolean isFailed = id.startsWith(FAILED);
            int space = id.indexOf(' ');
            // Code run between tests (a class's @BeforeAll, static set-up) belongs to no one test: to every class.
            Set<String> reach = space < 0 ? between
                    : reached.computeIfAbsent(testClassOf(id.substring(space + 1)), k -> new TreeSet<>());
            if (!isFailed && !id.startsWith(PASSED)) {
                for (IClassCoverage c : analyze(reader, session.getValue(), classFiles)) {
                    sourceOf(c, report, sourcePaths).ifPresent(reach::add);
                }
                continue; // between tests, or a skipped (aborted) test: no spectrum
            }
            if (isFailed) {
                failed++;
            } else {
                passed++;
            }
            for (IClassCoverage c : analyze(reader, session.getValue(), classFiles)) {
                Optional<String> file = sourceOf(c, report, sourcePaths);
                file.ifPresent(reach::add);
                if (file.isEmpty() || c.getFirstLine() < 1) {
                    continue;
                }
                for (int l = c.getFirstLine(); l <= c.getLastLine(); l++) {
                    if (c.getLine(l).getInstructionCounter().getCoveredCount() > 0) {
                        (isFailed ? failedBy : passedBy).computeIfAbsent(file.get() + ":" + l, k -> new HashSet<>())
                                .add(id);
                    }
                }
            }
        }
        if (failed == 0 && needFailure) {
            return new Coverage.Unavailable("no test failed under coverage (" + passed + " passed), so coverage "
                    + "cannot tell lines apart");
        }
        Set<String> lines = new HashSet<>(failedBy.keySet());
        lines.addAll(passedBy.keySet());
        List<Spectra.LineSpectrum> out = new ArrayList<>();
        for (String line : lines) {
            int colon = line.lastIndexOf(':');
            out.add(new Spectra.LineSpectrum(line.substring(0, colon), Integer.parseInt(line.substring(colon + 1)),
                    failedBy.getOrDefault(line, Set.of()).size(), passedBy.getOrDefault(line, Set.of()).size()));
        }
        reached.values().forEach(r -> r.addAll(between));
        return new Coverage.Collected(new Spectra(out, failed, passed, Spectra.Tracing.PROBES), Duration.ZERO,
                failed + " failing and " + passed + " passing JUnit test(s) " + tests,
                Optional.of(new TestReach(reached, suiteNotRun, "JaCoCo", ".java")));
    }

    /** The repository-relative source file of an analysed class, when the workspace has it. */
    private static Optional<String> sourceOf(IClassCoverage c, FailureReport report,
            Map<String, Optional<String>> sourcePaths) {
        String key = c.getPackageName() + "/" + c.getSourceFileName();
        return sourcePaths.computeIfAbsent(key, k -> report.files().endingWith(k).stream().findFirst());
    }

    /**
     * The test class of a listener's test id, as the reports name it: JUnit 4's and TestNG's
     * {@code com.acme.FooTest#bar}, the JUnit Platform's unique id
     * {@code [engine:junit-jupiter]/[class:com.acme.FooTest]/[nested-class:Inner]/[method:bar()]}
     * ({@code com.acme.FooTest$Inner}) or the vintage engine's {@code [runner:com.acme.FooTest]}.
     */
    static String testClassOf(String id) {
        Matcher cls = PLATFORM_CLASS.matcher(id);
        if (cls.find()) {
            StringBuilder out = new StringBuilder(cls.group(1));
            Matcher nested = PLATFORM_NESTED.matcher(id);
            while (nested.find()) {
                out.append('$').append(nested.group(1));
            }
            return out.toString();
        }
        Matcher runner = PLATFORM_RUNNER.matcher(id);
        if (runner.find()) {
            return runner.group(1);
        }
        return TestReach.testClass(id);
    }

    /** Session id to its data; a session dumped twice (several forks) is merged. */
    private static Map<String, ExecutionDataStore> sessions(ConfinedReader files, Path exec) throws IOException {
        Map<String, ExecutionDataStore> sessions = new LinkedHashMap<>();
        ExecutionDataStore[] current = {new ExecutionDataStore()};
        try (InputStream in = stream(files.open(exec))) {
            ExecutionDataReader reader = new ExecutionDataReader(in);
            reader.setSessionInfoVisitor(info ->
                    current[0] = sessions.computeIfAbsent(info.getId(), k -> new ExecutionDataStore()));
            reader.setExecutionDataVisitor(data -> current[0].visitClassExecution(data));
            while (reader.read()) {
                // each read visits one block
            }
        }
        return sessions;
    }

    /** The classes a test ran, analysed against their class files. */
    private static List<IClassCoverage> analyze(ConfinedReader reader, ExecutionDataStore store,
            Map<String, Path> classFiles) throws IOException {
        CoverageBuilder builder = new CoverageBuilder();
        Analyzer analyzer = new Analyzer(store, builder);
        for (ExecutionData data : store.getContents()) {
            Path file = classFiles.get(data.getName());
            if (file != null && data.hasHits()) {
                try (InputStream in = stream(reader.open(file))) {
                    analyzer.analyzeClass(in, data.getName());
                } catch (IOException e) {
                    // a class compiled twice (another module) with other bytes, or not a file of the copy: skipped
                }
            }
        }
        return List.copyOf(builder.getClasses());
    }

    /**
     * The stream of a file the test run wrote into the copy (coverage data, class files):
     * one that is a link out of the copy, a device or a fifo is never opened.
     */
    private static InputStream stream(FileOpen open) throws IOException {
        return switch (open) {
            case FileOpen.Stream s -> s.in();
            case FileRead.Refused r -> throw new IOException("not read: " + r.describe());
        };
    }

    /** {@code com/acme/Account} to its class file under a module's {@code target/classes}. */
    private static Map<String, Path> classFiles(Path copy) throws IOException {
        Map<String, Path> out = new HashMap<>();
        try (Stream<Path> walk = Files.walk(copy)) {
            walk.filter(p -> p.toString().endsWith(".class") && Files.isRegularFile(p)).forEach(p -> {
                String path = copy.relativize(p).toString().replace('\\', '/');
                int at = path.indexOf("target/classes/");
                if (at >= 0 && (at == 0 || path.charAt(at - 1) == '/')) {
                    String rel = path.substring(at + "target/classes/".length());
                    out.putIfAbsent(rel.substring(0, rel.length() - ".class".length()), p);
                }
            });
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return out;
    }
}
