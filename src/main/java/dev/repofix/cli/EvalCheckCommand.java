package dev.repofix.cli;

import dev.repofix.eval.CaseFile;
import dev.repofix.eval.CaseProblem;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval check}: the static check of a case file; every problem, then a summary. */
@Command(name = "check", mixinStandardHelpOptions = true,
        description = {"Checks a case file (JSON Lines, docs/eval.md) without running anything: the schema, that the",
                "patches parse and split into source and test changes, test ids, derived locations, unique ids.",
                "Prints every problem as FILE:LINE: FIELD: WHY. Exit 0 when clean, 2 when any case has a problem."})
final class EvalCheckCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--cases", required = true, paramLabel = "FILE", description = "The case file to check.")
    Path cases;

    @Override
    public Integer call() {
        CaseFile.Scan scan = new CaseFile().scan(cases, c -> { });
        PrintWriter out = spec.commandLine().getOut();
        scan.problems().stream().map(CaseProblem::toString).forEach(out::println);
        long bad = scan.casesWithProblems();
        out.println(count(scan.cases(), "case") + ", " + (bad == 0 ? "no problems" : bad + " with problems"));
        out.flush();
        return scan.problems().isEmpty() ? ExitCodes.OK : ExitCodes.USAGE;
    }

    /** {@code 1 case}, {@code 6 cases}. */
    static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
