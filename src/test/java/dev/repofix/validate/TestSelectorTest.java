package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.patch.ChangeKind;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Patch;
import dev.repofix.testrun.TestReach;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TestSelectorTest {
    private static final String MAIN = "src/main/java/org/shop/";
    private static final String TEST = "src/test/java/org/shop/";
    private static final MavenBuild MAVEN = new MavenBuild();

    @TempDir
    Path root;
    private FileIndex files;

    @BeforeEach
    void project() throws IOException {
        Map<String, String> sources = new LinkedHashMap<>();
        sources.put(MAIN + "Calc.java", "package org.shop; class Calc {}");
        sources.put(MAIN + "Greeter.java", "package org.shop; class Greeter {}");
        sources.put(MAIN + "Other.java", "package org.shop; class Other {}");
        sources.put("src/main/resources/app.properties", "a=1");
        sources.put("pom.xml", "<project/>");
        sources.put(TEST + "CalcTest.java", "package org.shop; class CalcTest { Calc c; }");
        sources.put(TEST + "GreeterTest.java", "package org.shop; class GreeterTest { Greeter g; }");
        // Names Calc (say a constant the compiler inlined) though its coverage never ran Calc.java.
        sources.put(TEST + "MixedTest.java", "package org.shop; class MixedTest { int x = Calc.ZERO; Greeter g; }");
        sources.put(TEST + "OtherTest.java", "package org.shop; class OtherTest { Other o; }");
        files = written(root, sources);
    }

    /** {@code sources} (path to text) written under {@code root}, as the workspace's file index. */
    static FileIndex written(Path root, Map<String, String> sources) throws IOException {
        for (Map.Entry<String, String> f : sources.entrySet()) {
            Files.createDirectories(root.resolve(f.getKey()).getParent());
            Files.writeString(root.resolve(f.getKey()), f.getValue());
        }
        return new FileIndex(root, List.copyOf(sources.keySet()));
    }

    private static Map<String, Set<String>> reachOfEachClass() {
        return Map.of("org.shop.CalcTest", Set.of(MAIN + "Calc.java"),
                "org.shop.GreeterTest", Set.of(MAIN + "Greeter.java"),
                "org.shop.MixedTest", Set.of(MAIN + "Greeter.java"),
                "org.shop.OtherTest", Set.of(MAIN + "Other.java"));
    }

    private static Baseline baseline(Map<String, Set<String>> reach, Optional<String> incomplete) {
        TestRun run = new TestRun(List.of(
                new TestResult("org.shop.CalcTest#adds", TestStatus.FAILED, "expected 3", "", List.of()),
                TestResult.passed("org.shop.CalcTest#zero"), TestResult.passed("org.shop.GreeterTest#greets"),
                TestResult.passed("org.shop.MixedTest#mixes"), TestResult.passed("org.shop.OtherTest#others")));
        return Baseline.of(run).withReach(new TestReach(reach, incomplete, "JaCoCo", ".java"));
    }

    private static Baseline complete() {
        return baseline(reachOfEachClass(), Optional.empty());
    }

    private static Patch modifies(String... paths) {
        return new Patch(List.of(paths).stream().map(p -> new FilePatch(p, ChangeKind.MODIFY, List.of())).toList());
    }

    private TestSelection select(Patch patch, Baseline baseline) {
        return TestSelector.select(patch, baseline, MAVEN, files);
    }

    @Test
    void runsOnlyTheClassesWhoseCoverageReachesTheChangedFileAndTheFailingTestsClass() {
        TestSelection s = select(modifies(MAIN + "Greeter.java"), complete());

        assertThat(s).isInstanceOf(TestSelection.Selected.class);
        TestSelection.Selected selected = (TestSelection.Selected) s;
        assertThat(selected.ran()).containsExactly("org.shop.CalcTest", "org.shop.GreeterTest", "org.shop.MixedTest");
        assertThat(selected.skipped()).containsExactly("org.shop.OtherTest");
        assertThat(selected.testFiles()).containsExactly(TEST + "CalcTest.java", TEST + "GreeterTest.java",
                TEST + "MixedTest.java");
        assertThat(selected.why()).contains("1 of 4 test class(es) skipped", MAIN + "Greeter.java");
    }

    @Test
    void alwaysRunsTheClassOfAFailingTestEvenWhenItsCoverageMissesTheChange() {
        TestSelection.Selected s = (TestSelection.Selected) select(modifies(MAIN + "Other.java"), complete());

        assertThat(s.ran()).containsExactly("org.shop.CalcTest", "org.shop.OtherTest");
        assertThat(s.skipped()).containsExactly("org.shop.GreeterTest", "org.shop.MixedTest");
    }

    @Test
    void runsATestClassWhoseSourceNamesTheChangedClassThoughItsCoverageDoesNotReachIt() {
        TestSelection.Selected s = (TestSelection.Selected) select(modifies(MAIN + "Calc.java"), complete());

        assertThat(s.ran()).containsExactly("org.shop.CalcTest", "org.shop.MixedTest");
        assertThat(s.skipped()).containsExactly("org.shop.GreeterTest", "org.shop.OtherTest");
    }

    @Test
    void runsTheWholeSuiteWhenEveryClassReachesTheChange() {
        TestSelection s = select(modifies(MAIN + "Calc.java", MAIN + "Greeter.java", MAIN + "Other.java"), complete());

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(s.why()).contains("every test class reaches a changed file");
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "pom.xml, build input",
            "module/build.gradle, build input",
            "web/package.json, build input",
            "pyproject.toml, build input",
            "requirements-dev.txt, build input",
            ".mvn/jvm.config, build input",
            "src/main/resources/app.properties, not .java source",
            "src/main/resources/org/shop/Template.java, not .java source",
            "README.md, not .java source",
            "src/main/java/org/shop/view.kt, not .java source",
            "src/main/java/org/shop/package-info.java, build input",
    })
    void aChangeCoverageCannotSeeForcesTheWholeSuite(String path, String reason) {
        TestSelection s = select(modifies(MAIN + "Other.java", path), complete());

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(s.why()).contains(reason, path);
    }

    @Test
    void aNewFileForcesTheWholeSuite() {
        Patch patch = new Patch(List.of(new FilePatch(MAIN + "Other.java", ChangeKind.MODIFY, List.of()),
                new FilePatch(MAIN + "Helper.java", ChangeKind.CREATE, List.of())));

        assertThat(select(patch, complete()).why()).contains("adds a file", MAIN + "Helper.java");
        assertThat(select(patch, complete())).isInstanceOf(TestSelection.WholeSuite.class);
    }

    @Test
    void aDeletedFileForcesTheWholeSuite() {
        Patch patch = new Patch(List.of(new FilePatch(MAIN + "Other.java", ChangeKind.DELETE, List.of())));

        assertThat(select(patch, complete())).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(select(patch, complete()).why()).contains("deletes a file");
    }

    @Test
    void aPatchThatEditsTestsForcesTheWholeSuite() {
        TestSelection s = select(modifies(MAIN + "Other.java", TEST + "OtherTest.java"), complete());

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(s.why()).contains("edits tests");
    }

    @Test
    void noCoverageForcesTheWholeSuite() {
        Baseline none = Baseline.of(complete().run());

        TestSelection s = select(modifies(MAIN + "Other.java"), none);

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(s.why()).contains("no per-test coverage");
    }

    @Test
    void aCoverageRunCutShortForcesTheWholeSuite() {
        TestSelection s = select(modifies(MAIN + "Other.java"),
                baseline(reachOfEachClass(), Optional.of("the coverage run was cut short")));

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(s.why()).contains("incomplete", "cut short");
    }

    @Test
    void aTestClassWithoutACoverageRecordForcesTheWholeSuite() {
        Map<String, Set<String>> partial = new LinkedHashMap<>(reachOfEachClass());
        partial.remove("org.shop.GreeterTest");

        TestSelection s = select(modifies(MAIN + "Other.java"), baseline(partial, Optional.empty()));

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(s.why()).contains("1 test class(es) of the baseline have no coverage record", "org.shop.GreeterTest");
    }

    @Test
    void aTestClassWhoseSourceIsNotFoundForcesTheWholeSuite() {
        Map<String, Set<String>> reach = new LinkedHashMap<>(reachOfEachClass());
        reach.put("org.gone.GoneTest", Set.of());
        TestRun run = new TestRun(new java.util.ArrayList<>(complete().run().results()) {
            {
                add(TestResult.passed("org.gone.GoneTest#g"));
            }
        });
        Baseline b = Baseline.of(run).withReach(new TestReach(reach, Optional.empty(), "JaCoCo", ".java"));

        TestSelection s = select(modifies(MAIN + "Other.java"), b);

        assertThat(s).isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(s.why()).contains("org.gone.GoneTest");
    }

    @Test
    void testClassOfATestIdIsThePartBeforeTheHash() {
        assertThat(TestReach.testClass("org.shop.CalcTest#adds[1]")).isEqualTo("org.shop.CalcTest");
        assertThat(TestReach.testClass("org.shop.CalcTest")).isEqualTo("org.shop.CalcTest");
    }
}
