package dev.repofix.config;

import static dev.repofix.config.ConfigKey.SetBy.OPERATOR;
import static dev.repofix.config.ConfigKey.SetBy.REPOSITORY;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Every setting repofix reads, by its one name. The same key is a flag
 * ({@code --base-url}), an environment variable ({@code REPOFIX_BASE_URL}, or the
 * Action input {@code INPUT_BASE-URL}) and a {@code .repofix.yml} key ({@code base-url}).
 * Each constant also says who may set it ({@link SetBy}): this enum is the one table of
 * which keys the repository under test may set; the README lists the same split.
 */
public enum ConfigKey {
    // Who may set each key (the SetBy column): the repository's .repofix.yml may set only
    // how its own tests run and how much of its code a fix looks at; everything that
    // says where a request goes, which secret is read, whether and how the sandbox
    // holds, where files are written, what is posted or what the run may spend is
    // the operator's. Each constant's Javadoc says why it is in its column.
    /** OPERATOR: picks who receives the repository's code, with whose key and money; replay:<file> reads a file. */
    MODEL("model", OPERATOR, "builtin", "builtin, openai:<model>, anthropic:<model> or replay:<file>"),
    /** OPERATOR: where the code and the key are sent. */
    BASE_URL("base-url", OPERATOR, "", "base URL of the model API (an OpenAI-compatible server, Azure, Anthropic)"),
    /** OPERATOR: which secret is read and sent. */
    API_KEY_ENV("api-key-env", OPERATOR, "", "name of the variable holding the API key (never the key itself)"),
    /** OPERATOR: part of the Azure request URL. */
    AZURE_API_VERSION("azure-api-version", OPERATOR, "", "Azure OpenAI api-version, with azure-deployment"),
    /** OPERATOR: part of the Azure request URL. */
    AZURE_DEPLOYMENT("azure-deployment", OPERATOR, "", "Azure OpenAI deployment name"),
    /**
     * REPOSITORY: how much of its code the model needs to see depends on the code (long files,
     * deep call chains); the run's cost stays bounded by the operator's model, timeout and
     * max-attempts, and the largest budget is 128k.
     */
    CONTEXT("context", REPOSITORY, "16k", "token budget of the code context: 2k, 4k, 8k, 16k, 32k, 64k or 128k"),
    /** OPERATOR: a property of the model (how well it keeps to JSON), and it multiplies paid requests. */
    MAX_ATTEMPTS("max-attempts", OPERATOR, "3",
            "attempts per stage when the model's answer is not usable: it does not parse, or names no file or "
                    + "source line of the repository (k of Loads@k)"),
    /** OPERATOR: a property of the operator's model server (how many tokens it holds), not of the code. */
    MODEL_CONTEXT("model-context", OPERATOR, "", "the model's context window in tokens, e.g. 4096 or 8k: every "
            + "request is cut to fit it (code context, then instructions, then a re-ask's history, then the answer "
            + "budget); empty: not stated, nothing is cut"),
    /** OPERATOR: what each paid request may cost in answer tokens. */
    MAX_ANSWER_TOKENS("max-answer-tokens", OPERATOR, "4096", "answer size limit of each model request, in tokens"),
    /** OPERATOR: how long the operator's model server is waited for, within the run's budget. */
    MODEL_TIMEOUT("model-timeout", OPERATOR, "", "limit of one model request, e.g. 90s; empty: what is left of "
            + "the stage's share of the run's timeout"),
    /** OPERATOR: how hard the operator's model server is pushed. */
    MODEL_CONCURRENCY("model-concurrency", OPERATOR, "", "model requests sent at once to the endpoint (eval --jobs, "
            + "samples); empty: 1 for a loopback endpoint (a local server), no limit for others"),
    /** OPERATOR: what the operator's disk keeps, and whether a re-run is paid again. */
    CACHE("cache", OPERATOR, "true", "keep model answers on disk so a re-run costs nothing"),
    /** OPERATOR: names a folder that is written. */
    CACHE_DIR("cache-dir", OPERATOR, "",
            "folder of the response cache (default: $XDG_CACHE_HOME/repofix or ~/.cache/repofix)"),
    /** OPERATOR: names a file that is written. */
    RECORD("record", OPERATOR, "", "append every model exchange to this JSONL file, for replay"),
    /** REPOSITORY: how its tests run; the command runs as the tests do, sandboxed and without secrets. */
    TEST_COMMAND("test-command", REPOSITORY, "", "shell command that runs the tests"),
    /**
     * REPOSITORY: how its tests' environment is made (what they need installed); the commands run
     * with network but no secret, before any test, and never where tests run offline.
     */
    SETUP("setup", REPOSITORY, "", "shell commands, one per line (a YAML list in .repofix.yml), that install what the "
            + "tests need; they replace the detected set-up (for Python they run inside repofix's venv)"),
    /** REPOSITORY: which interpreter its tests need, like requires-python. */
    PYTHON_VERSION("python-version", REPOSITORY, "", "Python the tests need: 3.9 or a specifier such as >=3.8,<3.11 "
            + "(default: requires-python of pyproject.toml)"),
    /** REPOSITORY: what a fix may try; bounded by the operator's timeout. */
    MAX_CANDIDATES("max-candidates", REPOSITORY, "30", "validate at most this many patch candidates"),
    /** OPERATOR: what the run may spend (the warm JVM's time on each screened candidate). */
    MAX_SCREENED("max-screened", OPERATOR, "200", "where screening is on (a warm test JVM), screen at most this many "
            + "candidates; max-candidates then counts the full runs of those that pass it"),
    /**
     * OPERATOR: how the builtin engine ranks lines; harmless, yet the repository only says how
     * its tests run, so the choice stays with the person running repofix.
     */
    SBFL("sbfl", OPERATOR, "ochiai", "spectrum formula of the builtin engine's localization: ochiai or dstar"),
    /** OPERATOR: the whole run's budget is the operator's CI time and model spend; it also caps test-timeout. */
    TIMEOUT("timeout", OPERATOR, "20m", "time budget of the whole run"),
    /** REPOSITORY: how long its suite takes; never more than the operator's timeout. */
    TEST_TIMEOUT("test-timeout", REPOSITORY, "10m", "limit of one test-suite run"),
    /** REPOSITORY: how flaky its tests are. */
    RERUNS("reruns", REPOSITORY, "2", "reruns of failing tests to tell flaky ones"),
    /** OPERATOR: how many test runs the operator's machine takes at once (each up to sandbox-memory). */
    JOBS("jobs", OPERATOR, "1", "candidates validated at once"),
    /**
     * OPERATOR: whether a candidate's deciding run may skip test classes that per-test coverage
     * shows cannot reach its change; what a verdict rests on is the operator's call.
     */
    TEST_SELECTION("test-selection", OPERATOR, "on", "deciding run of a candidate: on (skip the test classes "
            + "whose per-test coverage reaches none of the changed files) or off (always the whole suite)"),
    /** OPERATOR: whether untrusted code is isolated at all. */
    SANDBOX("sandbox", OPERATOR, "auto", "where tests run: auto (Docker when the engine and the image are there, "
            + "else local), docker or local"),
    /** OPERATOR: a limit that protects the host. */
    SANDBOX_MEMORY("sandbox-memory", OPERATOR, "2g", "memory limit of one sandboxed test run, no swap (e.g. 512m, 2g)"),
    /** OPERATOR: a limit that protects the host. */
    SANDBOX_CPUS("sandbox-cpus", OPERATOR, "2", "CPU limit of one sandboxed test run (e.g. 1.5)"),
    /** OPERATOR: a limit that protects the host. */
    SANDBOX_PIDS("sandbox-pids", OPERATOR, "512", "process limit of one sandboxed test run"),
    /** OPERATOR: names the image that is pulled and run. */
    SANDBOX_IMAGE("sandbox-image", OPERATOR, "", "sandbox image: jvm, python, node, rust, go or an image reference "
            + "(default: by build system)"),
    /**
     * OPERATOR: names the registry the sandbox images come from, which the engine then runs with
     * the repository's code; a release's action.yml sets it to that release's images.
     */
    SANDBOX_PULL("sandbox-pull", OPERATOR, "", "where a missing repofix sandbox image is pulled from: an image "
            + "reference with {family} (jvm, python, ...), e.g. <registry>/<owner>/repofix-sandbox-{family}:<version>; "
            + "empty: build it once on the engine"),
    /** OPERATOR: names the image that sandbox images are built FROM, which then runs the repository's code. */
    SANDBOX_BASE("sandbox-base", OPERATOR, "", "base image a missing repofix sandbox image is built FROM (Debian "
            + "trixie or newer; default: the Dockerfiles' own, debian:trixie-slim)"),
    /** OPERATOR: names host folders that are mounted into the sandbox. */
    SANDBOX_CACHE("sandbox-cache", OPERATOR, "", "extra host folders, comma-separated, mounted read-only at the "
            + "same path in the sandbox"),
    /** OPERATOR: what is posted with the operator's token. */
    MODE("mode", OPERATOR, "comment", "what the action posts: comment (one sticky PR comment), review (comment and "
            + "suggestions), check (comment and a check run) or summary-only"),
    /** OPERATOR: whether the CI step fails; a pull request must not turn its own check green. */
    FAIL_ON("fail-on", OPERATOR, "never", "when the action fails the step: never, no-fix (tests fail and no fix "
            + "was proven) or failures (tests fail)"),
    /** OPERATOR: names a folder that is written. */
    WORK_DIR("work-dir", OPERATOR, "", "folder for the workspace copies (default: the system temp folder); in a "
            + "container action, a folder on a mounted volume such as /github/home");

    /**
     * Who may set a key. The operator (flags, Action inputs, {@code REPOFIX_*}, a file given
     * with {@code --config}) may set every key; the repository under test (its
     * {@code .repofix.yml}) only the {@link #REPOSITORY} ones.
     */
    public enum SetBy {
        /** The repository's {@code .repofix.yml} may set it, and the operator too. */
        REPOSITORY,
        /** Only the person running repofix may set it. */
        OPERATOR
    }

    private final String key;
    private final SetBy setBy;
    private final String defaultValue;
    private final String help;

    ConfigKey(String key, SetBy setBy, String defaultValue, String help) {
        this.key = key;
        this.setBy = setBy;
        this.defaultValue = defaultValue;
        this.help = help;
    }

    /** The kebab-case name used in flags and {@code .repofix.yml}. */
    public String key() {
        return key;
    }

    /** Who may set this key: {@link SetBy#REPOSITORY} or only the {@link SetBy#OPERATOR}. */
    public SetBy setBy() {
        return setBy;
    }

    /** Whether a setting from {@code who} may set this key. */
    public boolean mayBeSetBy(SetBy who) {
        return who == SetBy.OPERATOR || setBy == SetBy.REPOSITORY;
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
