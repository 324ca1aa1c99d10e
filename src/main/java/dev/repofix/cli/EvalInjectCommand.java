package dev.repofix.cli;

import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.build.BuildDetector;
import dev.repofix.config.ConfigException;
import dev.repofix.config.Settings;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.inject.BugInjector;
import dev.repofix.eval.inject.InjectedCases;
import dev.repofix.eval.inject.ModelInjector;
import dev.repofix.exec.Executor;
import dev.repofix.stage.BugType;
import dev.repofix.workspace.Workspace;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval inject}: benchmark cases made by injecting bugs into a repository whose tests pass. */
@Command(name = "inject", mixinStandardHelpOptions = true,
        description = {"Makes cases by injecting bugs into a repository whose tests pass.",
                "Works on a copy, with mutation operators (the builtin engine's templates and operators "
                        + "it has none for); keeps the bugs that make a test fail and writes OUT/cases.jsonl over "
                        + "OUT/repo (one branch per case). Your repository is not changed.",
                "Exit 0 when COUNT cases were made, 1 when fewer, 2 on bad input."})
final class EvalInjectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--repo", required = true, paramLabel = "PATH|URL", description = "The repository (tests passing).")
    String repo;

    @Option(names = "--ref", paramLabel = "REF", description = "Branch, tag or commit; default: the working tree.")
    String ref;

    @Option(names = "--count", paramLabel = "N", defaultValue = "10", description = "Cases to make. Default: 10")
    int count;

    @Option(names = "--bugs-per-case", paramLabel = "K", defaultValue = "1", description = "Bugs per case; above 1 "
            + "the cases are multi-bug. Default: 1")
    int bugsPerCase;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "Seed of the order in which "
            + "mutations are tried: the same seed gives the same cases. Default: 1")
    long seed;

    @Option(names = "--test-cmd", paramLabel = "CMD", description = "Shell command that runs the tests. Default: "
            + "detected")
    String testCmd;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where cases.jsonl and repo/ go.")
    Path out;

    @Option(names = "--id-prefix", paramLabel = "P", defaultValue = "inj", description = "Case ids are P-1, P-2, "
            + "... Default: inj")
    String prefix;

    @Option(names = "--model", paramLabel = "NAME", description = "Ask this model (openai:<model>, "
            + "anthropic:<model>, replay:<file>) to insert each bug instead of the mutation operators; single-bug "
            + "cases only.")
    String model;

    @Option(names = "--bug-types", paramLabel = "TYPE", split = ",", description = "With --model: the bug types "
            + "(of the taxonomy, docs/eval.md) asked for in turn. Default: every type but 'other' and those of "
            + "another language's")
    List<String> bugTypes;

    @Mixin
    EvalOptions options = new EvalOptions();

    private final Environment env;

    EvalInjectCommand(Environment env) {
        this.env = env;
    }

    /** The bug types --bug-types names, or every type a model may be asked for in this repository's languages. */
    private List<BugType> types(Workspace ws) {
        if (bugTypes != null && !bugTypes.isEmpty()) {
            List<BugType> out = new java.util.ArrayList<>();
            for (String t : bugTypes) {
                out.add(BugType.of(t).filter(b -> b != BugType.OTHER).orElseThrow(() -> new ConfigException(
                        "--bug-types: '" + t + "' is no bug type of the taxonomy; the types:\n" + BugType.listing())));
            }
            return out;
        }
        return ModelInjector.typesFor(ws);
    }

    @Override
    public Integer call() {
        if (count < 1 || bugsPerCase < 1) {
            throw new ConfigException("--count and --bugs-per-case must be at least 1");
        }
        if (model != null && bugsPerCase != 1) {
            throw new ConfigException("--model makes single-bug cases; leave out --bugs-per-case");
        }
        Settings c = options.settings(env.host(), Optional.ofNullable(model));
        CompositionRoot root = new CompositionRoot(c, env);
        PrintWriter err = spec.commandLine().getErr();
        Optional<String> command = Optional.ofNullable(testCmd);
        try (Executor executor = root.executor(err);
                Workspace ws = root.workspaces(root.workDir()).open(repo, Optional.ofNullable(ref))) {
            java.util.function.Consumer<String> progress = line -> {
                err.println("  " + line);
                err.flush();
            };
            BugInjector injector = new BugInjector(new BuildDetector(), root.testRunner(executor),
                    c.run().testTimeout());
            BugInjector.Outcome made = model == null
                    ? injector.injectCounted(ws, command, count, bugsPerCase, seed, progress)
                    : new ModelInjector(root.chatClient(), injector,
                            c.model().maxAttempts()).inject(ws, command, count, seed, types(ws),
                            progress);
            List<EvalCase> cases = InjectedCases.write(ws, made.kept(), out.resolve("repo").toAbsolutePath(), prefix,
                    command);
            Path file = out.resolve("cases.jsonl");
            try (Writer w = Files.newBufferedWriter(file)) {
                CaseFile.write(cases, w);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write " + file, e);
            }
            PrintWriter stdout = spec.commandLine().getOut();
            stdout.println("made " + cases.size() + " of " + count + " case(s) in " + file + " over " + out.resolve("repo")
                    + (cases.size() < count ? "; no more mutation made a test fail within the tries (raise --count's "
                    + "tries with another --seed, or give a repository with more tests)" : ""));
            made.sites().filter(s -> cases.size() < count).ifPresent(s -> stdout.println("  the operators found "
                    + s.mutations() + " mutation(s) on " + s.lines() + " line(s) of " + s.files() + " source file(s); "
                    + "a line makes one case at most"));
            made.dropped().forEach((why, n) -> stdout.println("  dropped " + n + ": " + why));
            stdout.println("next: repofix eval check --cases " + file + " --run");
            stdout.flush();
            return cases.size() == count ? ExitCodes.OK : ExitCodes.NOT_FIXED;
        }
    }
}
