package dev.repofix.eval.swebench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.repofix.eval.cases.CaseEnvironment;
import dev.repofix.eval.cases.CaseException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The environments of SWE-bench task instances by repository ({@code owner/name}) and version, as
 * SWE-bench's harness keys them ({@code MAP_REPO_VERSION_TO_SPECS}), read from a YAML or JSON file
 * with the same keys (docs/eval.md, "Environments by version"): {@code python}, {@code packages},
 * {@code pip_packages}, {@code pre_install}, {@code install}, {@code test_cmd}, {@code eval_commands}
 * (its {@code export NAME=VALUE} lines become variables) and repofix's own {@code env}. A key SWE-bench
 * has that repofix does not use is a warning naming it; any other key is an error naming it.
 */
public final class SweBenchSpecs {
    /** The keys that make a case's environment. */
    static final Set<String> USED = Set.of("python", "packages", "pip_packages", "pre_install", "install", "test_cmd",
            "eval_commands", "env");
    /** SWE-bench's keys that say how its own images are built: read past, with a warning. */
    static final Set<String> IGNORED = Set.of("no_use_env", "execute_test_as_nonroot", "arch_specific_packages",
            "docker_specs", "nano_cpus", "apt-pkgs");
    private static final Pattern EXPORT = Pattern.compile("\\s*export\\s+([A-Za-z_][A-Za-z0-9_]*)=(.*)");

    private final Map<String, Map<String, CaseEnvironment>> byRepo;

    private SweBenchSpecs(Map<String, Map<String, CaseEnvironment>> byRepo) {
        this.byRepo = byRepo;
    }

    /**
     * What a spec file holds and what it said beside.
     *
     * @param specs    the environments
     * @param warnings one line per key read past, naming it and where
     */
    public record Loaded(SweBenchSpecs specs, List<String> warnings) {
        public Loaded {
            warnings = List.copyOf(warnings);
        }
    }

    /** No spec: every case gets the per-repository defaults. */
    public static SweBenchSpecs none() {
        return new SweBenchSpecs(Map.of());
    }

    /** The environment of {@code repo}'s {@code version}, when the specs give one. */
    public Optional<CaseEnvironment> environment(String repo, String version) {
        return Optional.ofNullable(byRepo.getOrDefault(repo, Map.of()).get(version));
    }

    /** How many (repository, version) environments the specs give. */
    public int size() {
        return byRepo.values().stream().mapToInt(Map::size).sum();
    }

    /**
     * Reads {@code file} (YAML, of which JSON is a part).
     *
     * @throws CaseException (input) when the file is missing, does not parse, or any entry is wrong;
     *                       the message names every wrong entry and key
     */
    public static Loaded read(Path file) {
        JsonNode root;
        try {
            root = mapper().readTree(Files.readString(file));
        } catch (NoSuchFileException e) {
            throw new CaseException("no specs file at " + file + "; give a YAML or JSON file keyed by owner/name, then "
                    + "version (docs/eval.md, \"Environments by version\")");
        } catch (JsonProcessingException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, file + " is not YAML or JSON: "
                    + e.getOriginalMessage() + " (line " + e.getLocation().getLineNr() + ")", e);
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return parse(root, file.toString());
    }

    /** The specs of a parsed tree; {@code where} names it in messages. */
    static Loaded parse(JsonNode root, String where) {
        if (root == null || !root.isObject()) {
            throw new CaseException(where + " must map owner/name to versions to specs, e.g. "
                    + "{\"owner/name\": {\"1.2\": {\"python\": \"3.9\", \"install\": \"python -m pip install -e .\"}}}");
        }
        List<String> errors = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<String, Map<String, CaseEnvironment>> byRepo = new LinkedHashMap<>();
        root.properties().forEach(repo -> {
            if (!repo.getValue().isObject()) {
                errors.add(repo.getKey() + ": must map versions to specs");
                return;
            }
            Map<String, CaseEnvironment> versions = new LinkedHashMap<>();
            repo.getValue().properties().forEach(v -> new Entry(repo.getKey() + " " + v.getKey(), v.getValue(), errors,
                    warnings).environment().ifPresent(e -> versions.put(v.getKey(), e)));
            byRepo.put(repo.getKey(), Map.copyOf(versions));
        });
        if (!errors.isEmpty()) {
            throw new CaseException(errors.size() + " problem(s) in the specs " + where + ":\n" + String.join("\n",
                    errors));
        }
        return new Loaded(new SweBenchSpecs(Map.copyOf(byRepo)), warnings);
    }

    /**
     * YAML with decimals as written: {@code python: 3.10} is the text {@code 3.10}, not the number
     * 3.1, as a version key {@code 1.10:} is.
     */
    private static ObjectMapper mapper() {
        ObjectMapper yaml = new ObjectMapper(new YAMLFactory());
        yaml.enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);
        yaml.setNodeFactory(JsonNodeFactory.withExactBigDecimals(true));
        return yaml;
    }

    /** One (repository, version) entry being read. */
    private record Entry(String name, JsonNode node, List<String> errors, List<String> warnings) {
        Optional<CaseEnvironment> environment() {
            if (!node.isObject()) {
                errors.add(name + ": must be a map of spec keys (python, install, pip_packages, ...)");
                return Optional.empty();
            }
            int before = errors.size();
            List<String> unknown = new ArrayList<>();
            List<String> ignored = new ArrayList<>();
            node.properties().forEach(f -> {
                if (IGNORED.contains(f.getKey())) {
                    ignored.add(f.getKey());
                } else if (!USED.contains(f.getKey())) {
                    unknown.add(f.getKey());
                }
            });
            if (!unknown.isEmpty()) {
                errors.add(name + ": unknown key(s) " + unknown + "; the keys are " + new java.util.TreeSet<>(USED)
                        + " (and SWE-bench's " + new java.util.TreeSet<>(IGNORED) + ", read past)");
            }
            if (!ignored.isEmpty()) {
                warnings.add(name + ": " + ignored + " say(s) how SWE-bench builds its images; repofix reads past it");
            }
            Map<String, String> env = new LinkedHashMap<>();
            node.path("env").properties().forEach(e -> env.put(e.getKey(), scalar(e.getValue(), "env." + e.getKey())));
            if (node.has("env") && !node.get("env").isObject()) {
                errors.add(name + ": env must map variable names to values");
            }
            List<String> others = new ArrayList<>();
            for (String command : list("eval_commands")) {
                Matcher m = EXPORT.matcher(command);
                if (m.matches()) {
                    env.putIfAbsent(m.group(1), unquoted(m.group(2).strip()));
                } else {
                    others.add(command);
                }
            }
            if (!others.isEmpty()) {
                warnings.add(name + ": eval_commands " + others + " are not run (only export NAME=VALUE lines are "
                        + "read, as env); put what they prepare into pre_install");
            }
            Optional<String> python = text("python");
            Optional<String> packages = text("packages");
            CaseEnvironment.problems(python, packages, env).forEach(p -> errors.add(name + ": " + p));
            List<String> pip = list("pip_packages");
            List<String> pre = list("pre_install");
            List<String> install = list("install");
            Optional<String> test = text("test_cmd");
            if (errors.size() > before) {
                return Optional.empty();
            }
            return Optional.of(new CaseEnvironment(python, packages, pip, pre, install, env, test));
        }

        /** A string, or a number written as one (a YAML version). */
        private Optional<String> text(String key) {
            JsonNode v = node.get(key);
            return v == null || v.isNull() ? Optional.empty() : Optional.of(scalar(v, key)).filter(s -> !s.isBlank());
        }

        /** A list of strings, or one string (SWE-bench's {@code install} is one command). */
        private List<String> list(String key) {
            JsonNode v = node.get(key);
            List<String> out = new ArrayList<>();
            if (v == null || v.isNull()) {
                return out;
            }
            if (v.isArray()) {
                for (int i = 0; i < v.size(); i++) {
                    out.add(scalar(v.get(i), key + "[" + i + "]"));
                }
            } else {
                out.add(scalar(v, key));
            }
            out.removeIf(String::isBlank);
            return out;
        }

        private String scalar(JsonNode v, String key) {
            if (v.isTextual()) {
                return v.asText();
            }
            if (v.isNumber() || v.isBoolean()) {
                return v.isBigDecimal() ? v.decimalValue().toPlainString() : v.asText();
            }
            errors.add(name + ": " + key + " must be a string, not " + v.getNodeType().toString().toLowerCase(
                    java.util.Locale.ROOT));
            return "";
        }
    }

    /** A shell word's value without the quotes around it ({@code 'a b'}, {@code "utf8"}). */
    static String unquoted(String value) {
        if (value.length() >= 2 && (value.startsWith("'") && value.endsWith("'")
                || value.startsWith("\"") && value.endsWith("\""))) {
            return value.substring(1, value.length() - 1);
        }
        return value;
    }
}
