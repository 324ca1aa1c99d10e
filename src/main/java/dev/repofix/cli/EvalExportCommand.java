package dev.repofix.cli;

import dev.repofix.eval.ExportFormat;
import dev.repofix.eval.SwebenchExport;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval export}: a benchmark run's predictions in another harness's format. */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Writes a benchmark run's predictions in another harness's format (swebench: JSONL).")
final class EvalExportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--format", required = true, paramLabel = "FORMAT", description = "The format: swebench.")
    String format;

    @Mixin
    EvalResultsOption results = new EvalResultsOption();

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The predictions file to write.")
    Path out;

    @Option(names = "--setting", paramLabel = "NAME", description = "Only the results of this input setting.")
    String setting;

    @Option(names = "--sample", paramLabel = "N", description = "Only the results of this sample.")
    Integer sample;

    @Override
    public Integer call() {
        int written = switch (ExportFormat.parse(format)) {
            case SWEBENCH -> SwebenchExport.write(results.results, out, Optional.ofNullable(setting),
                    sample == null ? OptionalInt.empty() : OptionalInt.of(sample));
        };
        spec.commandLine().getOut().println("wrote " + written + " predictions to " + out);
        return ExitCodes.OK;
    }
}
