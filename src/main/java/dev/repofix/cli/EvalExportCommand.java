package dev.repofix.cli;

import dev.repofix.config.ConfigException;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.swebench.ExportFormat;
import dev.repofix.eval.swebench.SweBenchInstances;
import dev.repofix.eval.swebench.SwebenchExport;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code repofix eval export}: a benchmark run's predictions, or a case file's cases as
 * task instances, in another harness's format.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = {"Writes predictions or cases in another harness's format.",
                "A benchmark run's predictions (--results) or a case file's cases as task instances "
                        + "(--cases), in another harness's format (swebench: JSONL); 'eval import' reads the "
                        + "instances back."})
final class EvalExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "The format: swebench.")
    String format;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Input input = new Input();

    /** What is exported: a run's results or a case file. */
    static final class Input {
        @Option(names = "--results", required = true, paramLabel = "DIR",
                description = "The --out folder of 'eval run' or 'eval merge': export its predictions.")
        Path results;

        @Option(names = "--cases", required = true, paramLabel = "FILE",
                description = "A case file: export its cases as task instances.")
        Path cases;
    }

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The file to write.")
    Path out;

    @Option(names = "--setting", paramLabel = "NAME", description = "Only the results of this input setting.")
    String setting;

    @Option(names = "--sample", paramLabel = "N", description = "Only the results of this sample.")
    Integer sample;

    @Option(names = "--only-valid", description = "With --results: only the cases whose patch passed repofix's "
            + "validation; without it a case with no valid patch exports the first candidate that applied (one "
            + "repofix saw fail). Every prediction says which it is in '" + SwebenchExport.PROVEN + "'.")
    boolean onlyValid;

    @Option(names = "--repo-name", paramLabel = "PATH_OR_URL=OWNER/NAME", description = "With --cases: the "
            + "owner/name to write for a case's repo (default: from a GitHub URL, else local/FOLDER); repeatable.")
    Map<String, String> repoNames = Map.of();

    @Override
    public Integer call() {
        if (input.cases != null) {
            if (onlyValid) {
                throw new ConfigException("--only-valid filters a run's predictions (--results); a case file's "
                        + "instances (--cases) have nothing to validate");
            }
            List<EvalCase> cases = new CaseFile().read(input.cases);
            switch (ExportFormat.parse(format)) {
                case SWEBENCH -> SweBenchInstances.write(cases, repoNames, out);
            }
            spec.commandLine().getOut().println("wrote " + cases.size() + " task instances to " + out);
            return ExitCodes.OK;
        }
        SwebenchExport.Written written = switch (ExportFormat.parse(format)) {
            case SWEBENCH -> SwebenchExport.write(input.results, out, Optional.ofNullable(setting),
                    sample == null ? OptionalInt.empty() : OptionalInt.of(sample), onlyValid);
        };
        spec.commandLine().getOut().println("wrote " + written.predictions() + " predictions to " + out
                + (onlyValid ? "; left out " + written.leftOut() + " case(s) with no patch that passed validation" : ""));
        return ExitCodes.OK;
    }
}
