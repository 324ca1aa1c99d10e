package dev.repofix.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every setting repofix reads, by its one name. The same key is a flag
 * ({@code --base-url}), an environment variable ({@code REPOFIX_BASE_URL}, or the
 * Action input {@code INPUT_BASE-URL}) and a {@code .repofix.yml} key ({@code base-url}).
 */
public enum ConfigKey {
    MODEL("model", "builtin", "builtin, openai:<model>, anthropic:<model> or replay:<file>"),
    BASE_URL("base-url", "", "base URL of the model API (an OpenAI-compatible server, Azure, Anthropic)"),
    API_KEY_ENV("api-key-env", "", "name of the variable holding the API key (never the key itself)"),
    AZURE_API_VERSION("azure-api-version", "", "Azure OpenAI api-version, with azure-deployment"),
    AZURE_DEPLOYMENT("azure-deployment", "", "Azure OpenAI deployment name"),
    CONTEXT("context", "16k", "token budget of the code context: 2k, 4k, 8k, 16k, 32k, 64k or 128k"),
    MAX_ATTEMPTS("max-attempts", "3", "attempts per stage when the model's answer does not parse (k of Loads@k)"),
    CACHE("cache", "true", "keep model answers on disk so a re-run costs nothing"),
    CACHE_DIR("cache-dir", "", "folder of the response cache (default: $XDG_CACHE_HOME/repofix or ~/.cache/repofix)"),
    RECORD("record", "", "append every model exchange to this JSONL file, for replay"),
    TEST_COMMAND("test-command", "", "shell command that runs the tests"),
    MAX_CANDIDATES("max-candidates", "30", "validate at most this many patch candidates"),
    TIMEOUT("timeout", "20m", "time budget of the whole run"),
    TEST_TIMEOUT("test-timeout", "10m", "limit of one test-suite run"),
    RERUNS("reruns", "2", "reruns of failing tests to tell flaky ones"),
    JOBS("jobs", "1", "candidates validated at once"),
    SANDBOX("sandbox", "auto", "where tests run: auto (Docker when the engine and the image are there, else local), "
            + "docker or local"),
    SANDBOX_MEMORY("sandbox-memory", "2g", "memory limit of one sandboxed test run, no swap (e.g. 512m, 2g)"),
    SANDBOX_CPUS("sandbox-cpus", "2", "CPU limit of one sandboxed test run (e.g. 1.5)"),
    SANDBOX_PIDS("sandbox-pids", "512", "process limit of one sandboxed test run"),
    SANDBOX_IMAGE("sandbox-image", "", "sandbox image: jvm, python, node, rust, go or an image reference "
            + "(default: by build system)"),
    SANDBOX_CACHE("sandbox-cache", "", "extra host folders, comma-separated, mounted read-only at the same path "
            + "in the sandbox"),
    MODE("mode", "comment", "what the action posts: comment (one sticky PR comment), review (comment and suggestions), "
            + "check (comment and a check run) or summary-only"),
    FAIL_ON("fail-on", "never", "when the action fails the step: never, no-fix (tests fail and no fix was proven) "
            + "or failures (tests fail)"),
    WORK_DIR("work-dir", "", "folder for the workspace copies (default: the system temp folder); in a container "
            + "action, a folder on a mounted volume such as /github/home");

    private final String key;
    private final String defaultValue;
    private final String help;

    ConfigKey(String key, String defaultValue, String help) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.help = help;
    }

    /** The kebab-case name used in flags and {@code .repofix.yml}. */
    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String help() {
        return help;
    }

    /** {@code REPOFIX_BASE_URL}. */
    public String envName() {
        return "REPOFIX_" + key.toUpperCase(Locale.ROOT).replace('-', '_');
    }

    /** GitHub keeps hyphens in input variables: {@code INPUT_BASE-URL}; both forms are read. */
    public String[] inputNames() {
        String upper = key.toUpperCase(Locale.ROOT);
        return new String[] {"INPUT_" + upper, "INPUT_" + upper.replace('-', '_')};
    }

    public static Optional<ConfigKey> byKey(String key) {
        return Arrays.stream(values()).filter(k -> k.key.equals(key)).findFirst();
    }

    static String known() {
        return Arrays.stream(values()).map(ConfigKey::key).collect(Collectors.joining(", "));
    }
}
