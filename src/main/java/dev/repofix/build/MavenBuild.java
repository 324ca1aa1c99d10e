package dev.repofix.build;

import dev.repofix.exec.SandboxImage;
import java.nio.file.Files;
import dev.repofix.workspace.FileRead;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;
import java.util.regex.Pattern;

/** Maven with Surefire (and Failsafe) reports under each module's {@code target/}. */
public final class MavenBuild implements BuildSystem {
    /** Maven's line for a failed compile of the main code (compiler:compile, not compiler:testCompile). */
    private static final Pattern MAIN_COMPILE_FAILED = Pattern.compile(
            "Failed to execute goal org\\.apache\\.maven\\.plugins:maven-compiler-plugin:[^:\\s]+:compile ");
    private static final Pattern REPORT = Pattern.compile("(.*/)?target/(surefire|failsafe)-reports/TEST-.*\\.xml");
    private static final Pattern MOVED_REPORT = Pattern.compile("(.*/)?TEST-[^/]*\\.xml");
    /** A module's POM: not one kept as test data or copied into build output. */
    private static final Pattern POM = Pattern.compile("(?!(.*/)?(src|target)/)(.*/)?pom\\.xml");
    /** JVM test sources: Maven's and Gradle's test and integration-test source sets. */
    static final TestPathRules TEST_PATHS = TestPathRules.ofGlobs(List.of("**/src/test/**", "**/src/it/**",
            "**/src/integration-test/**", "**/src/integrationTest/**", "**/src/testFixtures/**"));
    /** Failing tests past which a reproduction selects whole classes, and classes past which all tests. */
    static final int MAX_REPRODUCED = 10;
    private static final String WHOLE_CLASS = "*";

    /**
     * Full stack traces (old Surefire trims them to the test class), all modules even
     * after one fails, and no style or release checks: they judge formatting, not
     * behaviour, and would reject a correct patch.
     */
    static final String FLAGS = "-B -fae -DtrimStackTrace=false -Dcheckstyle.skip -Dspotless.check.skip=true "
            + "-Dspotless.apply.skip=true -Drat.skip -Dlicense.skip -Dmaven.javadoc.skip=true -Dpmd.skip "
            + "-Dcpd.skip -Dspotbugs.skip -Denforcer.skip -Djacoco.skip -Dgpg.skip";

    @Override
    public String name() {
        return "maven";
    }

    static Ecosystem.Detection detect(Path folder) {
        return Files.isRegularFile(folder.resolve("pom.xml")) ? Ecosystem.Detection.BUILD_FILE : Ecosystem.Detection.NONE;
    }

    @Override
    public TestCommand testCommand(Path root, String override) {
        if (override != null) {
            return new TestCommand(override, Map.of());
        }
        return new TestCommand(mvn(root) + " " + FLAGS + " test", Map.of());
    }

    /**
     * Surefire's {@code -Dtest=pkg.Class#m1+m2}; a parameterized name such as
     * {@code add(int)[2]} selects its method. Modules without those tests must not fail.
     */
    @Override
    public Optional<TestCommand> selectedTestCommand(Path root, String override, List<String> testIds) {
        if (override != null || testIds.isEmpty()) {
            return Optional.empty();
        }
        String selection = selection(byClass(testIds), cls -> cls);
        String base = testCommand(root, null).shell().replaceFirst(" test$", "");
        return Optional.of(new TestCommand(base + " -Dtest='" + selection + "'"
                + " -Dsurefire.failIfNoSpecifiedTests=false -DfailIfNoTests=false test", Map.of()));
    }

    /**
     * Surefire's {@code -Dtest=com.acme.CalcTest,com.acme.LedgerTest}: the classes the files
     * declare; modules without them must not fail. Other files (resources) are left out; none
     * left, the whole suite.
     */
    @Override
    public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
        return TestFiles.jvmClasses(testFiles).flatMap(classes -> selectedTestCommand(root, null, classes));
    }

    /**
     * {@code mvn test -Dtest=AccountTest#withdraws+deposits,LedgerTest}: a class by its
     * simple name unless another test source shares it, its methods unless more than
     * {@value #MAX_REPRODUCED} tests fail (then whole classes; past that many classes, all
     * tests). In a multi-module build the modules holding the tests are selected with
     * {@code -pl ... -am} when their sources are found; Surefire then fails every other
     * module it builds (those the tests need) for not running the selected tests, unless
     * told {@code -Dsurefire.failIfNoSpecifiedTests=false}.
     */
    @Override
    public String reproduceCommand(Path root, String override, List<String> failingTestIds) {
        if (override != null) {
            return override;
        }
        String plain = mvn(root) + " test";
        Map<String, Set<String>> byClass = byClass(failingTestIds);
        if (byClass.isEmpty() || byClass.size() > MAX_REPRODUCED) {
            return plain;
        }
        if (failingTestIds.size() > MAX_REPRODUCED) {
            byClass.replaceAll((cls, methods) -> Set.of(WHOLE_CLASS));
        }
        JvmTestSources sources = JvmTestSources.scan(root, TEST_PATHS);
        StringBuilder cmd = new StringBuilder(plain);
        boolean multiModule = declaresModules(root);
        if (multiModule) {
            modulesOf(byClass.keySet(), sources)
                    .ifPresent(modules -> cmd.append(" -pl ").append(ShellWords.quote(modules)).append(" -am"));
        }
        String selection = selection(byClass,
                cls -> sources.hasUniqueSimpleName(cls) ? JvmTestSources.simpleName(cls) : cls);
        cmd.append(" -Dtest=").append(ShellWords.quote(selection));
        if (multiModule) {
            cmd.append(" -Dsurefire.failIfNoSpecifiedTests=false");
        }
        return cmd.toString();
    }

    private static String mvn(Path root) {
        return Files.isExecutable(root.resolve("mvnw")) ? "./mvnw" : "mvn";
    }

    /** Test class to the methods to run, {@link #WHOLE_CLASS} for all of them, in the order of the ids. */
    private static Map<String, Set<String>> byClass(List<String> testIds) {
        Map<String, Set<String>> byClass = new LinkedHashMap<>();
        for (String id : testIds) {
            int hash = id.indexOf('#');
            String cls = hash < 0 ? id : id.substring(0, hash);
            String method = hash < 0 ? "" : id.substring(hash + 1).replaceAll("[(\\[].*", "");
            Set<String> methods = byClass.computeIfAbsent(cls, k -> new LinkedHashSet<>());
            if (!method.isEmpty() && method.matches("[\\w$]+")) {
                methods.add(method);
            } else {
                methods.add(WHOLE_CLASS); // a class-level failure or an odd name: run the whole class
            }
        }
        return byClass;
    }

    /** Surefire's {@code test} parameter: {@code Cls#m1+m2,Other}, each class named by {@code name}. */
    private static String selection(Map<String, Set<String>> byClass, UnaryOperator<String> name) {
        StringJoiner selection = new StringJoiner(",");
        byClass.forEach((cls, methods) -> selection.add(methods.contains(WHOLE_CLASS) ? name.apply(cls)
                : name.apply(cls) + "#" + String.join("+", methods)));
        return selection.toString();
    }

    /**
     * Whether the root POM lists modules. An unreadable POM counts as multi-module: that
     * only adds a flag that is harmless in a single module.
     */
    private static boolean declaresModules(Path root) {
        return switch (BuildFile.read(root, "pom.xml")) {
            case FileRead.Content c -> c.text().contains("<modules>");
            case FileRead.Refused r -> r.reason() != FileRead.Reason.MISSING;
        };
    }

    /** The modules declaring the classes, comma-separated; empty when one is unknown or the root itself. */
    private static Optional<String> modulesOf(Set<String> classes, JvmTestSources sources) {
        Set<String> modules = new LinkedHashSet<>();
        for (String cls : classes) {
            Optional<String> module = sources.fileOf(cls).map(sources::mavenModuleOf);
            if (module.isEmpty() || module.get().isEmpty()) {
                return Optional.empty();
            }
            modules.add(module.get());
        }
        return Optional.of(String.join(",", modules));
    }

    /**
     * Surefire's and Failsafe's default report folders, and those a module's POM names
     * with {@code <reportsDirectory>}; folders outside {@code root} are not searched.
     */
    @Override
    public List<Path> reports(Path root) {
        Set<Path> found = new TreeSet<>(ReportFiles.find(root, rel -> REPORT.matcher(rel).matches()));
        Path top = root.toAbsolutePath().normalize();
        for (Path pom : ReportFiles.find(root, rel -> POM.matcher(rel).matches())) {
            for (Path dir : SurefireReportDirectories.of(pom)) {
                if (dir.toAbsolutePath().normalize().startsWith(top)) {
                    found.addAll(ReportFiles.find(dir, rel -> MOVED_REPORT.matcher(rel).matches()));
                }
            }
        }
        return List.copyOf(found);
    }

    @Override
    public Set<String> environmentNames() {
        return Set.of("MAVEN_OPTS", "MAVEN_ARGS", "MAVEN_HOME", "M2_HOME", "MAVEN_CONFIG", "JAVA_TOOL_OPTIONS");
    }

    @Override
    public boolean isTestPath(String relativePath) {
        return TEST_PATHS.isTestPath(relativePath);
    }

    @Override
    public Optional<SandboxImage> sandboxImage() {
        return Optional.of(SandboxImage.JVM);
    }

    @Override
    public boolean mainCodeDidNotCompile(String output) {
        return MAIN_COMPILE_FAILED.matcher(output).find();
    }
}
