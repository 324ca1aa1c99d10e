package dev.repofix.validate;

import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.Executor;
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
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * A project whose one test ({@code calc.CalcTest#works}) passes when its calc.txt says
 * {@code fixed}: a workspace of it, and the report an executor that plays its tests writes.
 */
final class CalcTxtProject {
    private CalcTxtProject() {}

    /** A workspace of the project (calc.txt says {@code bug}), its copies under {@code dir}. */
    static Workspace open(Path dir) throws Exception {
        Path origin;
        try (TestRepo repo = TestRepo.init(dir.resolve("origin"))) {
            repo.write("calc.txt", "bug\n").write("tests/calc_test.txt", "expects fixed\n").commit("calc");
            origin = repo.dir();
        }
        return new Workspaces(dir.resolve("copies"), Duration.ofMinutes(1)).open(origin.toString(), Optional.empty());
    }

    /** Writes the test's report into {@code copy}: passed when its calc.txt says {@code fixed}. */
    static void report(Path copy) {
        try {
            boolean pass = Files.readString(copy.resolve("calc.txt")).strip().equals("fixed");
            Files.writeString(copy.resolve("TEST-calc.xml"), "<testsuite name=\"calc.CalcTest\">"
                    + "<testcase classname=\"calc.CalcTest\" name=\"works\">"
                    + (pass ? "" : "<failure message=\"expected fixed\">expected fixed</failure>")
                    + "</testcase></testsuite>");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The suite of {@code ws} run by {@code executor}, through {@link SelectingBuild} ({@code run-all}). */
    static SuiteRunner suite(Executor executor, Workspace ws) {
        TestRunner runner = new TestRunner(executor, new HostEnvironment(Map.of()), ReportParsers.standard(),
                new StackFrameExtractor());
        return new SuiteRunner(new SelectingBuild(), new TestCommand("run-all", Map.of()), null, runner, ws.files());
    }

    /** A candidate that makes calc.txt say {@code to}. */
    static PatchCandidate candidate(String to) {
        return new PatchCandidate(to, "scripted", "calc.txt", 1, "bug -> " + to,
                PatchText.read("--- a/calc.txt\n+++ b/calc.txt\n@@ -1 +1 @@\n-bug\n+" + to + "\n"));
    }
}
