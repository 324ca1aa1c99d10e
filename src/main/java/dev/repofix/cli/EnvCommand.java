package dev.repofix.cli;

import dev.repofix.app.Environment;
import dev.repofix.config.ByteSizes;
import dev.repofix.config.ConfigKey;
import dev.repofix.config.ModelSpec;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.ResolvedConfig;
import dev.repofix.env.EnvironmentStore;
import dev.repofix.env.StoredEnvironment;
import dev.repofix.history.Retention;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code repofix env}: the prepared test environments kept in the cache folder; it only lists its subcommands. */
@Command(name = "env", mixinStandardHelpOptions = true,
        description = {"The tests' environments repofix prepared: list, prune.",
                "Venvs, dependency repositories and module caches, kept in <cache-dir>/envs and reused "
                        + "while the files that define them do not change."})
final class EnvCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.USAGE;
    }

    /** {@code --cache-dir DIR}: which cache folder; else REPOFIX_CACHE_DIR, else the default. */
    static final class Cache {
        @Option(names = "--cache-dir", paramLabel = "DIR", description = "repofix's cache folder. Default: "
                + "REPOFIX_CACHE_DIR, else $XDG_CACHE_HOME/repofix or ~/.cache/repofix")
        String cacheDir;

        EnvironmentStore store(Environment env) {
            Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
            if (cacheDir != null) {
                flags.put(ConfigKey.CACHE_DIR, cacheDir);
            }
            ResolvedConfig c = ConfigResolver.resolve(flags, env.host(), Optional.empty());
            return new EnvironmentStore(ModelSpec.of(c).cacheDir(env.host()), env.clock());
        }
    }

    /** {@code repofix env list}. */
    @Command(name = "list", mixinStandardHelpOptions = true, description = "Each kept environment: key, kind, size, "
            + "last use and what it holds.")
    static final class ListEnvironments implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Cache cache = new Cache();

        private final Environment env;

        ListEnvironments(Environment env) {
            this.env = env;
        }

        @Override
        public Integer call() {
            EnvironmentStore store = cache.store(env);
            PrintWriter out = spec.commandLine().getOut();
            List<StoredEnvironment> all = store.list();
            if (all.isEmpty()) {
                out.println("repofix env: no environment in " + store.root());
            } else {
                out.print(table(all));
                out.println(all.size() + " environment(s), " + ByteSizes.format(all.stream()
                        .mapToLong(StoredEnvironment::bytes).sum()) + " in " + store.root());
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** {@code repofix env prune}. */
    @Command(name = "prune", mixinStandardHelpOptions = true,
            description = {"Deletes the environments not used for an age, or all of them.",
                "A run needing one again prepares it anew."})
    static final class Prune implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        Cache cache = new Cache();

        @Option(names = "--older-than", paramLabel = "AGE", description = "Last used longer ago than this, e.g. 30d "
                + "or 4w. Default: 30d")
        String olderThan;

        @Option(names = "--all", description = "Delete every environment.")
        boolean all;

        private final Environment env;

        Prune(Environment env) {
            this.env = env;
        }

        @Override
        public Integer call() {
            Duration age = Retention.parse(olderThan == null ? "30d" : olderThan);
            List<StoredEnvironment> removed = cache.store(env).prune(Optional.of(age), all);
            PrintWriter out = spec.commandLine().getOut();
            if (!removed.isEmpty()) {
                out.print(table(removed));
            }
            out.println("repofix env: freed " + ByteSizes.format(removed.stream().mapToLong(StoredEnvironment::bytes)
                    .sum()) + " (" + removed.size() + " environment(s) " + (all ? "" : "unused for " + olderThanText()
                    + " ") + "deleted)");
            out.flush();
            return ExitCodes.OK;
        }

        private String olderThanText() {
            return olderThan == null ? "30d" : olderThan;
        }
    }

    /** One line per environment, columns aligned. */
    static String table(List<StoredEnvironment> envs) {
        StringBuilder out = new StringBuilder(String.format("%-24s  %-12s  %9s  %-20s  %s%n", "KEY", "KIND", "SIZE",
                "LAST USED", "WHAT"));
        for (StoredEnvironment e : envs) {
            out.append(String.format("%-24s  %-12s  %9s  %-20s  %s%n", e.key(), e.kind(), ByteSizes.format(e.bytes()),
                    e.lastUsed().truncatedTo(ChronoUnit.SECONDS), e.description()));
        }
        return out.toString();
    }
}
