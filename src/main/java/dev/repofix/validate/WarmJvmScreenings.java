package dev.repofix.validate;

import dev.repofix.build.BuildException;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.MavenBuild;
import dev.repofix.build.MavenTestClasspath;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.CleanEnvironment;
import dev.repofix.exec.Executor;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Opens a {@link WarmJvmScreening} for Maven runs, through the executor the tests run with. */
public final class WarmJvmScreenings implements Screenings {
    private final Executor executor;
    private final HostEnvironment host;
    private final Clock clock;

    public WarmJvmScreenings(Executor executor, HostEnvironment host, Clock clock) {
        this.executor = Objects.requireNonNull(executor, "executor");
        this.host = Objects.requireNonNull(host, "host");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Opened open(Path baselineCopy, BuildSystem build, TestCommand command, String override,
            List<String> failing) {
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
        } catch (BuildException e) {
            return Opened.none(off + e.getMessage());
        }
        WarmJvmScreening screening = new WarmJvmScreening(executor,
                CleanEnvironment.of(host, build.environmentNames(), command.extraEnv()), classpath, baselineCopy,
                clock);
        Optional<String> failed = screening.start().or(() -> screening.reproduces(failing));
        if (failed.isPresent()) {
            screening.close();
            return Opened.none(off + failed.get());
        }
        return new Opened(Optional.of(screening), "");
    }
}
