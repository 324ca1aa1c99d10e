package dev.repofix.validate;

import static dev.repofix.validate.MavenProjectFixture.diff;
import static dev.repofix.validate.MavenProjectFixture.test;
import static dev.repofix.validate.MavenProjectFixture.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.exec.SandboxKind;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.TestOutcome;
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
 * The deciding run with the baseline's compiled classes, with real {@code mvn} (the
 * maven-compiler-plugin 3.13.0 of the bundled example's POM): a fix inside a method body is
 * VALID, which it can only be when its file was compiled again (the baseline's class of it
 * holds the bug); a wrong patch fails as without reuse; a patch that adds a member compiles
 * everything. Verdicts are those of the same validator without the baseline's classes.
 */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CompiledClassesMavenTest {
    private static final Duration LIMIT = Duration.ofMinutes(4);
    private static final String CALC = "src/main/java/org/shop/Calc.java";
    private static final String BUGGY = "        return a - b;";
    private final Clock clock = Clock.systemUTC();

    private Workspace ws;
    private SuiteRunner suite;
    private Baseline baseline;
    private Path baselineCopy;

    @BeforeAll
    void baseline(@TempDir Path temp) throws Exception {
        Path repo = temp.resolve("repo");
        write(repo, "pom.xml", Files.readString(Path.of("examples", "maven-bank", "pom.xml")));
        write(repo, CALC, "package org.shop;\n\npublic class Calc {\n    public static int add(int a, int b) {\n"
                + BUGGY + "\n    }\n}\n");
        write(repo, "src/main/java/org/shop/Greeter.java", "package org.shop;\n\npublic class Greeter {\n"
                + "    public static String greet(String n) {\n        return \"hello \" + Calc.add(n.length(), 0);\n"
                + "    }\n}\n");
        write(repo, "src/test/java/org/shop/CalcTest.java", test("CalcTest", "assertEquals(3, Calc.add(1, 2));"));
        write(repo, "src/test/java/org/shop/GreeterTest.java",
                test("GreeterTest", "assertEquals(\"hello 1\", Greeter.greet(\"x\"));"));
        ws = MavenProjectFixture.commitAndOpen(repo, temp.resolve("work"));
        suite = MavenProjectFixture.suite(ws, clock);
        baselineCopy = ws.newCopy("baseline");
        TestOutcome.Completed done = (TestOutcome.Completed) suite.all(baselineCopy, LIMIT);
        baseline = Baseline.of(done.run());
        assertThat(baseline.failing()).containsExactly("org.shop.CalcTest#checks");
        assertThat(baselineCopy.resolve("target/classes/org/shop/Calc.class")).exists();
    }

    @AfterAll
    void close() {
        if (ws != null) {
            ws.close();
        }
    }

    private Validation validate(String diff, boolean reuse) {
        PatchValidator validator = new PatchValidator(ws, suite, new PatchApplier(), clock, false, RunLimits.none(),
                Optional.empty(), SandboxKind.LOCAL, false, reuse ? Optional.of(baselineCopy) : Optional.empty());
        return validator.validate(new PatchCandidate("c", "test", CALC, 5, "fix", PatchText.read(diff)), baseline,
                LIMIT);
    }

    @Test
    void aFixInsideAMethodBodyIsValidWithTheBaselinesClasses() {
        Validation v = validate(diff(CALC, 5, BUGGY, "        return a + b;"), true);

        assertThat(v.verdict()).as("%s %s", v.detail(), v.evidence()).isEqualTo(Verdict.VALID);
        assertThat(v.evidence()).anyMatch(e -> e.startsWith(PatchValidator.REUSED) && e.contains(CALC));
    }

    @Test
    void aWrongPatchInsideABodyFailsAsWithoutTheBaselinesClasses() {
        String wrong = diff(CALC, 5, BUGGY, "        return a * b;");
        Validation reused = validate(wrong, true);
        Validation plain = validate(wrong, false);

        assertThat(reused.evidence()).anyMatch(e -> e.startsWith(PatchValidator.REUSED));
        assertThat(reused.verdict()).as("%s", reused.detail()).isEqualTo(plain.verdict()).isNotEqualTo(Verdict.VALID);
        assertThat(reused.broken()).isEqualTo(plain.broken()).containsExactly("org.shop.GreeterTest#checks");
    }

    @Test
    void aPatchAddingAMemberCompilesEverything() {
        Validation v = validate("--- a/" + CALC + "\n+++ b/" + CALC + "\n@@ -4,2 +4,5 @@\n"
                + "     public static int add(int a, int b) {\n-" + BUGGY + "\n+        return sum(a, b);\n"
                + "+    }\n+    static int sum(int a, int b) {\n+        return a + b;\n", true);

        assertThat(v.verdict()).as("%s %s", v.detail(), v.evidence()).isEqualTo(Verdict.VALID);
        assertThat(v.evidence()).anyMatch(e -> e.startsWith("compiled everything: " + CALC + ": it changes more"));
    }
}
