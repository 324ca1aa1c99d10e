package dev.repofix.cli;

import dev.repofix.eval.result.ShardMerge;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code repofix eval merge}: joins the output folders of a sharded benchmark run. */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Joins the output folders of the shards of one benchmark run.",
                "The shards are those of 'eval run --shard i/n'. Refuses shards of different case files, "
                        + "a shard or case in two folders, and missing shards."})
final class EvalMergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "The shards' output folders.")
    List<Path> shards;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "The merged folder (no results in it yet).")
    Path out;

    @Option(names = "--allow-partial", description = "Merge even when shards are missing, with a warning naming them.")
    boolean allowPartial;

    @Override
    public Integer call() {
        ShardMerge.Outcome outcome = ShardMerge.merge(shards, out, allowPartial);
        outcome.warnings().forEach(w -> spec.commandLine().getErr().println("repofix: warning: " + w));
        spec.commandLine().getOut().println("merged " + outcome.results() + " results from " + shards.size()
                + " folder(s) into " + out);
        return ExitCodes.OK;
    }
}
