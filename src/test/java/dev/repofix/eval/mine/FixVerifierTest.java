package dev.repofix.eval.mine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildDetector;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RepofixException;
import dev.repofix.env.EnvironmentException;
import dev.repofix.env.EnvironmentPreparer;
import dev.repofix.env.PreparedEnvironment;
import dev.repofix.eval.run.CaseCheckouts;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tests run at the parent with the test change and at the fix, on {@link FixHistory} with pytest. */
class FixVerifierTest {
    @TempDir
    Path temp;

    private Path repo;
    private HistoryMiner.Mining mining;
    private Map<String, String> commits;

    @BeforeEach
    void history() throws Exception {
        repo = temp.resolve("shop");
        commits = FixHistory.write(repo);
        mining = new HistoryMiner(IssueTracker.none()).mine(repo, "HEAD", Optional.empty());
    }

    private FixVerifier.Verdict verify(String name) {
        HistoryMiner.MinedFix fix = mining.fixes().stream().filter(f -> f.commit().equals(commits.get(name)))
                .findFirst().orElseThrow();
        return verify(name, repo, fix);
    }

    private FixVerifier.Verdict verify(String name, Path repo, HistoryMiner.MinedFix fix) {
        return verify(name, repo, fix, EnvironmentPreparer.NONE);
    }

    private FixVerifier.Verdict verify(String name, Path repo, HistoryMiner.MinedFix fix,
            EnvironmentPreparer preparer) {
        Clock clock = Clock.systemUTC();
        HostEnvironment host = HostEnvironment.fromSystem();
        try (CaseCheckouts checkouts = new CaseCheckouts(temp.resolve("work"))) {
            TestRunner runner = new TestRunner(new LocalProcessExecutor(clock), host, ReportParsers.standard(),
                    new StackFrameExtractor());
            return new FixVerifier(checkouts, preparer, new BuildDetector(), runner, Duration.ofMinutes(2), Optional.empty())
                    .verify(name, repo.toString(), fix);
        }
    }

    @Test
    void aFixWhoseNewTestFailsBeforeAndPassesAfterIsVerifiedWithItsPassingTests() {
        FixVerifier.Verdict verdict = verify("clamp");

        assertThat(verdict).isEqualTo(new FixVerifier.Verdict.Verified(
                java.util.List.of("tests/test_price.py::test_clamp_above_high"),
                java.util.List.of("tests/test_price.py::test_discount", "tests/test_price.py::test_average")));
    }

    @Test
    void aTwoFileFixIsVerifiedByTheTestFileItAdds() {
        FixVerifier.Verdict verdict = verify("tax");

        assertThat(verdict).isInstanceOfSatisfying(FixVerifier.Verdict.Verified.class, v ->
                assertThat(v.failToPass()).containsExactly("tests/test_tax.py::test_with_tax_in_percent"));
    }

    @Test
    void aFixFromBeforeTheProjectHadABuildIsDroppedAndTheMiningGoesOn() throws Exception {
        Path old = temp.resolve("old");
        java.nio.file.Files.createDirectories(old);
        String parent;
        String commit;
        try (org.eclipse.jgit.api.Git git = org.eclipse.jgit.api.Git.init().setDirectory(old.toFile()).call()) {
            java.nio.file.Files.writeString(old.resolve("calc.py"), "def add(a, b):\n    return a - b\n");
            git.add().addFilepattern(".").call();
            parent = git.commit().setMessage("start").setSign(false).call().name();
            java.nio.file.Files.writeString(old.resolve("calc.py"), "def add(a, b):\n    return a + b\n");
            git.add().addFilepattern(".").call();
            commit = git.commit().setMessage("fix add").setSign(false).call().name();
        }
        HistoryMiner.MinedFix fix = new HistoryMiner(IssueTracker.none()).mine(old, "HEAD", Optional.empty())
                .fixes().stream().filter(f -> f.commit().equals(commit)).findFirst().orElseThrow();
        assertThat(fix.parent()).isEqualTo(parent);

        FixVerifier.Verdict verdict = verify("old-add", old, fix);

        assertThat(verdict).isInstanceOfSatisfying(FixVerifier.Verdict.Dropped.class, d -> {
            assertThat(d.why()).isEqualTo(HistoryMiner.Skip.TESTS_DO_NOT_RUN);
            assertThat(d.detail()).startsWith("at the parent: no build found");
        });
    }

    @Test
    void aFixNoTestShowsIsDroppedSayingSo() {
        FixVerifier.Verdict verdict = verify("comment");

        assertThat(verdict).isInstanceOfSatisfying(FixVerifier.Verdict.Dropped.class, d -> {
            assertThat(d.why()).isEqualTo(HistoryMiner.Skip.NO_FAIL_TO_PASS);
            assertThat(d.detail()).isEqualTo("0 test(s) fail before the fix, 0 after it");
        });
    }

    @Test
    void theEnvironmentIsPreparedAtTheParentAndAFailingSetUpDropsTheFixSayingSo() {
        HistoryMiner.MinedFix fix = mining.fixes().stream().filter(f -> f.commit().equals(commits.get("clamp")))
                .findFirst().orElseThrow();
        java.util.List<String> preparedIn = new java.util.ArrayList<>();

        FixVerifier.Verdict prepared = verify("clamp", repo, fix, (root, build) -> {
            preparedIn.add(root.getFileName() + " " + build.name());
            return PreparedEnvironment.none();
        });
        FixVerifier.Verdict failed = verify("clamp", repo, fix, (root, build) -> {
            throw new EnvironmentException(RepofixException.ErrorKind.RUNTIME,
                    "the environment set-up failed: `pip install nothing-such` (exit code 1)");
        });

        assertThat(prepared).isInstanceOf(FixVerifier.Verdict.Verified.class);
        assertThat(preparedIn).containsExactly("clamp pytest");
        assertThat(failed).isInstanceOfSatisfying(FixVerifier.Verdict.Dropped.class, d -> {
            assertThat(d.why()).isEqualTo(HistoryMiner.Skip.TESTS_DO_NOT_RUN);
            assertThat(d.detail()).isEqualTo("the set-up at the parent: the environment set-up failed: "
                    + "`pip install nothing-such` (exit code 1)");
        });
    }
}
