package dev.repofix.cli;

import dev.repofix.eval.cases.CaseException;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.swebench.SweBenchImport;
import dev.repofix.eval.swebench.SweBenchSpecs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix eval import}: task instances of another benchmark as a case file. */
@Command(name = "import", mixinStandardHelpOptions = true,
        description = {"Imports another benchmark's task instances as a case file.",
                "The case format is in docs/eval.md. An instance that cannot be a good case is refused "
                        + "with the reason and the rest still import; exit 2 if any was refused."})
final class EvalImportCommand implements Callable<Integer> {
    /** The formats {@code --format} takes. */
    static final List<String> FORMATS = List.of("swebench");

    @Spec
    CommandSpec spec;

    @Option(names = "--format", required = true, paramLabel = "FORMAT",
            description = "The input's format: swebench (SWE-bench task instances as a JSON array, JSON Lines, CSV or "
                    + "Parquet file, told by its first bytes and name).")
    String format;

    @Option(names = "--file", required = true, paramLabel = "FILE", description = "The task instances to import.")
    Path file;

    @Option(names = "--repo-map", paramLabel = "OWNER/NAME=PATH_OR_URL",
            description = "Where a repository is, instead of https://github.com/OWNER/NAME; repeatable.")
    Map<String, String> repoMap = new LinkedHashMap<>();

    @Option(names = "--setup", paramLabel = "CMDS",
            description = "Setup commands for every case (one per line), run with network before the tests.")
    String setup;

    @Option(names = "--setup-map", paramLabel = "OWNER/NAME=CMDS",
            description = "Setup commands for one repository's cases, over --setup; repeatable.")
    Map<String, String> setupMap = new LinkedHashMap<>();

    @Option(names = "--specs", paramLabel = "FILE",
            description = {"Environments by repository and version (YAML or JSON, SWE-bench's spec keys: python, "
                    + "packages, pip_packages, pre_install, install, test_cmd, eval_commands; and env); a case whose",
                    "(repo, version) it names gets that environment, over --setup-map and --setup (docs/eval.md)."})
    Path specs;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "The case file to write (JSON Lines).")
    Path out;

    @Override
    public Integer call() {
        if (!FORMATS.contains(format)) {
            throw new CaseException("unknown --format '" + format + "'; supported: " + String.join(", ", FORMATS));
        }
        if (!Files.isRegularFile(file)) {
            throw new CaseException("no file at --file " + file + "; give a JSON array, JSON Lines, CSV or Parquet file of "
                    + "task instances");
        }
        if (sameFile(file, out)) {
            throw new CaseException("--out " + out + " is the --file it reads; write the cases to another file");
        }
        PrintWriter err = spec.commandLine().getErr();
        SweBenchSpecs environments = SweBenchSpecs.none();
        if (specs != null) {
            SweBenchSpecs.Loaded loaded = SweBenchSpecs.read(specs);
            loaded.warnings().forEach(w -> err.println("repofix: warning: " + specs + ": " + w));
            environments = loaded.specs();
        }
        SweBenchImport importer = new SweBenchImport(new CaseFile(),
                new SweBenchImport.Settings(repoMap, Optional.ofNullable(setup), setupMap, environments));
        SweBenchImport.Summary summary;
        try (Writer writer = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
            summary = importer.read(file, c -> CaseFile.write(List.of(c), writer));
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, "cannot write " + out + ": " + e, e);
        }
        summary.refused().forEach(r -> err.println("repofix: " + r));
        err.flush();
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("imported " + EvalCheckCommand.count(summary.imported(), "case") + " to " + out
                + (summary.refused().isEmpty() ? "" : "; " + EvalCheckCommand.count(summary.refused().size(), "instance")
                        + " refused")
                + (specs == null ? "" : "; " + summary.specified() + " with an environment from " + specs));
        stdout.flush();
        return summary.refused().isEmpty() ? ExitCodes.OK : ExitCodes.USAGE;
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException e) {
            return false; // unreadable: the write will say so
        }
    }
}
