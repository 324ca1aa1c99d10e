package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.app.EvalSession;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.CaseProblem;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.gold.EmptyStages;
import dev.repofix.eval.gold.GoldStages;
import dev.repofix.eval.gold.SanityCheck;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.run.EvalRunner;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code repofix eval check}: the static check of a case file (every problem, then a
 * summary), and with {@code --run} the sanity check that runs gold and the empty patch.
 */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks a case file; with --run, runs gold and the empty patch.",
                "Without --run nothing runs: it checks the schema (docs/eval.md), that the patches parse "
                        + "and split into source and test changes, test ids, derived locations and unique ids. "
                        + "Prints every problem as FILE:LINE: FIELD: WHY. Exit 0 when clean, 2 when any case has a "
                        + "problem.",
                "With --run, it then runs every case with its reference patch (gold, --repeat times) and "
                        + "with the empty patch: gold must pass, the empty patch must not, gold must come out the "
                        + "same every time. Writes OUT/sanity.json for 'eval run --sanity'. Exit 0 when every case "
                        + "is sound, 1 when some are broken or flaky, 3 when some could not be checked (ERROR)."})
final class EvalCheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cases", required = true, paramLabel = "FILE", description = "The case file to check.")
    Path cases;

    @Option(names = "--run", description = "Also run gold and the empty patch on every case (the sanity check).")
    boolean run;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "Runs of gold per case with "
            + "--run; a case whose outcome changes is flaky. Default: 1")
    int repeat;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "repofix-sanity", description = "Where --run writes "
            + "gold's and the empty patch's results and sanity.json. Default: repofix-sanity")
    Path out;

    @Option(names = "--shard", paramLabel = "I/N", defaultValue = "1/1", description = "Check only shard I of N.")
    String shard;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1", description = "Cases run at once. Default: 1")
    int jobs;

    @Mixin
    EvalOptions options = new EvalOptions();

    private final Environment env;

    EvalCheckCommand(Environment env) {
        this.env = env;
    }

    /** For option parsing in tests: runs nothing. */
    EvalCheckCommand() {
        this(null);
    }

    @Override
    public Integer call() {
        List<EvalCase> read = new ArrayList<>();
        CaseFile.Scan scan = new CaseFile().scan(cases, read::add);
        PrintWriter stdout = spec.commandLine().getOut();
        scan.problems().stream().map(CaseProblem::toString).forEach(stdout::println);
        long bad = scan.casesWithProblems();
        stdout.println(count(scan.cases(), "case") + ", " + (bad == 0 ? "no problems" : bad + " with problems"));
        stdout.flush();
        if (!scan.problems().isEmpty()) {
            return ExitCodes.USAGE;
        }
        return run ? sanity(read, stdout) : ExitCodes.OK;
    }

    private int sanity(List<EvalCase> all, PrintWriter stdout) {
        if (repeat < 1) {
            throw new dev.repofix.config.ConfigException("--repeat must be at least 1, not " + repeat);
        }
        EvalRunner.Shard part = EvalRunner.Shard.parse(shard);
        PrintWriter err = spec.commandLine().getErr();
        ResultStore gold = new ResultStore(out.resolve(GoldStages.MODEL));
        ResultStore empty = new ResultStore(out.resolve(EmptyStages.MODEL));
        run(GoldStages.MODEL, gold, new EvalRunner.Plan(all, List.of(), List.of(), repeat, part, jobs), err);
        run(EmptyStages.MODEL, empty, new EvalRunner.Plan(all, List.of(), List.of(), 1, part, jobs), err);
        if (env.cancellation().isCancelled()) {
            return ExitCodes.ERROR;
        }
        List<SanityCheck.Verdict> verdicts = SanityCheck.judge(all, gold.results(), empty.results());
        Path file = out.resolve("sanity.json");
        SanityCheck.write(file, verdicts);
        for (SanityCheck.Verdict v : verdicts) {
            stdout.println(v.caseId() + ": " + v.status() + (v.reason().isEmpty() ? "" : ": " + v.reason()));
        }
        long sound = verdicts.stream().filter(v -> v.status() == SanityCheck.Status.OK).count();
        stdout.println(sound + " of " + count(verdicts.size(), "case") + " sound; verdicts in " + file
                + (sound == verdicts.size() ? "" : "; run with: repofix eval run --sanity " + file + " ..."));
        stdout.flush();
        if (verdicts.stream().anyMatch(v -> v.status() == SanityCheck.Status.ERROR)) {
            return ExitCodes.ERROR;
        }
        return sound == verdicts.size() ? ExitCodes.OK : ExitCodes.NOT_FIXED;
    }

    private void run(String model, ResultStore store, EvalRunner.Plan plan, PrintWriter err) {
        try (EvalSession session = options.session(env, model, err)) {
            EvalRunner runner = session.runner(store, Optional.empty(), new EvalProgress(err, env.interactive()), Map.of());
            runner.run(plan, session.manifest(cases, plan.shard(), List.of()));
        }
    }

    /** {@code 1 case}, {@code 6 cases}. */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
