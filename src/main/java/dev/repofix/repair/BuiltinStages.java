package dev.repofix.repair;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Executor;
import dev.repofix.repair.localize.Coverage;
import dev.repofix.repair.localize.CoverageCollector;
import dev.repofix.repair.localize.CoverageRuns;
import dev.repofix.repair.localize.FrameLocalizer;
import dev.repofix.repair.localize.SpectrumFormula;
import dev.repofix.repair.localize.SpectrumLocalizer;
import dev.repofix.repair.propose.FixTemplates;
import dev.repofix.repair.propose.TemplateProposer;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.stage.Stages;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.LinesRun;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.testrun.TestReach;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The builtin engine: no network, no model. Issue from the test output; lines ranked by a
 * spectrum formula over per-test coverage plus the stack frames, or by the frames (and
 * what the failing test calls) alone where there is no coverage; fixes from templates.
 * The default when no model is configured.
 */
public final class BuiltinStages implements Stages {
    private static final Logger LOG = LoggerFactory.getLogger(BuiltinStages.class);
    private final IssueWriter issues = new IssueWriter();
    private final FrameLocalizer localizer = new FrameLocalizer();
    /** One cache of syntax trees per language: the localizer (loop headers) and the templates read the same files. */
    private final JavaTrees javaTrees = new JavaTrees();
    private final PythonTrees pythonTrees = PythonTrees.fromProcessPath();
    private final TemplateProposer proposer = new TemplateProposer(FixTemplates.byLanguage(pythonTrees, javaTrees));
    private final CoverageCollector coverage;
    private final SpectrumLocalizer spectrumLocalizer;
    private final List<String> notes = new ArrayList<>();
    private Optional<TestReach> reach = Optional.empty();
    private Optional<LinesRun> linesRun = Optional.empty();
    private SourceCache sources;

    /** Without coverage: lines from stack frames and callees only. */
    public BuiltinStages() {
        this(CoverageCollector.none("no coverage runs were set up for this engine"), SpectrumFormula.OCHIAI);
    }

    public BuiltinStages(CoverageCollector coverage, SpectrumFormula formula) {
        this.coverage = Objects.requireNonNull(coverage, "coverage");
        this.spectrumLocalizer = new SpectrumLocalizer(formula, javaTrees, pythonTrees);
    }

    /**
     * With per-test coverage: the baseline runs the suite under a coverage tool where the
     * build allows it, else the failing tests and the tests related to them run once more
     * under one, through {@code executor} (the baseline's, with its limits),
     * each command within {@code timeout} and the whole within the coverage run's share of
     * the run's budget (see {@link CoverageRuns}). A tool the test environment lacks (coverage.py)
     * is installed once into {@code toolCache}, repofix's own folder, and reused from there;
     * with none, each run installs its own.
     */
    public static BuiltinStages withCoverage(Executor executor, HostEnvironment host, Duration timeout, Clock clock,
            SpectrumFormula formula, Optional<Path> toolCache) {
        return withCoverage(executor, host, timeout, clock, formula, toolCache, CoverageRuns.Scope.RELATED);
    }

    /** The same, with the tests {@code scope} names under coverage. */
    public static BuiltinStages withCoverage(Executor executor, HostEnvironment host, Duration timeout, Clock clock,
            SpectrumFormula formula, Optional<Path> toolCache, CoverageRuns.Scope scope) {
        return new BuiltinStages(new CoverageRuns(executor, host, timeout, clock, toolCache, scope), formula);
    }

    /** The baseline runs under the coverage the localization reads, where the build allows it. */
    @Override
    public TestInstrumentation baselineInstrumentation() {
        return coverage.baseline();
    }

    @Override
    public IssueDraft draftIssue(FailureReport failures) {
        notes.clear(); // a run starts with its issue: the notes are the current run's
        reach = Optional.empty();
        linesRun = Optional.empty();
        return issues.write(failures);
    }

    @Override
    public Localization localize(FailureReport failures, IssueDraft issue) {
        SourceCache cache = sourcesFor(failures);
        Localization frames = localizer.localize(failures, cache);
        return switch (coverage.collect(failures, cache)) {
            case Coverage.Collected c -> {
                reach = c.reach();
                linesRun = coverage.linesRun(failures, cache, c);
                notes.add(switch (c.origin()) {
                    case COVERAGE_RUN -> "localization: " + c.tests() + " ran under coverage in "
                            + c.elapsed().toMillis() / 1000.0 + " s";
                    case BASELINE -> "localization: per-test coverage from the instrumented baseline, no coverage "
                            + "run: " + c.tests() + " (read in " + c.elapsed().toMillis() / 1000.0 + " s)";
                });
                yield spectrumLocalizer.localize(c.spectra(), frames, failures, cache);
            }
            case Coverage.Unavailable u -> {
                LOG.info("no per-test coverage, ranking lines by stack frames only: {}", u.why());
                notes.add("localization from stack frames only, no per-test coverage: " + u.why());
                yield frames;
            }
        };
    }

    @Override
    public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
        List<PatchCandidate> candidates = proposer.propose(failures, localization.locations(), sourcesFor(failures));
        notes.addAll(proposer.notes());
        return candidates;
    }

    /** What the engine has to say about how it worked (coverage used or why not), in order; never null. */
    @Override
    public List<String> notes() {
        return List.copyOf(notes);
    }

    /** Which source files each test class ran under the current run's coverage run; empty without one. */
    @Override
    public Optional<TestReach> reach() {
        return reach;
    }

    /** The lines the current run's coverage saw the passing tests run, and how to run them again; empty without. */
    @Override
    public Optional<LinesRun> linesRun() {
        return linesRun;
    }

    /** One cache per workspace: a run reads each file once across stages. */
    private SourceCache sourcesFor(FailureReport failures) {
        if (sources == null || !sources.files().root().equals(failures.files().root())) {
            sources = new SourceCache(failures.files());
        }
        return sources;
    }
}
