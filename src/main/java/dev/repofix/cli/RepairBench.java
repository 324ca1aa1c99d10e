package dev.repofix.cli;

import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.app.EvalSession;
import dev.repofix.app.RepairTables;
import dev.repofix.build.BuildDetector;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.inject.BugInjector;
import dev.repofix.eval.inject.InjectedCases;
import dev.repofix.eval.inject.WrittenBugs;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.result.RunManifest;
import dev.repofix.eval.run.EvalRunner;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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

    /**
     * Measures on {@code repos}, with bugs injected or, given {@code bugsFile}, the bugs it holds; a repository whose
     * tests do not pass is skipped with the reason.
     */
    int run(List<String> repos, int count, long seed, Path dir, Optional<Path> bugsFile) {
        List<EvalCase> cases = new ArrayList<>();
        Optional<List<WrittenBugs.Bug>> written = bugsFile.map(WrittenBugs::read);
        if (written.isPresent()) {
            List<String> names = repos.stream().map(RepairBench::folderName).toList();
            List<String> astray = written.get().stream().filter(b -> names.stream().noneMatch(b::isFor))
                    .map(b -> b.repo().orElse("") + ":" + b.file() + ":" + b.line()).toList();
            if (!astray.isEmpty()) {
                err.println("repofix bench repair: written bug(s) for no --repo given: " + String.join(", ", astray));
                return ExitCodes.USAGE;
            }
        }
        try (EvalSession session = options.session(env, "builtin", err)) {
            for (int i = 0; i < repos.size(); i++) {
                String name = folderName(repos.get(i));
                Optional<List<WrittenBugs.Bug>> mine = written.map(all -> all.stream().filter(b -> b.isFor(name))
                        .toList());
                if (mine.isPresent() && mine.get().isEmpty()) {
                    continue;
                }
                inject(repos.get(i), "r" + (i + 1), count, seed, dir.resolve("r" + (i + 1)), session, cases, mine);
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
            print(RepairTables.of(store.results(), cases));
            return ExitCodes.OK;
        }
    }

    private void inject(String repo, String prefix, int count, long seed, Path dir, EvalSession session,
            List<EvalCase> cases, Optional<List<WrittenBugs.Bug>> written) {
        try (Workspace ws = new Workspaces(dir.resolve("work"), CompositionRoot.CLONE_TIMEOUT).open(repo, Optional.empty())) {
            Path repoDir = dir.resolve("repo").toAbsolutePath();
            List<EvalCase> made;
            if (written.isPresent()) {
                List<BugInjector.Injected> bugs = WrittenBugs.tried(new BugInjector(new BuildDetector(),
                        session.testRunner(), Duration.ofMinutes(10)), ws, Optional.empty(), written.get(),
                        why -> err.println("refused the written bug at " + why));
                made = InjectedCases.write(ws, bugs, repoDir, prefix, Optional.empty());
            } else {
                made = InjectedCases.inject(session.testRunner(), ws, Optional.empty(), count, 1, seed,
                        Duration.ofMinutes(10), repoDir, prefix, line -> { });
            }
            cases.addAll(made);
            err.println((written.isPresent() ? "wrote " : "injected ") + made.size() + " bug(s) into " + repo);
        } catch (RepofixException e) {
            err.println("skipped " + repo + ": " + e.getMessage());
        }
        err.flush();
    }

    /** The last name of a repository's path or URL, which a written bug's {@code repo} names. */
    static String folderName(String repo) {
        String trimmed = repo.replaceAll("[/\\\\]+$", "").replaceAll("\\.git$", "");
        return trimmed.substring(Math.max(trimmed.lastIndexOf('/'), trimmed.lastIndexOf('\\')) + 1);
    }

    /**
     * One row per operator and a total: cases, fixed, reference-equal, top-1, top-5, seconds per bug; then the
     * same counts per language and operator, and per template family of the fix found.
     */
    private void print(RepairTables tables) {
        out.println("operator          in templates  cases  fixed  reference-equal  top-1  top-5  s/bug");
        tables.byOperator().forEach(r -> out.println(row(r.operator(), r.inTemplates(), r.counts())));
        out.println(row("all", "", tables.all()));
        if (tables.apart() > 0) {
            out.println(tables.apart() + " case(s) counted apart (ERROR, BROKEN or FLAKY); see the results folder");
        }
        out.flush();
        out.println();
        out.println("language and operator          cases  fixed  reference-equal  top-1  top-5  s/bug");
        tables.byLanguageAndOperator().forEach((key, counts) -> out.println(String.format(Locale.ROOT, "%-30s ", key)
                + counts(counts)));
        out.println();
        out.println("family of the fix found        cases  fixed  reference-equal  top-1  top-5  s/bug");
        tables.byFamily().forEach((family, counts) -> out.println(String.format(Locale.ROOT, "%-30s ", family)
                + counts(counts)));
        out.flush();
    }

    private static String row(String name, String templates, RepairTables.Counts counts) {
        return String.format(Locale.ROOT, "%-17s %-13s ", name, templates) + counts(counts);
    }

    /** cases, fixed, reference-equal, top-1, top-5 and seconds per bug, in the tables' columns. */
    private static String counts(RepairTables.Counts c) {
        return String.format(Locale.ROOT, "%5d  %5d  %15d  %5d  %5d  %5.1f", c.cases(), c.fixed(), c.referenceEqual(),
                c.top1(), c.top5(), c.secondsPerBug());
    }
}
