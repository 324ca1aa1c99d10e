package dev.repofix.repair.localize;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.exec.ExecResult;
import dev.repofix.repair.source.SourceCache;
import dev.repofix.testrun.FailureReport;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jacoco.agent.AgentJar;

/**
 * Maven's tests under JaCoCo's agent, with repofix's test listeners dumping the data after
 * each test: on the JUnit Platform (Jupiter, vintage, the TestNG engine), under Surefire's
 * JUnit 4 providers and under its TestNG provider ({@link TestListenerJar}). Both jars are
 * handed to every JVM of the run through {@code JAVA_TOOL_OPTIONS}, so the project's POM
 * (its own {@code argLine}, plugins) stays as it is; only the project's own packages are
 * instrumented, which keeps Maven's JVM fast. Tests that dump nothing (another framework)
 * leave no coverage, and the frame ranking is used.
 */
final class JacocoCoverage implements CoverageRuns.Tool {
    private static final Pattern PACKAGE = Pattern.compile("(?m)^\\s*package\\s+([\\w.]+)\\s*;");
    /** Package prefixes of this many segments are instrumented ({@code com.acme.*}). */
    private static final int PREFIX_SEGMENTS = 2;
    private final boolean wholeSuite;
    private final Optional<Path> listenerCache;

    /**
     * @param wholeSuite    run the whole suite under coverage, not only the failing and related tests
     * @param listenerCache where built listener jars are kept ({@link TestListenerJar#put}); empty: none
     */
    JacocoCoverage(boolean wholeSuite, Optional<Path> listenerCache) {
        this.wholeSuite = wholeSuite;
        this.listenerCache = listenerCache;
    }

    /** The execution data file in the tools folder, one session per test. */
    static final String DATA = "jacoco.exec";

    @Override
    public Coverage collect(FailureReport report, SourceCache sources, Path copy, CoverageRuns.Shell shell) {
        List<String> classes = classes(report, sources);
        Optional<TestCommand> selected = command(report, sources, copy);
        if (selected.isEmpty()) {
            return new Coverage.Unavailable("the failing tests' classes were not found among the test sources");
        }
        return switch (setUp(copy, report.files(), report.build(), sources, shell)) {
            case CoverageRuns.Setup.Refused r -> new Coverage.Unavailable(r.why());
            case CoverageRuns.Setup.Ready ready -> {
                ExecResult run = shell.run(selected.get().shell(), CoverageRuns.merged(selected.get().extraEnv(),
                        ready.env()));
                yield read(copy, report, wholeSuite ? "of the whole suite" : "from " + classes.size() + " test class(es)",
                        CoverageRuns.tail(run, 3));
            }
        };
    }

    @Override
    public Optional<TestCommand> command(FailureReport report, SourceCache sources, Path copy) {
        List<String> classes = classes(report, sources);
        return classes.isEmpty() ? Optional.empty()
                : wholeSuite ? Optional.of(report.build().testCommand(copy, null))
                : report.build().selectedTestCommand(copy, null, classes);
    }

    private static List<String> classes(FailureReport report, SourceCache sources) {
        return RelatedTests.files(report, sources, ".java").stream()
                .map(f -> RelatedTests.javaClassName(f, sources)).toList();
    }

    /**
     * The agents (JaCoCo's and repofix's listener) put into the tools folder, and the
     * {@code JAVA_TOOL_OPTIONS} that hands both to every JVM of a run in {@code copy}.
     */
    @Override
    public CoverageRuns.Setup setUp(Path copy, FileIndex files, BuildSystem build, SourceCache sources,
            CoverageRuns.Shell shell) {
        Path tools = copy.resolve(CoverageRuns.TOOLS).toAbsolutePath();
        if (tools.toString().matches(".*[\\s,=].*")) {
            return new CoverageRuns.Setup.Refused("the run's folder " + tools + " has a space, comma or '=' in its "
                    + "path, which JAVA_TOOL_OPTIONS cannot carry; set a work folder without one");
        }
        try {
            Path agent = tools.resolve("jacocoagent.jar");
            AgentJar.extractTo(agent.toFile());
            Path listener = tools.resolve("repofix-test-listener.jar");
            Optional<String> notBuilt = TestListenerJar.put(listener, listenerCache);
            if (notBuilt.isPresent()) {
                return new CoverageRuns.Setup.Refused(notBuilt.get());
            }
            String options = "-javaagent:" + agent + "=destfile=" + tools.resolve(DATA)
                    + ",append=true,dumponexit=false,includes=" + includes(files, build, sources) + " -javaagent:"
                    + listener;
            return new CoverageRuns.Setup.Ready(Map.of("JAVA_TOOL_OPTIONS", options),
                    "JaCoCo's agent with repofix's per-test listener");
        } catch (IOException e) {
            return new CoverageRuns.Setup.Refused("cannot set up JaCoCo's agent: " + e.getMessage());
        }
    }

    @Override
    public Coverage read(Path copy, FailureReport report, String tests, String log) {
        return read(copy, report, tests, log, true);
    }

    @Override
    public Coverage readAll(Path copy, FailureReport report, String tests, String log) {
        return read(copy, report, tests, log, false);
    }

    private Coverage read(Path copy, FailureReport report, String tests, String log, boolean needFailure) {
        Path exec = copy.resolve(CoverageRuns.TOOLS).resolve(DATA).toAbsolutePath();
        try {
            if (!Files.isRegularFile(exec, LinkOption.NOFOLLOW_LINKS) || Files.size(exec) == 0) {
                return new Coverage.Unavailable("the tests wrote no per-test coverage (a test framework other than "
                        + "the JUnit Platform, JUnit 4 and TestNG, JUnit 4 from a class loader of its own, or the build "
                        + "failed): " + log);
            }
            // Whether every test class of the suite ran is the selection's to check, against the baseline.
            return JacocoSpectra.read(exec, copy, report, tests, Optional.empty(), needFailure);
        } catch (IOException e) {
            return new Coverage.Unavailable("cannot read JaCoCo's coverage: " + e.getMessage());
        }
    }

    /**
     * JaCoCo's {@code includes}: the source packages' prefixes of {@value #PREFIX_SEGMENTS}
     * segments joined by {@code :}, e.g. {@code com.acme.*:org.example.*}; all classes when
     * no source file names a package.
     */
    static String includes(FileIndex files, BuildSystem build, SourceCache sources) {
        TreeSet<String> prefixes = new TreeSet<>();
        for (String f : files.files()) {
            if (!f.endsWith(".java") || build.isTestPath(f)) {
                continue;
            }
            sources.text(f).map(PACKAGE::matcher).filter(Matcher::find).ifPresent(m -> {
                String[] parts = m.group(1).split("\\.");
                prefixes.add(String.join(".", List.of(parts).subList(0, Math.min(PREFIX_SEGMENTS, parts.length))));
            });
        }
        return prefixes.isEmpty() ? "*" : String.join(":", prefixes.stream().map(p -> p + ".*").toList());
    }
}
