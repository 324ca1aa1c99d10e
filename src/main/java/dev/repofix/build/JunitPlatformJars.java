package dev.repofix.build;

import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The jars a project's test class path lacks for the JUnit Platform Launcher to run its
 * tests in a screening JVM: the Launcher of the project's Platform version, the vintage
 * engine for JUnit 4 and the TestNG engine for TestNG. Taken from beside the project's
 * engine in its local repository when there, else resolved once by Maven (with the
 * user's settings, mirrors and proxies) into repofix's own cache folder and reused.
 */
public final class JunitPlatformJars {
    /** The Platform used for a project whose tests bring none (JUnit 4, TestNG); runs on Java 8. */
    static final String DEFAULT_PLATFORM = "1.11.4";
    /** The TestNG engine for the JUnit Platform; it runs TestNG 6.14.3 and later. */
    static final String TESTNG_ENGINE = "org.junit.support:testng-engine:1.0.5";
    private static final Pattern JAR = Pattern.compile("(.+?)-(\\d[^/]*?)\\.jar");
    private static final String DEPENDENCY_PLUGIN = "3.8.1";

    private final Executor executor;
    private final HostEnvironment host;
    private final Path cache;
    private final Duration timeout;

    /**
     * @param executor runs Maven on this machine (the resolution needs the network, which a
     *                 sandbox for the project's tests does not have)
     * @param cache    repofix's own folder for the resolved jars
     * @param timeout  limit of one resolution
     */
    public JunitPlatformJars(Executor executor, HostEnvironment host, Path cache, Duration timeout) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.host = Objects.requireNonNull(host, "host");
        this.cache = Objects.requireNonNull(cache, "cache");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
    }

    /**
     * The jars to add to {@code classpath} (a test run's dependencies) for the JUnit Platform
     * Launcher to run its tests; empty when it has all.
     *
     * @throws BuildException when its tests run on no framework screening knows, on a version
     *                        the engines do not run, or the resolution failed
     */
    public List<Path> missingFrom(List<Path> classpath) {
        Map<String, String> versions = artifacts(classpath);
        List<String> needed = needed(versions);
        List<Path> out = new ArrayList<>();
        String launcher = "org.junit.platform:junit-platform-launcher:";
        Optional<String> wanted = needed.stream().filter(c -> c.startsWith(launcher)).findFirst();
        if (wanted.isPresent()) {
            Optional<Path> beside = launcherBeside(classpath);
            if (beside.isPresent()) {
                out.add(beside.get());
                needed = needed.stream().filter(c -> !c.startsWith(launcher)).toList();
            }
        }
        if (!needed.isEmpty()) {
            for (Path jar : resolve(needed)) {
                // The project's own version of a library wins; only what it lacks is added.
                artifactId(jar).filter(a -> !versions.containsKey(a)).ifPresent(a -> out.add(jar));
            }
        }
        return out;
    }

    /**
     * The Maven coordinates a class path (artifact id to version) lacks, the versions
     * matched to the project's own: the Launcher of its Platform engine's version, the
     * vintage engine of the Jupiter line of that Platform.
     */
    static List<String> needed(Map<String, String> versions) {
        Optional<String> platform = Optional.ofNullable(versions.get("junit-platform-engine"));
        String junit4 = versions.get("junit");
        String testng = versions.get("testng");
        if (platform.isEmpty() && junit4 == null && testng == null) {
            throw new BuildException("the tests run on none of the JUnit Platform, JUnit 4 and TestNG, the "
                    + "frameworks screening knows");
        }
        String pv = platform.orElse(DEFAULT_PLATFORM);
        List<String> needed = new ArrayList<>();
        if (!versions.containsKey("junit-platform-launcher")) {
            needed.add("org.junit.platform:junit-platform-launcher:" + pv);
        }
        if (junit4 != null && !versions.containsKey("junit-vintage-engine")) {
            if (compare(junit4, "4.12") < 0) {
                if (platform.isPresent()) {
                    return needed; // an old JUnit 4 beside Jupiter: its tests, if any, fail the baseline check
                }
                throw new BuildException("the tests use JUnit " + junit4 + "; the vintage engine that runs JUnit 4 "
                        + "tests for screening needs JUnit 4.12 or later");
            }
            needed.add("org.junit.vintage:junit-vintage-engine:" + (pv.startsWith("1.") ? "5." + pv.substring(2) : pv));
        }
        if (testng != null && !versions.containsKey("testng-engine")) {
            if (compare(testng, "6.14.3") < 0) {
                throw new BuildException("the tests use TestNG " + testng + "; the TestNG engine that runs them for "
                        + "screening needs TestNG 6.14.3 or later");
            }
            needed.add(TESTNG_ENGINE);
        }
        return needed;
    }

    /** Artifact id to version, from the jars' names ({@code junit-platform-engine-1.11.4.jar}). */
    static Map<String, String> artifacts(List<Path> classpath) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Path p : classpath) {
            Matcher m = JAR.matcher(String.valueOf(p.getFileName()));
            if (m.matches()) {
                out.putIfAbsent(m.group(1), m.group(2));
            }
        }
        return out;
    }

    private static Optional<String> artifactId(Path jar) {
        Matcher m = JAR.matcher(String.valueOf(jar.getFileName()));
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    /**
     * The Launcher of the engine's version beside the engine in the local repository it
     * came from. A class path the sandbox saw (a Docker cache mount) may name files repofix
     * cannot see: then the Launcher is taken to be beside it, and the screening JVM checks.
     */
    private static Optional<Path> launcherBeside(List<Path> classpath) {
        for (Path p : classpath) {
            Matcher m = JAR.matcher(String.valueOf(p.getFileName()));
            if (m.matches() && m.group(1).equals("junit-platform-engine") && p.getParent() != null
                    && p.getParent().getParent() != null) {
                String version = m.group(2);
                Path launcher = p.getParent().getParent().resolveSibling("junit-platform-launcher")
                        .resolve(version).resolve("junit-platform-launcher-" + version + ".jar");
                if (Files.isRegularFile(launcher) || !Files.isRegularFile(p)) {
                    return Optional.of(launcher);
                }
            }
        }
        return Optional.empty();
    }

    /** The jars of {@code coordinates} and what they depend on, resolved once into the cache. */
    private List<Path> resolve(List<String> coordinates) {
        String key = String.join("_", coordinates).replaceAll("[^A-Za-z0-9._-]", "-");
        Path done = cache.resolve(key);
        try {
            if (!Files.isDirectory(done)) {
                Files.createDirectories(cache);
                Path work = Files.createTempDirectory(cache, "resolving-");
                Files.writeString(work.resolve("pom.xml"), pom(coordinates));
                ExecResult r = executor.run(Command.shell("mvn -B -q dependency:copy-dependencies "
                        + "-DoutputDirectory=lib -DincludeScope=runtime", work, CleanEnvironment.of(host,
                        Set.of("MAVEN_OPTS", "MAVEN_ARGS", "MAVEN_HOME", "M2_HOME", "MAVEN_CONFIG"), Map.of()),
                        timeout));
                if (!r.succeeded()) {
                    throw new BuildException("Maven could not resolve " + String.join(", ", coordinates)
                            + " into repofix's cache " + cache + " (" + r.outcome() + "): " + tail(r.output()));
                }
                try {
                    Files.move(work, done, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException | java.nio.file.FileAlreadyExistsException
                        | java.nio.file.DirectoryNotEmptyException e) {
                    // another run resolved the same jars first: its copy is used
                    dev.repofix.workspace.Workspace.deleteTree(work);
                }
            }
            try (Stream<Path> list = Files.list(done.resolve("lib"))) {
                return list.filter(p -> p.toString().endsWith(".jar")).sorted().toList();
            }
        } catch (IOException e) {
            throw new BuildException("cannot resolve " + String.join(", ", coordinates) + " into repofix's cache "
                    + cache + ": " + e.getMessage());
        } catch (UncheckedIOException e) {
            throw new BuildException("cannot list the resolved jars in " + done + ": " + e.getMessage());
        }
    }

    private static String pom(List<String> coordinates) {
        StringBuilder deps = new StringBuilder();
        for (String c : coordinates) {
            String[] g = c.split(":");
            deps.append("    <dependency><groupId>").append(g[0]).append("</groupId><artifactId>").append(g[1])
                    .append("</artifactId><version>").append(g[2]).append("</version></dependency>\n");
        }
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>dev.repofix</groupId>
                  <artifactId>screening-jars</artifactId>
                  <version>1</version>
                  <dependencies>
                %s  </dependencies>
                  <build>
                    <plugins>
                      <plugin>
                        <groupId>org.apache.maven.plugins</groupId>
                        <artifactId>maven-dependency-plugin</artifactId>
                        <version>%s</version>
                      </plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(deps, DEPENDENCY_PLUGIN);
    }

    /** Compares dotted versions by their numbers ({@code 4.13.2} after {@code 4.12}); a qualifier counts as 0. */
    static int compare(String a, String b) {
        String[] x = a.split("[.-]");
        String[] y = b.split("[.-]");
        for (int i = 0; i < Math.max(x.length, y.length); i++) {
            int c = Integer.compare(number(x, i), number(y, i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    private static int number(String[] parts, int i) {
        if (i >= parts.length || !parts[i].matches("\\d{1,9}")) {
            return 0;
        }
        return Integer.parseInt(parts[i]);
    }

    private static String tail(String output) {
        String s = output.strip();
        return s.length() <= 600 ? s : "..." + s.substring(s.length() - 600);
    }
}
