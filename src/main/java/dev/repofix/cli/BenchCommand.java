package dev.repofix.cli;

import dev.repofix.app.Benchmarks;
import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.app.FixBench;
import dev.repofix.config.ConfigException;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.Settings;
import dev.repofix.exec.Executor;
import dev.repofix.pipeline.GeneratedMavenProject;
import dev.repofix.pipeline.SandboxBench;
import dev.repofix.pipeline.ValidationBench;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.Workspaces;
import dev.repofix.history.HistoryBenchmark;
import dev.repofix.history.TrendBy;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code repofix bench validate}: how long validation takes, as ratios to a bare test run;
 * {@code repofix bench sandbox}: what a Docker sandbox adds to a test run over a local process.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Measures repofix on repositories (default: the bundled examples).",
                "'validate': T_suite (a bare test run), then whole runs of the builtin engine without (before) and "
                        + "with (after) screening in a warm test JVM: screening per candidate, the fix's full run and "
                        + "the time to VALID, each as a ratio to T_suite, with the configured --sandbox.",
                "'fix': a generated project (--kind) with one known bug and a suite of about --suite-seconds, "
                        + "T_suite (a bare test run) and the whole 'fix' as a user runs it, with the configured "
                        + "--sandbox: each step's seconds and share of T_suite, from the run record.",
                "'sandbox': the whole suite as a local process and in a Docker container (the engine and the image "
                        + "must be there), the ratio and the time the container adds.",
                "'repair': bugs injected into repositories whose tests pass (--count per repository, --seed), each "
                        + "run with the builtin engine; per operator: fixed, reference-equal, top-1/top-5, time.",
                "'history': a generated history store of --runs runs (SQLite) and how long each trend takes on it.",
                "'parse': a generated JUnit XML report of --tests tests and about --size-mb MB, parsed here and in a "
                        + "child JVM with -Xmx256m: MB/s and the heap's peak use."})
final class BenchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "WHAT", description = "What to measure: validate, fix, sandbox, repair, history or parse")
    String what;

    @Option(names = "--repo", paramLabel = "PATH", description = "Repositories to measure. Default: examples/*")
    List<String> repos = new ArrayList<>();

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "3",
            description = "Timed runs per figure after one warm-up; the median is printed. Default: ${DEFAULT-VALUE}")
    int repeat;

    @Option(names = "--count", paramLabel = "N", defaultValue = "10",
            description = "repair: bugs injected per repository. Default: ${DEFAULT-VALUE}")
    int count;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "repair: the seed of the injection order. Default: ${DEFAULT-VALUE}")
    long seed;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "repofix-bench-repair",
            description = "repair: where the injected repositories and the results go; validate: where --generated writes. "
                    + "Default: ${DEFAULT-VALUE}")
    Path out;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "100000",
            description = "history: runs in the generated store. Default: ${DEFAULT-VALUE}")
    int runs;

    @Option(names = "--generated", paramLabel = "CLASSES", defaultValue = "0",
            description = "validate: also measure a generated Maven project with this many unrelated test classes "
                    + "(0.3 s each) and a one-line bug, written under --out. Default: none")
    int generated;

    @Option(names = "--framework", paramLabel = "NAME", defaultValue = "junit5",
            description = "validate: the test framework of the --generated project: junit5, junit4 or testng. "
                    + "Default: ${DEFAULT-VALUE}")
    String framework;

    @Option(names = "--selection", description = "validate: compare the deciding run with test selection off "
            + "(before) and on (after), both screening in a warm JVM with the whole suite under per-test coverage, "
            + "instead of screening off and on; prints each candidate's verdict, tests and full run both ways.")
    boolean selection;

    @Option(names = "--test-selection", paramLabel = "on|off",
            description = "fix: the run's test-selection setting (on, the default, or off)")
    String testSelection;

    @Option(names = "--suite-coverage", description = "fix: the builtin engine's coverage run runs the whole suite "
            + "(not only the failing and related tests), so that the deciding run can select tests")
    boolean suiteCoverage;

    @Option(names = "--tests", paramLabel = "N", defaultValue = "10000",
            description = "parse: test cases in the generated report. Default: ${DEFAULT-VALUE}")
    int tests;

    @Option(names = "--size-mb", paramLabel = "MB", defaultValue = "200",
            description = "parse: the generated report's size, about. Default: ${DEFAULT-VALUE}")
    int sizeMb;

    @Option(names = "--max-candidates", paramLabel = "N",
            description = "repair: candidates validated per bug, as 'fix --max-candidates'. Default: fix's")
    String maxCandidates;

    @Option(names = "--max-screened", paramLabel = "N",
            description = "repair: candidates screened per bug, as 'fix --max-screened'. Default: fix's")
    String maxScreened;

    @Option(names = "--bugs", paramLabel = "FILE",
            description = "repair: bugs written by hand, run in place of injected ones: a JSON Lines file, per bug "
                    + "its file, 1-based line, original text, buggy text, family and (with several --repo) the "
                    + "repo's folder name. A bug whose text is not on its line, or that no test shows, is refused")
    Path bugs;

    @Option(names = "--kind", paramLabel = "KIND", defaultValue = "maven-junit5",
            description = "fix: the generated project: maven-junit5, maven-junit4 or pytest. Default: ${DEFAULT-VALUE}")
    String kind;

    @Option(names = "--two-fixes", description = "fix: the generated bug (Maven kinds) has more than one fix at its "
            + "line that the tests cannot tell apart, so the alternatives' row has full runs")
    boolean twoFixes;

    @Option(names = "--reached", description = "fix: every generated test class (Maven kinds) also runs the buggy "
            + "method, as a utility every test uses, so the check of the lines a fix stops running has lines to compare")
    boolean reached;

    @Option(names = "--suite-seconds", paramLabel = "N", defaultValue = "20",
            description = "fix: seconds the generated project's unrelated tests take in all (they sleep). "
                    + "Default: ${DEFAULT-VALUE}")
    int suiteSeconds;

    @Mixin
    SandboxOptions sandbox = new SandboxOptions();

    private final Environment env;

    BenchCommand(Environment env) {
        this.env = env;
    }

    @Override
    public Integer call() throws Exception {
        if (!List.of("validate", "fix", "sandbox", "repair", "history", "parse").contains(what)) {
            throw new ConfigException("unknown benchmark '" + what + "'; the ones there are: validate, fix, sandbox, "
                    + "repair, history, parse");
        }
        if (what.equals("fix")) {
            return fix();
        }
        if (what.equals("parse")) {
            return new ParseBenchCommand(tests, sizeMb).run(env.tempDir(), spec.commandLine().getOut());
        }
        if (what.equals("history")) {
            printHistory(new HistoryBenchmark(runs, seed, repeat).run(env.tempDir()), spec.commandLine().getOut());
            return ExitCodes.OK;
        }
        if (what.equals("repair")) {
            if (repos.isEmpty()) {
                throw new ConfigException("bench repair needs --repo: repositories whose tests pass (the bundled "
                        + "examples hold their bugs on purpose)");
            }
            EvalOptions options = new EvalOptions();
            options.sandbox = sandbox;
            options.maxCandidates = maxCandidates;
            options.maxScreened = maxScreened;
            return new RepairBench(env, options, spec.commandLine().getOut(), spec.commandLine().getErr())
                    .run(repos, count, seed, out, java.util.Optional.ofNullable(bugs));
        }
        List<String> targets = new ArrayList<>(repos.isEmpty() && generated == 0 ? examples() : repos);
        if (generated > 0) {
            GeneratedMavenProject.Framework tests = framework(framework);
            Path dir = out.resolve("generated-" + tests.name().toLowerCase(Locale.ROOT) + "-" + generated + "-"
                    + UUID.randomUUID().toString().substring(0, 8));
            targets.add(GeneratedMavenProject.write(dir, generated, Duration.ofMillis(300), tests).toString());
        }
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        sandbox.putFlags(flags);
        CompositionRoot root = new CompositionRoot(Settings.of(ConfigResolver.resolve(flags, env.host(),
                Optional.empty())), env);
        Workspaces workspaces = root.workspaces(root.workDir());
        PrintWriter out = spec.commandLine().getOut();
        if (what.equals("sandbox")) {
            try (Executor local = root.hostExecutor(); Executor docker = root.docker()) {
                compare(targets, Benchmarks.sandbox(root, workspaces), root.testRunner(local), root.testRunner(docker),
                        out);
            }
            return ExitCodes.OK;
        }
        try (Executor executor = root.executor(spec.commandLine().getErr())) {
            validate(root, targets, workspaces, executor, out);
        }
        return ExitCodes.OK;
    }

    /** {@code bench fix}: one generated project, its T_suite and its whole fix. */
    private Integer fix() {
        FixBench.Kind project = FixBench.Kind.of(kind);
        if (suiteSeconds < 1) {
            throw new ConfigException("--suite-seconds must be at least 1, got " + suiteSeconds);
        }
        Path dir = out.resolve("fix-" + project.label() + "-" + suiteSeconds + "s-"
                + UUID.randomUUID().toString().substring(0, 8)).toAbsolutePath();
        FixBench.generate(project, dir.resolve("project"), Duration.ofSeconds(suiteSeconds),
                twoFixes ? GeneratedMavenProject.Bug.TWO_FIXES
                        : reached ? GeneratedMavenProject.Bug.REACHED_BY_EVERY_TEST : GeneratedMavenProject.Bug.ONE_FIX);
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        sandbox.putFlags(flags);
        if (testSelection != null) {
            flags.put(ConfigKey.TEST_SELECTION, testSelection);
        }
        CompositionRoot root = new CompositionRoot(Settings.of(ConfigResolver.resolve(flags, env.host(),
                Optional.empty())), env);
        try (Executor executor = root.executor(spec.commandLine().getErr())) {
            FixBench bench = suiteCoverage ? new FixBench(root, executor, Benchmarks.suiteCoverage(root, executor))
                    : new FixBench(root, executor);
            FixBench.Figures f = bench.measure(project, dir.resolve("project"),
                    dir.resolve("reports"));
            FixBenchTable.print(f, root.settings().sandbox().mode().toString().toLowerCase(Locale.ROOT),
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                    spec.commandLine().getOut());
        }
        return ExitCodes.OK;
    }

    private void validate(CompositionRoot root, List<String> targets, Workspaces workspaces, Executor executor,
            PrintWriter out) {
        out.println("repo                                     build  tests  T_suite  mode    status     cands  "
                + "screen/cand (xT)   full run (xT)     to VALID (xT)");
        ValidationBench bench = selection ? Benchmarks.selection(root, workspaces, executor)
                : Benchmarks.validation(root, workspaces, executor);
        String what = selection ? "test selection" : "screening";
        for (String repo : targets) {
            ValidationBench.Figures f = bench.measure(Benchmarks.config(repo, env.host()), repeat);
            row(out, f, selection ? "sel-off" : "before", f.before());
            row(out, f, selection ? "sel-on" : "after", f.after());
            f.after().notes().forEach(n -> out.println("  note: " + n));
            if (selection) {
                candidates(out, f);
            }
            List<String> differ = f.verdictsThatDiffer();
            out.println("  verdicts: " + f.validatedByBoth().size() + " candidate(s) validated with and without "
                    + what + ", " + (differ.isEmpty() ? "all the same" : differ.size() + " differ: "
                    + String.join("; ", differ)));
            out.flush();
        }
    }

    /** One row per candidate: its verdict and deciding run with test selection off and on. */
    private static void candidates(PrintWriter out, ValidationBench.Figures f) {
        out.println("  candidate                 verdict off   verdict on    full run off  full run on   tests on");
        for (String id : f.validatedByBoth()) {
            out.println(String.format(Locale.ROOT, "  %-25s %-13s %-13s %12s  %12s  %s", id,
                    f.before().verdicts().get(id), f.after().verdicts().get(id), seconds(f.before().fullRuns().get(id)),
                    seconds(f.after().fullRuns().get(id)), f.after().tests().getOrDefault(id, "-")));
        }
    }

    private static String seconds(Duration d) {
        return d == null ? "-" : String.format(Locale.ROOT, "%.2fs", secs(d));
    }

    private static void row(PrintWriter out, ValidationBench.Figures f, String mode, ValidationBench.RunFigures r) {
        Duration full = r.fullRun().orElse(Duration.ZERO);
        String name = String.valueOf(Path.of(f.repo()).getFileName());
        String repo = name.length() > 40 ? "..." + name.substring(name.length() - 37) : name;
        out.println(String.format(Locale.ROOT, "%-40s %-6s %5d  %6.2fs  %-6s  %-9s  %5d  %6.2fs (%.3f)  %6.2fs (%.2f)  "
                + "%6.2fs (%.2f)", repo, f.build(), f.tests(), secs(f.suite()), mode, r.status(), r.screens().size(),
                secs(r.medianScreen()), f.ratio(r.medianScreen()), secs(full), f.ratio(full), secs(r.total()),
                f.ratio(r.total())));
    }

    private void compare(List<String> targets, SandboxBench bench, TestRunner local, TestRunner docker,
            PrintWriter out) {
        out.println("repo                               build    local   docker  ratio  added/run  outcome (local | docker)");
        for (String repo : targets) {
            SandboxBench.Figures f = bench.measure(Benchmarks.config(repo, env.host()), local, docker, repeat);
            out.println(String.format(Locale.ROOT, "%-34s %-7s %6.2fs %7.2fs  %5.2f  %+8.2fs  %s | %s", f.repo(),
                    f.build(), secs(f.firstTime()), secs(f.secondTime()), f.ratio(), secs(f.added()), f.first(),
                    f.second()));
            out.flush();
        }
    }

    private static List<String> examples() throws java.io.IOException {
        Path dir = Path.of("examples");
        if (!Files.isDirectory(dir)) {
            throw new ConfigException("no examples/ folder here; run from the repofix checkout or pass --repo");
        }
        try (Stream<Path> list = Files.list(dir)) {
            return list.filter(Files::isDirectory).map(Path::toString).sorted().toList();
        }
    }

    static GeneratedMavenProject.Framework framework(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "junit5" -> GeneratedMavenProject.Framework.JUNIT5;
            case "junit4" -> GeneratedMavenProject.Framework.JUNIT4;
            case "testng" -> GeneratedMavenProject.Framework.TESTNG;
            default -> throw new ConfigException("unknown --framework '" + name + "'; the ones there are: junit5, "
                    + "junit4, testng");
        };
    }

    private static double secs(Duration d) {
        return d.toNanos() / 1e9;
    }

    /** {@code bench history}'s figures, one line each. */
    private static void printHistory(HistoryBenchmark.Figures f, PrintWriter out) {
        out.printf(Locale.ROOT, "repofix bench history: %d runs written in %.1f s to %s%n", f.runs(), f.writeSeconds(),
                f.store());
        for (TrendBy by : TrendBy.values()) {
            out.printf(Locale.ROOT, "trend --by %-5s %8.1f ms (median of %d)%n", by, f.trendMs().get(by), f.repeat());
        }
        out.printf(Locale.ROOT, "list (newest 50)  %8.1f ms%n", f.listMs());
        out.printf(Locale.ROOT, "runs (one model)  %8.1f ms%n", f.oneModelMs());
        out.println("store size: " + f.size() + " (removed now)");
        out.flush();
    }
}
