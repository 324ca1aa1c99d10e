package dev.repofix.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Resolves settings from flags, the environment and a settings file. The repository's
 * {@code .repofix.yml} sets only the keys it may ({@link ConfigKey.SetBy}): any other key it
 * sets is ignored and listed in {@link ResolvedConfig#refused()}, and a key no setting has
 * (another version of repofix may read the same file) in {@link ResolvedConfig#unknown()}.
 * What the operator gives is theirs, so a key no setting has is an error there: a mistyped
 * {@code REPOFIX_*} variable or key of a {@code --config} file must not pass unseen.
 */
public final class ConfigResolver {
    private static final Logger LOG = LoggerFactory.getLogger(ConfigResolver.class);
    public static final String FILE_NAME = ".repofix.yml";

    private ConfigResolver() {}

    /**
     * @param flags values given on the command line, by key (only those given)
     * @param host  the environment
     * @param file  a settings file to read, if any, and whose it is
     * @throws ConfigException naming the unknown variable, the operator's file's unknown key or
     *                         an unreadable file, and what to do
     */
    public static ResolvedConfig resolve(Map<ConfigKey, String> flags, HostEnvironment host,
            Optional<SettingsFile> file) {
        Read read = file.filter(ConfigResolver::readable).map(ConfigResolver::readFile)
                .orElse(new Read(Map.of(), List.of()));
        rejectUnknownEnvironment(host);
        Map<ConfigKey, String> fromFile = new EnumMap<>(ConfigKey.class);
        List<ResolvedConfig.Refusal> refused = new ArrayList<>();
        read.values().forEach((k, v) -> {
            if (k.mayBeSetBy(file.get().owner())) {
                fromFile.put(k, v);
            } else {
                refused.add(new ResolvedConfig.Refusal(k, file.get().path().toString()));
            }
        });
        Map<ConfigKey, ResolvedConfig.Value> out = new EnumMap<>(ConfigKey.class);
        for (ConfigKey k : ConfigKey.values()) {
            out.put(k, pick(k, flags, host, fromFile, file.map(SettingsFile::path)));
        }
        List<ResolvedConfig.UnknownKey> unknown = read.unknown().stream()
                .map(k -> new ResolvedConfig.UnknownKey(k, file.get().path().toString())).toList();
        return new ResolvedConfig(out, refused, unknown);
    }

    /** A settings file's values by key, and the keys in it that no setting has, in file order. */
    private record Read(Map<ConfigKey, String> values, List<String> unknown) {}

    private static ResolvedConfig.Value pick(ConfigKey k, Map<ConfigKey, String> flags, HostEnvironment host,
            Map<ConfigKey, String> fromFile, Optional<Path> file) {
        if (flags.containsKey(k)) {
            return new ResolvedConfig.Value(flags.get(k), "--" + k.key());
        }
        for (String name : k.inputNames()) {
            // GitHub sets INPUT_<NAME> for every declared input, empty when the
            // workflow gives none: empty means "not given", so .repofix.yml still applies.
            Optional<String> v = host.get(name).filter(s -> !s.isBlank());
            if (v.isPresent()) {
                return new ResolvedConfig.Value(v.get(), name);
            }
        }
        Optional<String> env = host.get(k.envName());
        if (env.isPresent()) {
            return new ResolvedConfig.Value(env.get(), k.envName());
        }
        if (fromFile.containsKey(k)) {
            return new ResolvedConfig.Value(fromFile.get(k), file.map(Path::toString).orElse(FILE_NAME));
        }
        return new ResolvedConfig.Value(k.defaultValue(), "default");
    }

    /**
     * Whether to read {@code file}: a regular file, and for the repository's own one not a
     * link either. The repository is untrusted: its {@code .repofix.yml} may be a link to
     * {@code /proc/self/environ} or to a host file whose words would come back in errors.
     * ({@code config} sits below {@code workspace}, whose confined reader every other
     * repository read uses; this file lies at the root the operator named, so refusing a
     * link is the same rule.)
     */
    private static boolean readable(SettingsFile file) {
        if (file.owner() == ConfigKey.SetBy.OPERATOR) {
            return Files.isRegularFile(file.path());
        }
        if (Files.isSymbolicLink(file.path())) {
            LOG.warn("not read: {}: a link; the repository's settings are read only from a regular file", file.path());
            return false;
        }
        return Files.isRegularFile(file.path(), LinkOption.NOFOLLOW_LINKS);
    }

    private static void rejectUnknownEnvironment(HostEnvironment host) {
        for (String name : host.variables().keySet()) {
            if (name.startsWith("REPOFIX_") && !name.equals("REPOFIX_JAVA_HOME") && !name.equals("REPOFIX_JVM_OPTS")
                    && java.util.Arrays.stream(ConfigKey.values()).noneMatch(k -> k.envName().equals(name))) {
                throw new ConfigException("unknown variable " + name + "; repofix reads REPOFIX_ followed by one of: "
                        + ConfigKey.known() + " (upper case, '-' as '_')");
            }
        }
    }

    private static Read readFile(SettingsFile settings) {
        Path file = settings.path();
        JsonNode root;
        try {
            root = new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
        } catch (IOException e) {
            throw new ConfigException("cannot read " + file + ": " + e.getMessage().lines().findFirst().orElse("")
                    + "; fix the YAML or remove the file");
        }
        Map<ConfigKey, String> out = new EnumMap<>(ConfigKey.class);
        List<String> unknown = new ArrayList<>();
        if (root == null || root.isMissingNode() || root.isNull()) {
            return new Read(out, unknown);
        }
        if (!root.isObject()) {
            throw new ConfigException(file + " must be a mapping of keys to values, e.g. 'model: openai:gpt-4o'");
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Optional<ConfigKey> key = ConfigKey.byKey(e.getKey());
            if (key.isEmpty() && settings.owner() == ConfigKey.SetBy.REPOSITORY) {
                unknown.add(e.getKey()); // whatever its value: a later version may give it a list
                continue;
            }
            if (key.isEmpty()) {
                throw new ConfigException("unknown key '" + e.getKey() + "' in " + file + "; known keys: "
                        + ConfigKey.known());
            }
            if (key.get() == ConfigKey.SETUP && e.getValue().isArray()) {
                out.put(key.get(), lines(e.getValue(), file));
                continue;
            }
            if (!e.getValue().isValueNode()) {
                throw new ConfigException("'" + e.getKey() + "' in " + file + " must be a single value, not a list or map");
            }
            out.put(key.get(), e.getValue().asText());
        }
        return new Read(out, unknown);
    }

    /** A YAML list of commands as one value, a command a line: how {@link ConfigKey#SETUP} is kept. */
    private static String lines(JsonNode list, Path file) {
        List<String> commands = new ArrayList<>();
        for (JsonNode item : list) {
            if (!item.isValueNode() || item.asText().contains("\n")) {
                throw new ConfigException("'setup' in " + file + " must be a list of one-line shell commands");
            }
            commands.add(item.asText());
        }
        return String.join("\n", commands);
    }
}
