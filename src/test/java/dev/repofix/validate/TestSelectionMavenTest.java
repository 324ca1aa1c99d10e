package dev.repofix.validate;

import static dev.repofix.validate.MavenProjectFixture.diff;
import static dev.repofix.validate.MavenProjectFixture.test;
import static dev.repofix.validate.MavenProjectFixture.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.exec.SandboxKind;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.localize.CoverageRuns;
import dev.repofix.repair.localize.SpectrumFormula;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestReach;
import dev.repofix.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deciding run's test selection with real {@code mvn} and real per-test coverage
 * (JaCoCo, the whole suite) on a project the test writes: three source classes, a test class
 * for each; Calc's test fails. OtherTest fails once a marker file exists, which the test
 * creates after the baseline and the coverage run: a deciding run that runs OtherTest cannot
 * be VALID, so a VALID verdict proves it was skipped.
 */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TestSelectionMavenTest {
    private static final Duration LIMIT = Duration.ofMinutes(4);
    private static final String CALC = "src/main/java/org/shop/Calc.java";
    private static final String GREETER = "src/main/java/org/shop/Greeter.java";
    private static final String FIX_CALC = diff(CALC, 4, "        return a - b;", "        return a + b;");
    private final Clock clock = Clock.systemUTC();

    private Path temp;
    private Workspace ws;
    private SuiteRunner suite;
    private Baseline baseline;
    private Path marker;

    @BeforeAll
    void baselineAndCoverage(@TempDir Path dir) throws Exception {
        temp = dir;
        Path repo = temp.resolve("repo");
        marker = temp.resolve("other-test-must-not-run");
        write(repo, "pom.xml", Files.readString(Path.of("examples", "maven-bank", "pom.xml")));
        write(repo, CALC, "package org.shop;\n\npublic class Calc {\n    public static int add(int a, int b) {\n"
                + "        return a - b;\n    }\n}\n");
        write(repo, GREETER, "package org.shop;\n\npublic class Greeter {\n    public static String greet(String n) {\n"
                + "        return \"hello \" + n;\n    }\n}\n");
        write(repo, "src/main/java/org/shop/Other.java", "package org.shop;\n\npublic class Other {\n"
                + "    public static int twice(int a) {\n        return 2 * a;\n    }\n}\n");
        write(repo, "src/test/java/org/shop/CalcTest.java", test("CalcTest", "assertEquals(3, Calc.add(1, 2));"));
        write(repo, "src/test/java/org/shop/GreeterTest.java",
                test("GreeterTest", "assertEquals(\"hello x\", Greeter.greet(\"x\"));"));
        write(repo, "src/test/java/org/shop/OtherTest.java", test("OtherTest", "assertEquals(4, Other.twice(2)); "
                + "assertFalse(java.nio.file.Files.exists(java.nio.file.Path.of(\""
                + marker.toString().replace("\\", "\\\\") + "\")));"));
        ws = MavenProjectFixture.commitAndOpen(repo, temp.resolve("work"));
        suite = MavenProjectFixture.suite(ws, clock);
        MavenBuild build = (MavenBuild) suite.build();
        TestCommand command = build.testCommand(ws.root(), null);
        Path copy = ws.newCopy("baseline");
        TestOutcome.Completed done = (TestOutcome.Completed) suite.all(copy, LIMIT);
        ws.discard(copy);
        Baseline plain = Baseline.of(done.run());
        assertThat(plain.failing()).containsExactly("org.shop.CalcTest#checks");

        BuiltinStages stages = BuiltinStages.withCoverage(new LocalProcessExecutor(clock), HostEnvironment.fromSystem(),
                LIMIT, clock, SpectrumFormula.OCHIAI, Optional.empty(), CoverageRuns.Scope.SUITE);
        stages.localize(new FailureReport(command.shell(), done.run(), done.run().failing(), "", ws.files(), build),
                new IssueDraft("t", "d", "e", "bug"));
        TestReach reach = stages.reach().orElseThrow(() -> new AssertionError("no reach: " + stages.notes()));
        assertThat(reach.incomplete()).isEmpty();
        assertThat(reach.files()).containsKeys("org.shop.CalcTest", "org.shop.GreeterTest", "org.shop.OtherTest");
        assertThat(reach.files().get("org.shop.OtherTest")).containsExactly("src/main/java/org/shop/Other.java");
        baseline = plain.withReach(reach);
        Files.writeString(marker, "OtherTest fails from now on");
    }

    @AfterAll
    void close() {
        if (ws != null) {
            ws.close();
        }
    }

    private Validation validate(String diff, boolean select, SandboxKind sandbox) {
        PatchValidator validator = new PatchValidator(ws, suite, new PatchApplier(), clock, false, RunLimits.none(),
                Optional.empty(), sandbox, select);
        return validator.validate(new PatchCandidate("c", "test", CALC, 5, "fix", PatchText.read(diff)), baseline,
                LIMIT);
    }

    @Test
    void aPatchTouchingOneClassRunsOnlyTheTestsThatReachIt() {
        Validation v = validate(FIX_CALC, true, SandboxKind.LOCAL);

        assertThat(v.verdict()).as("%s %s", v.detail(), v.evidence()).isEqualTo(Verdict.VALID);
        TestSelection.Selected s = (TestSelection.Selected) v.selection().orElseThrow();
        assertThat(s.ran()).containsExactly("org.shop.CalcTest");
        assertThat(s.skipped()).containsExactly("org.shop.GreeterTest", "org.shop.OtherTest");
        assertThat(v.evidence()).anyMatch(e -> e.startsWith("deciding run: 1 test class(es) ran, 2 skipped"));
    }

    @Test
    void aSecondChangedClassBringsItsTestsIn() {
        Validation v = validate(FIX_CALC + diff(GREETER, 4, "        return \"hello \" + n;",
                "        return \"hello \" + n; // greets"), true, SandboxKind.LOCAL);

        assertThat(v.verdict()).as("%s %s", v.detail(), v.evidence()).isEqualTo(Verdict.VALID);
        TestSelection.Selected s = (TestSelection.Selected) v.selection().orElseThrow();
        assertThat(s.ran()).containsExactly("org.shop.CalcTest", "org.shop.GreeterTest");
        assertThat(s.skipped()).containsExactly("org.shop.OtherTest");
    }

    @Test
    void aPomChangeRunsTheWholeSuite() {
        // A pom edit is validated only in the Docker sandbox; this one adds a comment, harmless as a local process.
        Validation v = validate(FIX_CALC + diff("pom.xml", 1, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><!-- touched -->"), true, SandboxKind.DOCKER);

        assertThat(v.selection()).get().isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(v.selection().get().why()).contains("build input", "pom.xml");
        assertThat(v.verdict()).as("OtherTest ran, and fails on the marker: %s", v.detail())
                .isEqualTo(Verdict.TESTS_FAIL);
        assertThat(v.broken()).containsExactly("org.shop.OtherTest#checks");
    }

    @Test
    void withSelectionOffTheWholeSuiteRuns() {
        Validation v = validate(FIX_CALC, false, SandboxKind.LOCAL);

        assertThat(v.selection()).get().isInstanceOf(TestSelection.WholeSuite.class);
        assertThat(v.selection().get().why()).contains("test selection is off");
        assertThat(v.broken()).containsExactly("org.shop.OtherTest#checks");
    }
}
