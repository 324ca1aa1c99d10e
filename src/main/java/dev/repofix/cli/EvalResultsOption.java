package dev.repofix.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --results} folder the eval commands read saved results from. */
final class EvalResultsOption {
    @Option(names = "--results", required = true, paramLabel = "DIR",
            description = "The --out folder of 'eval run' or 'eval merge'.")
    Path results;
}
