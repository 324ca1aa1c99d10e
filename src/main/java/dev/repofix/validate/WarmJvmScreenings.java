package dev.repofix.validate;

import dev.repofix.build.BuildException;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.JunitPlatformJars;
import dev.repofix.build.MavenBuild;
import dev.repofix.build.MavenTestClasspath;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Executor;
import dev.repofix.exec.LocalProcessExecutor;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Opens a {@link WarmJvmScreening} for Maven runs, through the executor the tests run
 * with, on the JUnit Platform: the Launcher, and the vintage or TestNG engine for JUnit 4
 * or TestNG tests, are added from repofix's own cache when the project lacks them.
 */
public final class WarmJvmScreenings implements Screenings {
    /** Limit of resolving the Launcher and engines into repofix's cache (once per machine). */
    static final Duration RESOLUTION_LIMIT = Duration.ofMinutes(5);

    private final Executor executor;
    private final HostEnvironment host;
    private final Clock clock;
    private final JunitPlatformJars platformJars;

    /** Resolves what the project lacks with Maven on this machine into the user's cache folder. */
    public WarmJvmScreenings(Executor executor, HostEnvironment host, Clock clock) {
        this(executor, host, clock, new JunitPlatformJars(new LocalProcessExecutor(clock), host,
                host.defaultCacheDir().resolve("tools").resolve("junit-platform"), RESOLUTION_LIMIT));
    }

    public WarmJvmScreenings(Executor executor, HostEnvironment host, Clock clock, JunitPlatformJars platformJars) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.host = Objects.requireNonNull(host, "host");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.platformJars = Objects.requireNonNull(platformJars, "platformJars");
    }

    @Override
    public Opened open(Path baselineCopy, BuildSystem build, TestCommand command, String override,
            List<String> failing, PreparedEnvironment environment) {
        if (!(build instanceof MavenBuild)) {
            return Opened.none("");
        }
        String off = "screening in a warm test JVM is off, candidates are screened through the build: ";
        if (override != null) {
            return Opened.none(off + "a custom test command (--test-cmd) runs the tests");
        }
        MavenTestClasspath classpath;
        try {
            classpath = MavenTestClasspath.fromReports(baselineCopy, build.reports(baselineCopy, command));
            classpath = classpath.withExtra(staged(baselineCopy, platformJars.missingFrom(classpath.dependencies())));
        } catch (BuildException e) {
            return Opened.none(off + e.getMessage());
        }
        WarmJvmScreening screening = new WarmJvmScreening(executor,
                CleanEnvironment.of(host, build.environmentNames(), command.extraEnv()), environment, classpath,
                baselineCopy, clock);
        Optional<String> failed = screening.start().or(() -> screening.reproduces(failing));
        if (failed.isPresent()) {
            screening.close();
            return Opened.none(off + failed.get());
        }
        return new Opened(Optional.of(screening), "");
    }

    /**
     * Copies jars from repofix's cache into the baseline's copy, which a sandbox mounts;
     * a jar repofix cannot see (beside the engine in a sandbox's own repository) stays as named.
     */
    private static List<Path> staged(Path baselineCopy, List<Path> jars) {
        Path lib = baselineCopy.resolve("target").resolve("repofix-screening").resolve("lib");
        List<Path> out = new ArrayList<>();
        try {
            for (Path jar : jars) {
                if (!Files.isRegularFile(jar)) {
                    out.add(jar);
                    continue;
                }
                Path copy = lib.resolve(jar.getFileName());
                Files.createDirectories(lib);
                Files.copy(jar, copy, StandardCopyOption.REPLACE_EXISTING);
                out.add(copy.toAbsolutePath());
            }
        } catch (IOException e) {
            throw new BuildException("cannot copy the screening's jars into " + lib + ": " + e.getMessage());
        }
        return out;
    }
}
