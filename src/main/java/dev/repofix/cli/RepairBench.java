package dev.repofix.cli;

import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.app.EvalSession;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.inject.InjectionOperator;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.RunManifest;
import dev.repofix.eval.run.EvalRunner;
import dev.repofix.eval.score.CaseScores;
import dev.repofix.eval.score.Scores;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code repofix bench repair}: how well the builtin engine repairs bugs it has not seen.
 * Bugs are injected into each given repository whose tests pass ({@code eval inject}),
 * with operators its templates undo and operators they do not, and every case is run
 * through the pipeline with the builtin engine ({@code eval run}); the table says, per
 * operator, how many were fixed, how many with the reference fix, where localization put
 * the bug (top-1, top-5) and the time per bug.
 */
final class RepairBench {
    private final Environment env;
    private final EvalOptions options;
    private final PrintWriter out;
    private final PrintWriter err;

    RepairBench(Environment env, EvalOptions options, PrintWriter out, PrintWriter err) {
        this.env = env;
        this.options = options;
        this.out = out;
        this.err = err;
    }

    /** Measures on {@code repos}; a repository whose tests do not pass is skipped with the reason. */
    int run(List<String> repos, int count, long seed, Path dir) {
        List<EvalCase> cases = new ArrayList<>();
        try (EvalSession session = options.session(env, "builtin", err)) {
            for (int i = 0; i < repos.size(); i++) {
                inject(repos.get(i), "r" + (i + 1), count, seed, dir.resolve("r" + (i + 1)), session, cases);
            }
            if (cases.isEmpty()) {
                err.println("repofix bench repair: no case was made; give repositories whose tests pass (--repo)");
                return ExitCodes.USAGE;
            }
            ResultStore store = new ResultStore(dir.resolve("results"));
            EvalRunner runner = session.runner(store, Optional.empty(), new EvalProgress(err), Map.of());
            runner.run(new EvalRunner.Plan(cases, List.of(), List.of(), 1, EvalRunner.Shard.all(), 1),
                    new RunManifest("injected", "-", 1, 1, "builtin", List.of(), env.clock().instant(),
                            "repofix bench repair", List.of()));
            Map<String, String> operatorOf = new HashMap<>();
            cases.forEach(c -> operatorOf.put(c.id(), operator(c)));
            table(store.results(), operatorOf);
            Map<String, String> languageOf = new HashMap<>();
            cases.forEach(c -> languageOf.put(c.id(), c.language()));
            byLanguageAndFamily(store.results(), operatorOf, languageOf);
            return ExitCodes.OK;
        }
    }

    private void inject(String repo, String prefix, int count, long seed, Path dir, EvalSession session,
            List<EvalCase> cases) {
        try (Workspace ws = new Workspaces(dir.resolve("work"), CompositionRoot.CLONE_TIMEOUT).open(repo, Optional.empty())) {
            List<EvalCase> made = EvalInjectCommand.inject(session.testRunner(), ws, Optional.empty(), count, 1, seed,
                    Duration.ofMinutes(10), dir.resolve("repo").toAbsolutePath(), prefix, line -> { });
            cases.addAll(made);
            err.println("injected " + made.size() + " bug(s) into " + repo);
        } catch (RepofixException e) {
            err.println("skipped " + repo + ": " + e.getMessage());
        }
        err.flush();
    }

    /** The operator that made a case: its tag among the operators' labels. */
    private static String operator(EvalCase kase) {
        return Arrays.stream(InjectionOperator.values()).map(InjectionOperator::label).filter(kase.tags()::contains)
                .findFirst().orElse("?");
    }

    /** One row per operator and a total: cases, fixed, reference-equal, top-1, top-5, seconds per bug. */
    private void table(List<CaseResult> results, Map<String, String> operatorOf) {
        Map<String, List<CaseScores>> byOperator = new LinkedHashMap<>();
        List<CaseScores> all = new ArrayList<>();
        int apart = 0;
        for (CaseResult r : results) {
            if (r.status() != ResultStatus.SCORED) {
                apart++;
                continue;
            }
            CaseScores s = Scores.of(r);
            byOperator.computeIfAbsent(operatorOf.getOrDefault(r.caseId(), "?"), k -> new ArrayList<>()).add(s);
            all.add(s);
        }
        out.println("operator          in templates  cases  fixed  reference-equal  top-1  top-5  s/bug");
        byOperator.forEach((op, scores) -> out.println(row(op, inTemplates(op), scores)));
        out.println(row("all", "", all));
        if (apart > 0) {
            out.println(apart + " case(s) counted apart (ERROR, BROKEN or FLAKY); see the results folder");
        }
        out.flush();
    }

    /**
     * The same counts per language and operator, then per template family of the fix found
     * (the family of the VALID candidate; how many of its fixes were the reference's).
     */
    private void byLanguageAndFamily(List<CaseResult> results, Map<String, String> operatorOf,
            Map<String, String> languageOf) {
        Map<String, List<CaseScores>> byLanguage = new java.util.TreeMap<>();
        Map<String, List<CaseScores>> byFamily = new java.util.TreeMap<>();
        for (CaseResult r : results) {
            if (r.status() != ResultStatus.SCORED) {
                continue;
            }
            CaseScores s = Scores.of(r);
            String op = operatorOf.getOrDefault(r.caseId(), "?");
            byLanguage.computeIfAbsent(languageOf.getOrDefault(r.caseId(), "?") + " " + op, k -> new ArrayList<>())
                    .add(s);
            String family = r.record().flatMap(RunResult::fix).map(PatchCandidate::strategy).orElse("(not fixed)");
            byFamily.computeIfAbsent(family, k -> new ArrayList<>()).add(s);
        }
        out.println();
        out.println("language and operator          cases  fixed  reference-equal  top-1  top-5  s/bug");
        byLanguage.forEach((key, scores) -> out.println(String.format(Locale.ROOT, "%-30s ", key) + counts(scores)));
        out.println();
        out.println("family of the fix found        cases  fixed  reference-equal  top-1  top-5  s/bug");
        byFamily.forEach((family, scores) -> out.println(String.format(Locale.ROOT, "%-30s ", family) + counts(scores)));
        out.flush();
    }

    private static String inTemplates(String label) {
        for (InjectionOperator op : InjectionOperator.values()) {
            if (op.label().equals(label)) {
                return op.inTemplates() ? "yes" : "no";
            }
        }
        return "?";
    }

    private static String row(String name, String templates, List<CaseScores> scores) {
        return String.format(Locale.ROOT, "%-17s %-13s ", name, templates) + counts(scores);
    }

    /** cases, fixed, reference-equal, top-1, top-5 and seconds per bug, in the tables' columns. */
    private static String counts(List<CaseScores> scores) {
        long fixed = scores.stream().filter(CaseScores::passed).count();
        long equal = scores.stream().filter(s -> s.referenceEqual().orElse(false)).count();
        long top1 = scores.stream().filter(CaseScores::top1).count();
        long top5 = scores.stream().filter(CaseScores::top5).count();
        double secs = scores.stream().mapToLong(s -> s.result().times().wallMs()).average().orElse(0) / 1000.0;
        return String.format(Locale.ROOT, "%5d  %5d  %15d  %5d  %5d  %5.1f", scores.size(), fixed, equal, top1, top5,
                secs);
    }
}
