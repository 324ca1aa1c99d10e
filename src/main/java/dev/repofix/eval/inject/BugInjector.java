package dev.repofix.eval.inject;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.RepofixException;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.repair.templates.LineEdit;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.ConfinedReader;
import dev.repofix.workspace.FileRead;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Injects bugs into a repository whose tests pass: mutations of its source lines by the
 * {@link InjectionOperator}s, tried in a seeded random order, each in a fresh copy, kept
 * only when at least one test then fails (and the build and every test module still
 * load). Records for each kept bug where it was injected (the cause) and where the first
 * failing test's trace surfaces in the repository (the effect).
 */
public final class BugInjector {
    /** Larger source files are generated or data: no bug is injected there. */
    private static final long MAX_SOURCE_BYTES = 4L * 1024 * 1024;
    /** Tries per wanted case before giving up: most mutations are caught by no test or break the build. */
    static final int TRIES_PER_CASE = 25;
    /** Why a mutant was dropped before any test run. */
    static final String DOES_NOT_PARSE = "the mutant does not parse (Java)";

    /** One mutated line, and what made it. */
    public record Injection(String file, int line, String original, String buggy, Maker maker, String description) {
        public Injection {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(original, "original");
            Objects.requireNonNull(buggy, "buggy");
            Objects.requireNonNull(maker, "maker");
            Objects.requireNonNull(description, "description");
        }
    }

    /**
     * What made an injection, as a case records it.
     *
     * @param label       the operator's name, or {@code model-driven}
     * @param bugType     the bug type, of the one taxonomy ({@link dev.repofix.stage.BugType})
     * @param inTemplates whether a builtin fix template undoes it
     */
    public record Maker(String label, String bugType, boolean inTemplates) {
        public Maker {
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(bugType, "bugType");
        }

        public static Maker of(InjectionOperator op) {
            return new Maker(op.label(), op.bugType(), op.inTemplates());
        }

        /** A bug a model was asked to insert; no template is known to undo it. */
        public static Maker model(dev.repofix.stage.BugType type) {
            return new Maker("model-driven", type.label(), false);
        }
    }

    /**
     * The build and test command of a repository whose tests all pass, ready for injections.
     *
     * @param tryLimit how long one try's test run may take: ten times the passing run, at least
     *                 a minute, at most the test timeout. A mutant that loops forever (a loop
     *                 bound moved the wrong way) is dropped in that time, not in the timeout
     */
    public record Prepared(BuildSystem build, TestCommand command, Duration tryLimit) {}

    /** What trying one group of injections came to. Closed. */
    public sealed interface Tried {
        /** At least one test fails and every test module loads. */
        record Kept(Injected bug) implements Tried {}

        /** Not a bug the tests show; {@code why} is one of a few reasons, counted apart. */
        record Dropped(String why) implements Tried {}
    }

    /**
     * The cases made, the tries dropped counted by reason, and the sites the operators found
     * (empty for the model-driven injector, which has none).
     */
    public record Outcome(List<Injected> kept, java.util.Map<String, Integer> dropped, Optional<Sites> sites) {
        public Outcome {
            kept = List.copyOf(kept);
            dropped = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(dropped));
            Objects.requireNonNull(sites, "sites");
        }

        public Outcome(List<Injected> kept, java.util.Map<String, Integer> dropped) {
            this(kept, dropped, Optional.empty());
        }
    }

    /**
     * What the operators found to mutate: a line makes one case at most, so {@code lines} bounds the count.
     *
     * @param mutations one-line mutations, over every operator
     * @param lines     distinct source lines they are on
     * @param files     source files they are in
     */
    public record Sites(int mutations, int lines, int files) {
        static Sites of(List<Injection> sites) {
            return new Sites(sites.size(), (int) sites.stream().map(i -> i.file() + ":" + i.line()).distinct().count(),
                    (int) sites.stream().map(Injection::file).distinct().count());
        }
    }

    /**
     * A kept bug (or several, for a multi-bug case) and what the tests said of it.
     *
     * @param failing the tests that fail with it, with their messages and frames
     * @param passing ids of the tests that still pass
     */
    public record Injected(List<Injection> injections, List<TestResult> failing, List<String> passing) {
        public Injected {
            injections = List.copyOf(injections);
            failing = List.copyOf(failing);
            passing = List.copyOf(passing);
        }

        /** The deepest in-repository frame of the first failing test: where the bug surfaces. */
        public Optional<StackFrame> effect() {
            return failing.stream().flatMap(t -> t.frames().stream()).findFirst();
        }
    }

    private static final Duration MIN_TRY_LIMIT = Duration.ofMinutes(1);

    private final BuildDetector detector;
    private final TestRunner runner;
    private final Duration testTimeout;
    private final java.time.Clock clock;

    public BugInjector(BuildDetector detector, TestRunner runner, Duration testTimeout) {
        this(detector, runner, testTimeout, java.time.Clock.systemUTC());
    }

    public BugInjector(BuildDetector detector, TestRunner runner, Duration testTimeout, java.time.Clock clock) {
        this.detector = Objects.requireNonNull(detector, "detector");
        this.runner = Objects.requireNonNull(runner, "runner");
        this.testTimeout = Objects.requireNonNull(testTimeout, "testTimeout");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Up to {@code count} cases of {@code bugsPerCase} bugs each, in the order found.
     *
     * @param progress told of each try, for people
     * @throws RepofixException (input) when the repository's tests do not all pass to begin with
     */
    public List<Injected> inject(Workspace ws, Optional<String> testCommand, int count, int bugsPerCase, long seed,
            Consumer<String> progress) {
        return injectCounted(ws, testCommand, count, bugsPerCase, seed, progress).kept();
    }

    /**
     * Checks that the tests of {@code ws} all pass, and says how they run.
     *
     * @throws RepofixException (input) when they do not
     */
    public Prepared prepare(Workspace ws, Optional<String> testCommand) {
        BuildSystem build = detector.detect(ws.root(), testCommand);
        TestCommand command = build.testCommand(ws.root(), testCommand.orElse(null));
        java.time.Instant started = clock.instant();
        TestRun baseline = completed(run(ws, build, command, List.of(), testTimeout))
                .orElseThrow(() -> new RepofixException(ErrorKind.INPUT, "the tests do not run to the end at the "
                        + "start: '" + command.shell() + "'; inject into a repository whose tests pass"));
        if (!baseline.failing().isEmpty()) {
            throw new RepofixException(ErrorKind.INPUT, baseline.failing().size() + " test(s) fail before any bug is "
                    + "injected (first: " + baseline.failing().get(0).id() + "); inject into a repository whose tests "
                    + "pass, or pass a --test-cmd that runs only those that do");
        }
        Duration tenTimes = Duration.between(started, clock.instant()).multipliedBy(10);
        Duration limit = tenTimes.compareTo(MIN_TRY_LIMIT) < 0 ? MIN_TRY_LIMIT : tenTimes;
        return new Prepared(build, command, limit.compareTo(testTimeout) > 0 ? testTimeout : limit);
    }

    /** Runs the tests with {@code group} applied in a fresh copy: kept when they show it, else why not. */
    public Tried tryGroup(Workspace ws, Prepared prepared, List<Injection> group) {
        Optional<TestRun> after = completed(run(ws, prepared.build(), prepared.command(), group, prepared.tryLimit()));
        if (after.isPresent() && !after.get().failing().isEmpty() && !after.get().onlyCollectionErrors()
                && after.get().collectionErrors().isEmpty()) {
            return new Tried.Kept(new Injected(group, after.get().failing(),
                    after.get().passing().stream().map(TestResult::id).toList()));
        }
        return new Tried.Dropped(after.isEmpty() ? "the build or the run broke"
                : after.get().failing().isEmpty() ? "no test fails" : "a test module no longer loads");
    }

    /** As {@link #inject}, with the tries dropped counted by reason. */
    public Outcome injectCounted(Workspace ws, Optional<String> testCommand, int count, int bugsPerCase, long seed,
            Consumer<String> progress) {
        Prepared prepared = prepare(ws, testCommand);
        List<Injection> sites = sites(ws, prepared.build());
        Collections.shuffle(sites, new Random(seed));
        List<Injected> out = new ArrayList<>();
        java.util.Map<String, Integer> dropped = new java.util.HashMap<>();
        Set<String> usedLines = new HashSet<>();
        int tries = 0;
        int next = 0;
        while (out.size() < count && next < sites.size() && tries < count * TRIES_PER_CASE) {
            List<Injection> group = new ArrayList<>();
            while (group.size() < bugsPerCase && next < sites.size()) {
                Injection s = sites.get(next++);
                if (!usedLines.contains(s.file() + ":" + s.line())
                        && group.stream().noneMatch(g -> g.file().equals(s.file()) && g.line() == s.line())) {
                    group.add(s);
                }
            }
            if (group.size() < bugsPerCase) {
                break;
            }
            if (!group.stream().allMatch(i -> parses(ws, i))) {
                // Not a try: JavaParser says the mutant is no Java, without a build.
                dropped.merge(DOES_NOT_PARSE, 1, Integer::sum);
                continue;
            }
            tries++;
            String where = group.stream().map(i -> i.file() + ":" + i.line() + " " + i.description())
                    .reduce((a, b) -> a + "; " + b).orElse("");
            switch (tryGroup(ws, prepared, group)) {
                case Tried.Kept k -> {
                    group.forEach(g -> usedLines.add(g.file() + ":" + g.line()));
                    out.add(k.bug());
                    progress.accept("kept " + where + ": " + k.bug().failing().size() + " test(s) fail");
                }
                case Tried.Dropped d -> {
                    dropped.merge(d.why(), 1, Integer::sum);
                    progress.accept("dropped " + where + ": " + d.why());
                }
            }
        }
        return new Outcome(out, dropped, Optional.of(Sites.of(sites)));
    }

    /** Whether the file of {@code i}, mutated, still parses; only Java is checked here (a Python module that does not load fails its collection). */
    private static boolean parses(Workspace ws, Injection i) {
        if (!i.file().endsWith(".java")) {
            return true;
        }
        return read(ws.files().reader(), i.file()).map(text -> TreeSites.javaParses(withLine(text, i.line(), i.buggy())))
                .orElse(false);
    }

    /** Every single-line mutation of the repository's source files (test code is not mutated). */
    static List<Injection> sites(Workspace ws, BuildSystem build) {
        List<Injection> out = new ArrayList<>();
        TreeSites trees = new TreeSites();
        for (String path : ws.files().files()) {
            if (build.isTestPath(path) || SourceLanguage.forPath(path).isEmpty()) {
                continue;
            }
            Optional<String> text = read(ws.files().reader(), path);
            if (text.isEmpty()) {
                continue;
            }
            SourceFile file = SourceFile.of(path, text.get());
            for (int line = 1; line <= file.lineCount(); line++) {
                for (InjectionOperator op : InjectionOperator.values()) {
                    for (LineEdit edit : op.mutate(file, line, trees)) {
                        out.add(new Injection(path, line, file.line(line), edit.replacement(), Maker.of(op),
                                edit.description()));
                    }
                }
            }
        }
        return out;
    }

    private TestOutcome run(Workspace ws, BuildSystem build, TestCommand command, List<Injection> injections,
            Duration limit) {
        Path copy = ws.newCopy("inject");
        try {
            for (Injection i : injections) {
                String text = read(ws.files().reader().rootedAt(copy), i.file()).orElseThrow(() -> new UncheckedIOException(
                        new IOException("cannot read " + i.file() + " in the copy to inject a bug")));
                write(copy.resolve(i.file()), withLine(text, i.line(), i.buggy()));
            }
            return runner.run(copy, build, command, ws.files().rootedAt(copy), limit);
        } finally {
            ws.discard(copy);
        }
    }

    private static Optional<TestRun> completed(TestOutcome outcome) {
        return outcome instanceof TestOutcome.Completed c ? Optional.of(c.run()) : Optional.empty();
    }

    /** {@code text} with 1-based line {@code n} replaced, its line endings kept. */
    static String withLine(String text, int n, String replacement) {
        dev.repofix.patch.TextFile file = dev.repofix.patch.TextFile.parse(text);
        List<String> lines = new ArrayList<>(file.lines());
        lines.set(n - 1, replacement);
        return file.withLines(lines).render();
    }

    /**
     * A source file's text through the workspace's confined reader; empty when it is not
     * read (a link out of the repository, a device, not UTF-8, over {@value #MAX_SOURCE_BYTES} bytes).
     */
    static Optional<String> read(ConfinedReader files, String path) {
        return files.read(path, MAX_SOURCE_BYTES) instanceof FileRead.Content c ? c.utf8() : Optional.empty();
    }

    private static void write(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
