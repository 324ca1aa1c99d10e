package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Command;
import dev.repofix.exec.ExecResult;
import dev.repofix.exec.Executor;
import dev.repofix.patch.PatchApplier;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe's runs through the run's own test runner, with an executor that plays the
 * project's tests: each copy has the candidate's patch and the probe file, the build is asked
 * to run that file alone, and what the tests wrote is read back confined to the copy.
 */
class BehaviourProbeRunTest {
    private static final String FIX = "--- a/span.py\n+++ b/span.py\n@@ -1,2 +1,2 @@\n def in_range(v, lo, hi):\n"
            + "-    return lo <= v and v <= hi\n+    return lo <= v and v < hi\n";
    private static final String OTHER = "--- a/span.py\n+++ b/span.py\n@@ -1,2 +1,2 @@\n def in_range(v, lo, hi):\n"
            + "-    return lo <= v and v <= hi\n+    return lo == v and v <= hi\n";
    private static final ProbePlan PLAN = new ProbePlan(ProbeInputs.Language.PYTHON, "tests/test_probe.py",
            "# the probe\n", List.of("in_range(10, 0, 10)", "in_range(9, 0, 10)"));

    @TempDir
    Path dir;
    private Workspace ws;

    @BeforeEach
    void workspace() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo"))) {
            repo.write("span.py", "def in_range(v, lo, hi):\n    return lo <= v and v <= hi\n");
            repo.write("tests/test_span.py", "from span import in_range\n");
            repo.commit("span");
        }
        ws = new Workspaces(dir.resolve("work"), Duration.ofMinutes(1)).open(dir.resolve("repo").toString(),
                Optional.empty());
    }

    @AfterEach
    void close() {
        ws.close();
    }

    @Test
    void runsTheProbeFileAloneInACopyOfEachPatchAndNamesTheFirstCallThatDiffers() {
        PlayedTests tests = new PlayedTests(copy -> read(copy, "span.py").contains("v < hi")
                ? "returns False\nreturns True\n" : "returns False\nreturns False\n");

        BehaviourComparison c = probe(tests).compare(PLAN, candidate("c1", FIX), candidate("c2", OTHER),
                Duration.ofMinutes(1));

        assertThat(c).isEqualTo(new BehaviourComparison.Differs("in_range(9, 0, 10)", "returns True", "returns False", 2));
        assertThat(tests.commands).containsExactly("run-files tests/test_probe.py", "run-files tests/test_probe.py");
        assertThat(tests.probeFiles).containsExactly("# the probe\n", "# the probe\n");
    }

    @Test
    void probesTheFixOnceForAllItsAlternatives() {
        PlayedTests tests = new PlayedTests(copy -> "returns False\nreturns True\n");
        BehaviourProbe probe = probe(tests);

        probe.compare(PLAN, candidate("c1", FIX), candidate("c2", OTHER), Duration.ofMinutes(1));
        BehaviourComparison c = probe.compare(PLAN, candidate("c1", FIX), candidate("c3", OTHER), Duration.ofMinutes(1));

        assertThat(c).isEqualTo(new BehaviourComparison.NoDifference(2));
        assertThat(tests.commands).hasSize(3);
    }

    /** The project's code ran in the copy: an output that is a link to a file outside it is not read. */
    @Test
    void doesNotFollowALinkTheTestsLeftInPlaceOfTheOutput() throws IOException {
        Path secret = Files.writeString(dir.resolve("secret.txt"), "returns hunter2\nreturns 1\n");
        PlayedTests tests = new PlayedTests(copy -> null) {
            @Override
            void write(Path copy) throws IOException {
                Files.createSymbolicLink(copy.resolve(ProbePlan.OUTPUT), secret);
            }
        };

        BehaviourComparison c = probe(tests).compare(PLAN, candidate("c1", FIX), candidate("c2", OTHER),
                Duration.ofMinutes(1));

        assertThat(c).isInstanceOf(BehaviourComparison.NotCompared.class);
        assertThat(((BehaviourComparison.NotCompared) c).why()).contains("gave no results with c1")
                .doesNotContain("hunter2");
    }

    private BehaviourProbe probe(PlayedTests tests) {
        TestRunner runner = new TestRunner(tests, HostEnvironment.fromSystem(), ReportParsers.standard(),
                new StackFrameExtractor());
        FileSelectingBuild build = new FileSelectingBuild();
        SuiteRunner suite = new SuiteRunner(build, build.testCommand(ws.root(), null), null, runner, ws.files());
        return new BehaviourProbe(ws, suite, new PatchApplier(), Clock.systemUTC());
    }

    private static PatchCandidate candidate(String id, String diff) {
        return new PatchCandidate(id, "given", "span.py", 2, "a patch", PatchText.read(diff));
    }

    private static String read(Path copy, String file) {
        try {
            return Files.readString(copy.resolve(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Plays the tests: records the command and the probe file, and writes what {@code output} says. */
    private static class PlayedTests implements Executor {
        final List<String> commands = new ArrayList<>();
        final List<String> probeFiles = new ArrayList<>();
        private final Function<Path, String> output;

        PlayedTests(Function<Path, String> output) {
            this.output = output;
        }

        @Override
        public ExecResult run(Command command) {
            commands.add(command.argv().get(command.argv().size() - 1));
            try {
                probeFiles.add(Files.readString(command.workdir().resolve(PLAN.path())));
                write(command.workdir());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return new ExecResult(new ExecResult.Outcome.Exited(0), "", Duration.ZERO);
        }

        void write(Path copy) throws IOException {
            Files.writeString(copy.resolve(ProbePlan.OUTPUT), output.apply(copy));
        }
    }

    /** {@link SelectingBuild} that also names test files: {@code run-files <path>...}. */
    private static final class FileSelectingBuild extends SelectingBuild {
        @Override
        public Optional<TestCommand> testFilesCommand(Path root, List<String> testFiles) {
            return Optional.of(new TestCommand("run-files " + String.join(" ", testFiles), Map.of()));
        }
    }
}
