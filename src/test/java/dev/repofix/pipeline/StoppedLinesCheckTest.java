package dev.repofix.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.PytestBuild;
import dev.repofix.build.TestCommand;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.LinesRun;
import dev.repofix.testrun.TestInstrumentation;
import dev.repofix.workspace.FileRead;
import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The check the search asks of each VALID candidate: a run of the same tests in a patched copy, or "not checked". */
class StoppedLinesCheckTest {
    private static final String PY = """
            def last(items, default):
                if hasattr(items, "__reversed__"):
                    return next(reversed(items))
                return default

            def first(items):
                return items[0]
            """;
    private static final PatchCandidate SWAP = candidate("c3", """
            --- a/m.py
            +++ b/m.py
            @@ -1,2 +1,2 @@
             def last(items, default):
            -    if hasattr(items, "__reversed__"):
            +    if hasattr(default, "__reversed__"):
            """);
    private static final Map<String, Set<Integer>> BEFORE = Map.of("m.py", Set.of(2, 3));

    @TempDir
    Path dir;

    /** A rerun that sees the patched copy: line 3 runs only while the test is still on {@code items}. */
    private static final class FakeRun implements LinesRun {
        final List<Duration> limits = new ArrayList<>();
        final List<Set<String>> edited = new ArrayList<>();
        /** What {@link #instrument} answers: empty for On with COVERED=yes, else Off with this reason. */
        String off = "";
        final List<Path> instrumented = new ArrayList<>();

        @Override
        public TestInstrumentation.Instrumented instrument(Path copy, TestCommand command) {
            instrumented.add(copy);
            return off.isEmpty() ? new TestInstrumentation.Instrumented.On(new TestCommand(command.shell(),
                    Map.of("COVERED", "yes")), "the fake tool") : new TestInstrumentation.Instrumented.Off(off);
        }

        @Override
        public Rerun read(Path copy, String tests) {
            return linesIn(copy, tests);
        }

        @Override
        public Map<String, Set<Integer>> baseline() {
            return BEFORE;
        }

        @Override
        public String tests() {
            return "the whole suite";
        }

        @Override
        public Rerun rerun(Path copy, Duration limit, Set<String> editedFiles) {
            limits.add(limit);
            edited.add(editedFiles);
            return linesIn(copy, "1 of 3 test file(s) (those whose coverage reaches m.py)");
        }

        private static Rerun linesIn(Path copy, String tests) {
            try {
                return new Rerun.Ran(Map.of("m.py", Files.readString(copy.resolve("m.py")).contains("hasattr(items")
                        ? Set.of(2, 3) : Set.of(2)), tests);
            } catch (java.io.IOException e) {
                return new Rerun.NotRun(e.getMessage());
            }
        }
    }

    @Test
    void aCandidateThatStopsALineGetsItsCaveatAndTheNotesSayWhatRan() throws Exception {
        FakeRun lines = new FakeRun();
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            StoppedLinesCheck check = check(ws, Optional.of(lines), Duration.ofMinutes(5));

            assertThat(check.apply(SWAP)).containsExactly("stops running line 3 (`return next(reversed(items))`) of "
                    + "`last` in m.py, which the passing tests ran before");
            assertThat(check.notes()).singleElement().asString().startsWith("lines the tests stop running: 1 of 3 "
                    + "test file(s) (those whose coverage reaches m.py) ran again under coverage for 1 VALID candidate(s)");
            assertThat(lines.limits).containsExactly(Duration.ofMinutes(1));
            assertThat(lines.edited).containsExactly(Set.of("m.py"));
        }
    }

    @Test
    void aCandidateThatKeepsEveryLineRunningHasNoCaveat() throws Exception {
        PatchCandidate guard = candidate("c8", """
                --- a/m.py
                +++ b/m.py
                @@ -1,2 +1,2 @@
                 def last(items, default):
                -    if hasattr(items, "__reversed__"):
                +    if hasattr(items, "__reversed__") and items:
                """);
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            assertThat(check(ws, Optional.of(new FakeRun()), Duration.ofMinutes(5)).apply(guard)).isEmpty();
        }
    }

    @Test
    void withoutCoverageOrTimeItSaysNotCheckedAndAddsNoCaveat() throws Exception {
        FakeRun lines = new FakeRun();
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            StoppedLinesCheck none = check(ws, Optional.empty(), Duration.ofMinutes(5));
            StoppedLinesCheck late = check(ws, Optional.of(lines), Duration.ofSeconds(3));

            assertThat(none.apply(SWAP)).isEmpty();
            assertThat(none.notes()).containsExactly("lines the tests stop running: not checked for c3: no per-test "
                    + "coverage of the baseline");
            assertThat(late.apply(SWAP)).isEmpty();
            assertThat(late.notes()).containsExactly("lines the tests stop running: not checked for c3: the time "
                    + "budget ran out");
            assertThat(lines.limits).isEmpty();
        }
    }

    @Test
    void aCandidateWhoseDecidingRunRanUnderCoverageIsCheckedFromItWithNoRunOfItsOwn() throws Exception {
        FakeRun lines = new FakeRun();
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            StoppedLinesCheck check = check(ws, Optional.of(lines), Duration.ofMinutes(5));
            Path copy = decidingCopy(SWAP);

            TestCommand command = check.command("c3", source(SWAP), copy, PLAIN);
            check.ran("c3", copy, "the whole suite in the deciding run (test selection is off)", true);

            assertThat(command.extraEnv()).containsEntry("COVERED", "yes");
            assertThat(lines.instrumented).containsExactly(copy);
            assertThat(check.apply(SWAP)).containsExactly("stops running line 3 (`return next(reversed(items))`) of "
                    + "`last` in m.py, which the passing tests ran before");
            assertThat(lines.limits).as("no run of its own").isEmpty();
            assertThat(check.notes()).singleElement().asString().startsWith("lines the tests stop running: read from "
                    + "the deciding run's coverage for 1 VALID candidate(s), no run of its own (the whole suite in the "
                    + "deciding run (test selection is off); the tools' set-up and the data read took ");
        }
    }

    @Test
    void aDecidingRunOfACandidateWhoseMethodsNoPassingTestRanStaysPlain() throws Exception {
        PatchCandidate head = new PatchCandidate("c5", "template", "m.py", 7, "index", PatchText.read("""
                --- a/m.py
                +++ b/m.py
                @@ -6,2 +6,2 @@
                 def first(items):
                -    return items[0]
                +    return items[1]
                """));
        FakeRun lines = new FakeRun();
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            StoppedLinesCheck check = check(ws, Optional.of(lines), Duration.ofMinutes(5));

            assertThat(check.command("c5", source(head), dir, PLAIN)).isSameAs(PLAIN);
            assertThat(lines.instrumented).isEmpty();
            assertThat(check.apply(head)).isEmpty();
            assertThat(lines.limits).isEmpty();
            assertThat(check.notes()).isEmpty();
        }
    }

    @Test
    void whereTheDecidingRunCouldNotCarryTheCoverageTheTestsRunAgainAndTheNotesSayWhy() throws Exception {
        FakeRun lines = new FakeRun();
        lines.off = "the coverage came from the failing and related tests";
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            StoppedLinesCheck check = check(ws, Optional.of(lines), Duration.ofMinutes(5));
            StoppedLinesCheck broken = check(ws, Optional.of(new FakeRun()), Duration.ofMinutes(5));
            Path copy = decidingCopy(SWAP);

            assertThat(check.command("c3", source(SWAP), copy, PLAIN)).isSameAs(PLAIN);
            broken.command("c3", source(SWAP), copy, PLAIN);
            broken.ran("c3", copy, "the whole suite", false);

            assertThat(check.apply(SWAP)).hasSize(1);
            assertThat(lines.limits).hasSize(1);
            assertThat(check.notes()).contains("lines the tests stop running: the deciding run did not carry the "
                    + "coverage for c3: the coverage came from the failing and related tests");
            assertThat(broken.apply(SWAP)).hasSize(1);
            assertThat(broken.notes()).contains("lines the tests stop running: the deciding run did not carry the "
                    + "coverage for c3: its deciding run under coverage ended without reports");
        }
    }

    private static final TestCommand PLAIN = new TestCommand("pytest", Map.of());

    private static dev.repofix.patch.Patch source(PatchCandidate c) {
        return ((PatchText.Parsed) c.patch()).patch();
    }

    /** A copy of m.py with {@code c} applied, as the deciding run's copy has it. */
    private Path decidingCopy(PatchCandidate c) throws Exception {
        Path copy = Files.createDirectories(dir.resolve("deciding-" + c.id()));
        Files.writeString(copy.resolve("m.py"), PY);
        assertThat(new dev.repofix.patch.PatchApplier().apply(copy, source(c)))
                .isInstanceOf(dev.repofix.patch.ApplyResult.Applied.class);
        return copy;
    }

    private static StoppedLinesCheck check(Workspace ws, Optional<LinesRun> lines, Duration left) {
        return new StoppedLinesCheck(ws, new PytestBuild(), lines,
                path -> ws.files().read(path, 1 << 20) instanceof FileRead.Content c ? c.utf8() : Optional.empty(),
                () -> left, Duration.ofMinutes(1), Clock.systemUTC(), true);
    }

    private Workspace open(TestRepo repo) throws Exception {
        repo.write("m.py", PY);
        repo.commit("m");
        return new Workspaces(dir.resolve("work"), Duration.ofMinutes(1)).open(repo.dir().toString(), Optional.empty());
    }

    private static PatchCandidate candidate(String id, String diff) {
        return new PatchCandidate(id, "template", "m.py", 2, "swap", PatchText.read(diff));
    }
}
