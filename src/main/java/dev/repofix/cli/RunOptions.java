package dev.repofix.cli;

import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.ResolvedConfig;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.config.SettingsFile;
import dev.repofix.workspace.Workspaces;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * Options shared by the commands that run a repository's tests. Settings without a
 * flag given fall back to INPUT_*, REPOFIX_*, .repofix.yml and defaults, in that order;
 * the repository's .repofix.yml sets only the keys a repository may set.
 */
final class RunOptions {
    /** Warnings of unknown keys past this many are counted in one line: a file may hold thousands. */
    static final int UNKNOWN_KEYS_SHOWN = 20;

    /** The command this mixin is part of, for its error stream; null outside picocli. */
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--repo", paramLabel = "PATH|URL", defaultValue = ".",
            description = "Git work tree (or a folder inside one) or clone URL. Default: ${DEFAULT-VALUE}")
    String repo;

    @Option(names = "--ref", paramLabel = "REF",
            description = "Branch, tag or commit to test. Default: the working tree as it is (uncommitted edits included).")
    String ref;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "repofix-out",
            description = "Folder for report.md, report.json, report.sarif and fix.patch. Default: ${DEFAULT-VALUE}")
    Path out;

    @Option(names = "--config", paramLabel = "FILE",
            description = "Your settings file; it may set every key. Default: .repofix.yml at the root of a local "
                    + "--repo, if present, which may set only how the repository's tests run (see the README).")
    Path configFile;

    @Option(names = "--test-cmd", paramLabel = "CMD", description = "Shell command that runs the tests at the "
            + "repository root. Default: detected (mvn test, pytest).")
    String testCmd;

    @Option(names = "--setup", paramLabel = "CMD", description = "Shell command that installs what the tests need, "
            + "run once with network before any test; repeat for several. Default: detected (a venv and pip install, "
            + "mvn test-compile, npm ci, go mod download, cargo fetch).")
    java.util.List<String> setup;

    @Option(names = "--python-version", paramLabel = "SPEC", description = "Python the tests need: 3.9 or a "
            + "specifier such as >=3.8,<3.11. Default: requires-python of pyproject.toml.")
    String pythonVersion;

    @Option(names = "--timeout", paramLabel = "DURATION", description = "Time budget of the whole run, e.g. 90s, "
            + "15m, 1h. Default: 20m")
    String timeout;

    @Option(names = "--test-timeout", paramLabel = "DURATION", description = "Limit of one test-suite run. Default: 10m")
    String testTimeout;

    @Option(names = "--reruns", paramLabel = "N", description = "Rerun the failing tests N times before any patch; "
            + "one that passes is flaky and not counted. Default: 2")
    String reruns;

    @Option(names = "--jobs", paramLabel = "N", description = "Validate up to N candidates at once. Default: 1")
    String jobs;

    @Option(names = "--test-selection", paramLabel = "on|off", description = "on (default): a candidate's deciding "
            + "run skips the test classes whose per-test coverage reaches none of its changed files (the whole suite "
            + "whenever that cannot be known); off: always the whole suite.")
    String testSelection;

    @Option(names = "--model", paramLabel = "MODEL", description = "builtin (default, offline), openai:<model>, "
            + "anthropic:<model> or replay:<file.jsonl>")
    String model;

    @Option(names = "--base-url", paramLabel = "URL", description = "Model API base URL, e.g. a local "
            + "OpenAI-compatible server (vLLM, Ollama, llama.cpp).")
    String baseUrl;

    @Option(names = "--api-key-env", paramLabel = "VAR", description = "Variable holding the API key. Default: "
            + "OPENAI_API_KEY or ANTHROPIC_API_KEY.")
    String apiKeyEnv;

    @Option(names = "--context", paramLabel = "BUDGET", description = "Token budget of the code context given to "
            + "the model: 2k, 4k, 8k, 16k, 32k, 64k, 128k. Default: 16k")
    String context;

    @Mixin
    ModelLimitOptions modelLimits = new ModelLimitOptions();

    @Option(names = "--sbfl", paramLabel = "FORMULA", description = "How the builtin engine ranks lines over "
            + "per-test coverage: ochiai or dstar. Default: ochiai")
    String sbfl;

    @Option(names = "--record", paramLabel = "FILE", description = "Append every model exchange to FILE (JSONL) "
            + "so that --model replay:FILE reproduces the run.")
    String record;

    @Option(names = "--no-cache", description = "Do not use the on-disk cache of model answers.")
    boolean noCache;

    @Option(names = {"-q", "--quiet"}, description = "No progress lines; print only the verdict line.")
    boolean quiet;

    @Option(names = "--json", description = "Print the machine-readable result (report.json) on stdout.")
    boolean json;

    @Option(names = {"-v", "--verbose"}, description = "Show stack traces of internal errors.")
    boolean verbose;

    @Mixin
    SandboxOptions sandbox = new SandboxOptions();

    /**
     * Settings after precedence; reads the settings file. Each key the repository's file
     * set but may not, or that this version does not know, is ignored, with one warning line
     * on the command's error stream.
     */
    ResolvedConfig resolve(HostEnvironment host, Optional<String> maxCandidates) {
        return resolve(host, maxCandidates, Optional.empty());
    }

    /** The same with {@code fix}'s {@code --max-screened} too. */
    ResolvedConfig resolve(HostEnvironment host, Optional<String> maxCandidates, Optional<String> maxScreened) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        put(flags, ConfigKey.TEST_COMMAND, testCmd);
        put(flags, ConfigKey.SETUP, setup == null ? null : String.join("\n", setup));
        put(flags, ConfigKey.PYTHON_VERSION, pythonVersion);
        put(flags, ConfigKey.TIMEOUT, timeout);
        put(flags, ConfigKey.TEST_TIMEOUT, testTimeout);
        put(flags, ConfigKey.RERUNS, reruns);
        put(flags, ConfigKey.JOBS, jobs);
        put(flags, ConfigKey.TEST_SELECTION, testSelection);
        put(flags, ConfigKey.MODEL, model);
        put(flags, ConfigKey.BASE_URL, baseUrl);
        put(flags, ConfigKey.API_KEY_ENV, apiKeyEnv);
        put(flags, ConfigKey.CONTEXT, context);
        modelLimits.putFlags(flags);
        put(flags, ConfigKey.RECORD, record);
        put(flags, ConfigKey.SBFL, sbfl);
        put(flags, ConfigKey.MAX_CANDIDATES, maxCandidates.orElse(null));
        put(flags, ConfigKey.MAX_SCREENED, maxScreened.orElse(null));
        if (noCache) {
            flags.put(ConfigKey.CACHE, "false");
        }
        sandbox.putFlags(flags);
        ResolvedConfig resolved = ConfigResolver.resolve(flags, host, settingsFile());
        if (command != null) {
            warnRefused(resolved, command.commandLine().getErr());
        }
        return resolved;
    }

    /**
     * One line per key the repository's file set but may not, and per key it set that this
     * version does not know (the first {@value #UNKNOWN_KEYS_SHOWN}, then how many more), each
     * naming the key and the file.
     */
    private static void warnRefused(ResolvedConfig c, PrintWriter err) {
        c.refused().forEach(r -> err.println("repofix: warning: " + r.message()));
        c.unknown().stream().limit(UNKNOWN_KEYS_SHOWN).forEach(u -> err.println("repofix: warning: " + u.message()));
        if (c.unknown().size() > UNKNOWN_KEYS_SHOWN) {
            err.println("repofix: warning: " + c.unknown().get(0).file() + " sets "
                    + (c.unknown().size() - UNKNOWN_KEYS_SHOWN) + " more keys this version of repofix does not know; "
                    + "ignored");
        }
        err.flush();
    }

    /** The typed settings after precedence, each value checked (see {@link #resolve}). */
    Settings settings(HostEnvironment host, Optional<String> maxCandidates) {
        return Settings.of(resolve(host, maxCandidates));
    }

    /** The same with {@code fix}'s {@code --max-screened} too. */
    Settings settings(HostEnvironment host, Optional<String> maxCandidates, Optional<String> maxScreened) {
        return Settings.of(resolve(host, maxCandidates, maxScreened));
    }

    /** The run of these options' repository, ref and report folder under {@code s}. */
    RunConfig config(Settings s, HostEnvironment host) {
        return s.run().runConfig(repo, Optional.ofNullable(ref), out, host);
    }

    /** The operator's --config file, else the repository's own .repofix.yml (untrusted). */
    private Optional<SettingsFile> settingsFile() {
        if (configFile != null) {
            return Optional.of(SettingsFile.operator(configFile));
        }
        return Workspaces.isUrl(repo) ? Optional.empty()
                : Optional.of(SettingsFile.repository(Path.of(repo).resolve(ConfigResolver.FILE_NAME)));
    }

    private static void put(Map<ConfigKey, String> flags, ConfigKey key, String value) {
        if (value != null) {
            flags.put(key, value);
        }
    }
}
