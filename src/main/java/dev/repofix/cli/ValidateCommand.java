package dev.repofix.cli;

import dev.repofix.app.CompositionRoot;
import dev.repofix.app.Environment;
import dev.repofix.config.ConfigException;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.exec.Executor;
import java.util.Optional;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix validate}: the verdict of the tests on one given patch, with its evidence. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Validates a given patch with the repository's tests.",
                "Applies a patch (unified diff or SEARCH/REPLACE edit blocks) to a copy of the repository "
                        + "and runs the tests twice: the original tests against the patched source, and the patch's "
                        + "own test edits. VALID only if every failing test passes and no passing test breaks in "
                        + "both.",
                "Exit codes: 0 VALID (or the tests already pass), 1 any other verdict, 2 bad input, 3 "
                        + "repofix could not finish (ERROR) or was interrupted (CANCELLED)."})
final class ValidateCommand implements Callable<Integer> {
    /** Patches larger than this are refused before reading them whole. */
    private static final long MAX_PATCH_BYTES = 5L * 1024 * 1024;

    @Spec
    CommandSpec spec;

    @Mixin
    RunOptions options = new RunOptions();

    @Option(names = "--patch", paramLabel = "FILE", required = true,
            description = "The patch file; '-' reads standard input.")
    String patch;

    private final Environment env;

    ValidateCommand(Environment env) {
        this.env = env;
    }

    boolean verbose() {
        return options.verbose;
    }

    @Override
    public Integer call() {
        String text = readPatch();
        Settings settings = options.settings(env.host(), java.util.Optional.of("1"));
        RunConfig config = options.config(settings, env.host());
        CompositionRoot root = new CompositionRoot(settings, env);
        try (Executor executor = root.executor(spec.commandLine().getErr())) {
            var pipeline = root.pipeline(executor, CompositionRoot.plainBuiltin(),
                    new ConsoleProgress(spec.commandLine().getErr(), options.quiet));
            return Output.finish(pipeline.validate(config, text), options, spec.commandLine().getOut(),
                    spec.commandLine().getErr());
        }
    }

    private String readPatch() {
        try {
            if (patch.equals("-")) {
                byte[] bytes = System.in.readNBytes((int) MAX_PATCH_BYTES + 1);
                return checkSize(bytes.length, new String(bytes, StandardCharsets.UTF_8));
            }
            Path p = Path.of(patch);
            if (!Files.isRegularFile(p)) {
                throw new ConfigException("no such patch file: " + patch + "; pass --patch with a diff file or '-'");
            }
            checkSize(Files.size(p), "");
            return Files.readString(p, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ConfigException("cannot read the patch " + patch + ": " + e.getMessage());
        }
    }

    private static String checkSize(long size, String text) {
        if (size > MAX_PATCH_BYTES) {
            throw new ConfigException("the patch is larger than " + (MAX_PATCH_BYTES / 1024 / 1024)
                    + " MiB; repofix validates source patches, not generated or binary files");
        }
        return text;
    }
}
