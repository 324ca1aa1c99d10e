package dev.repofix.testrun;

import dev.repofix.testrun.EnvironmentFailure.Kind;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds, in the log of a build that failed before any test reported, the dependencies it
 * could not fetch or resolve: Maven's {@code Could not resolve dependencies},
 * {@code Could not transfer artifact}, {@code Non-resolvable parent POM}, an artifact not
 * downloaded before in offline mode; Gradle's {@code Could not resolve all files}; Go's
 * {@code missing go.sum entry} and {@code cannot find module providing package}; Cargo's
 * {@code failed to download} and {@code no matching package named}; Node's
 * {@code Cannot find module}; Python's {@code No module named}.
 */
final class BuildLogDependencies {
    private static final Pattern COORDINATES = Pattern.compile(
            "(?<![\\w.\\-])[A-Za-z0-9_.\\-]+:[A-Za-z0-9_.\\-]+(?::[A-Za-z0-9_.\\-]+){1,3}(?![\\w\\-])");
    private static final Pattern MAVEN = Pattern.compile("(?:Could not resolve dependencies for project \\S+"
            + "|Non-resolvable parent POM for \\S+|Could not transfer artifact|Could not find artifact|Failure to find"
            + "|artifacts could not be resolved:|has not been downloaded from it before|Plugin \\S+ or one of its "
            + "dependencies could not be resolved)");
    private static final Pattern MAVEN_PLUGIN = Pattern.compile("Plugin (\\S+) or one of its dependencies could not be resolved");
    private static final Pattern GRADLE = Pattern.compile("^\\s*> Could not (?:resolve|find) ([\\w.\\-]+:[\\w.\\-]+(?::[\\w.\\-+]+)?)\\.?\\s*$");
    private static final Pattern GO = Pattern.compile("(?:cannot find module providing package|missing go\\.sum entry for module "
            + "providing package|no required module provides package) ([^\\s;:()]+)");
    private static final Pattern GO_SUM = Pattern.compile("([\\w.\\-/]+)@v[\\w.\\-+]+: missing go\\.sum entry");
    private static final Pattern CARGO = Pattern.compile("(?:no matching package named|failed to download|failed to get|failed "
            + "to load source for dependency) `([A-Za-z0-9_\\-]+)");
    private static final Pattern PYTHON = Pattern.compile("(?:ModuleNotFoundError: )?No module named '?([A-Za-z_][\\w.]*)'?\\s*$");

    private final RepositoryNames names;
    private final BiFunction<Kind, String, String> setup;

    BuildLogDependencies(RepositoryNames names, BiFunction<Kind, String, String> setup) {
        this.names = names;
        this.setup = setup;
    }

    List<EnvironmentFailure> find(String log) {
        Map<String, EnvironmentFailure> found = new LinkedHashMap<>();
        for (String raw : log.split("\r?\n")) {
            String line = raw.replaceAll("\u001B\\[[;\\d]*m", "").strip();
            if (line.length() > 4_000) {
                continue;
            }
            for (EnvironmentFailure f : inLine(line)) {
                found.putIfAbsent(f.kind() + " " + f.missing(), f);
            }
        }
        return List.copyOf(found.values());
    }

    private List<EnvironmentFailure> inLine(String line) {
        List<EnvironmentFailure> out = new ArrayList<>();
        Matcher maven = MAVEN.matcher(line);
        if (maven.find()) {
            Matcher plugin = MAVEN_PLUGIN.matcher(line);
            String after = plugin.find() ? plugin.group(1) : line.substring(maven.end());
            Matcher c = COORDINATES.matcher(after);
            while (c.find()) {
                out.add(failure(Kind.MAVEN_ARTIFACT, c.group(), line));
            }
            return out;
        }
        one(GRADLE, line).ifPresent(n -> out.add(failure(Kind.GRADLE_DEPENDENCY, n, line)));
        one(GO, line).filter(p -> !names.goPackage(p)).or(() -> one(GO_SUM, line))
                .ifPresent(n -> out.add(failure(Kind.GO_MODULE, n, line)));
        one(CARGO, line).ifPresent(n -> out.add(failure(Kind.RUST_CRATE, n, line)));
        one(EnvironmentFailures.NODE_MISSING, line).flatMap(RepositoryNames::packageOf)
                .filter(p -> !names.nodePackage(p)).ifPresent(n -> out.add(failure(Kind.NODE_PACKAGE, n, line)));
        one(PYTHON, line).filter(m -> !names.pythonModule(m))
                .ifPresent(n -> out.add(failure(Kind.PYTHON_MODULE, n, line)));
        return out;
    }

    private static Optional<String> one(Pattern p, String line) {
        Matcher m = p.matcher(line);
        return m.find() ? Optional.of(m.group(1)) : Optional.empty();
    }

    private EnvironmentFailure failure(Kind kind, String missing, String line) {
        return new EnvironmentFailure("", kind, missing, EnvironmentFailures.cut(line), setup.apply(kind, missing));
    }
}
