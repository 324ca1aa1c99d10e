package dev.repofix.eval.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RepofixException;
import dev.repofix.exec.LocalProcessExecutor;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.revwalk.RevCommit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaseCheckoutsTest {
    private static final String TEST_PATCH = """
            --- /dev/null
            +++ b/tests/test_age.py
            @@ -0,0 +1,4 @@
            +from age import is_adult
            +
            +def test_eighteen_is_adult():
            +    assert is_adult(18)
            """;

    @TempDir
    Path temp;

    private Path origin;
    private String base;
    private final HostEnvironment host = new HostEnvironment(Map.of("PATH", System.getenv("PATH"),
            "HOME", System.getProperty("user.home")));

    @BeforeEach
    void repository() throws Exception {
        origin = Files.createDirectories(temp.resolve("origin"));
        Files.writeString(origin.resolve("age.py"), "def is_adult(age):\n    return age > 18\n");
        try (Git git = Git.init().setDirectory(origin.toFile()).setInitialBranch("main").call()) {
            git.add().addFilepattern(".").call();
            RevCommit c = git.commit().setMessage("bug").setAuthor("t", "t@example.org")
                    .setCommitter("t", "t@example.org").setSign(false).call();
            base = c.name();
            Files.writeString(origin.resolve("later.txt"), "a later commit\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("later").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call();
        }
    }

    private CaseCheckouts checkouts(boolean keep) {
        return new CaseCheckouts(temp.resolve("work"), new LocalProcessExecutor(Clock.systemUTC()), host,
                Duration.ofMinutes(2), keep);
    }

    private CaseCheckouts.Spec spec(String id, String testPatch, List<String> setup) {
        return new CaseCheckouts.Spec(id, origin.toString(), base, testPatch, setup, Optional.empty(), "python");
    }

    @Test
    void checksOutTheBaseCommitWithTheReferenceTestsCommittedOnTop() throws Exception {
        try (CaseCheckouts checkouts = checkouts(false)) {
            CaseCheckouts.Checkout c = checkouts.prepare(spec("age-1", TEST_PATCH, List.of()));

            assertThat(c.repo().resolve("tests/test_age.py")).exists();
            assertThat(c.repo().resolve("later.txt")).doesNotExist();
            try (Git git = Git.open(c.repo().toFile())) {
                RevCommit head = git.log().setMaxCount(1).call().iterator().next();
                assertThat(head.name()).isEqualTo(c.commit());
                assertThat(head.getParent(0).name()).isEqualTo(base);
                assertThat(git.status().call().isClean()).isTrue();
            }
            assertThat(c.environment().isNone()).isTrue();
            checkouts.release(c);
            assertThat(c.repo()).doesNotExist();
        }
        assertThat(temp.resolve("work/mirrors")).doesNotExist();
    }

    @Test
    void runsASetUpOnceForTheCasesThatShareItInAVirtualEnvironmentOfItsOwn() throws Exception {
        Path count = temp.resolve("setup-runs.txt");
        List<String> setup = List.of("echo ran >> '" + count + "'", "python -c 'import sys; print(sys.prefix)' > prefix.txt");
        try (CaseCheckouts checkouts = checkouts(false)) {
            CaseCheckouts.Checkout first = checkouts.prepare(spec("age-1", TEST_PATCH, setup));
            CaseCheckouts.Checkout second = checkouts.prepare(spec("age-2", "", setup));

            assertThat(Files.readAllLines(count)).containsExactly("ran");
            assertThat(first.environment().variables()).isEqualTo(second.environment().variables());
            assertThat(first.environment().reused()).isFalse();
            assertThat(second.environment().reused()).isTrue();
            Path venv = Path.of(first.environment().variables().get("VIRTUAL_ENV"));
            assertThat(venv.resolve("bin/python")).exists();
            assertThat(first.environment().pathFolders()).containsExactly(venv.resolve("bin"));
            assertThat(checkouts.diskBytes()).isPositive();
        }
        assertThat(temp.resolve("work/envs")).doesNotExist();
    }

    @Test
    void keepsTheEnvironmentsWhenAskedAndReusesThemInTheNextRun() throws Exception {
        Path count = temp.resolve("setup-runs.txt");
        List<String> setup = List.of("echo ran >> '" + count + "'");
        try (CaseCheckouts checkouts = checkouts(true)) {
            checkouts.prepare(spec("age-1", "", setup));
        }
        try (CaseCheckouts checkouts = checkouts(true)) {
            checkouts.prepare(spec("age-1", "", setup));
        }

        assertThat(Files.readAllLines(count)).containsExactly("ran");
        assertThat(temp.resolve("work/envs")).isNotEmptyDirectory();
    }

    @Test
    void aFailingSetUpSaysWhichCommandAndWhatItPrinted() {
        try (CaseCheckouts checkouts = checkouts(false)) {
            assertThatThrownBy(() -> checkouts.prepare(spec("age-1", "", List.of("echo no such package >&2; exit 3"))))
                    .isInstanceOf(RepofixException.class)
                    .hasMessageContaining("the set-up of case age-1 failed")
                    .hasMessageContaining("no such package");
        }
    }

    @Test
    void aTestPatchThatDoesNotApplyOrAnUnknownCommitIsTheCasesFault() {
        String wrong = "--- a/age.py\n+++ b/age.py\n@@ -1,2 +1,2 @@\n-def nothing_like_this():\n-    pass\n+x\n+y\n";
        try (CaseCheckouts checkouts = checkouts(false)) {
            assertThatThrownBy(() -> checkouts.prepare(spec("age-1", wrong, List.of())))
                    .isInstanceOf(RepofixException.class)
                    .hasMessageContaining("case age-1: its test patch does not apply")
                    .satisfies(e -> assertThat(((RepofixException) e).kind())
                            .isEqualTo(RepofixException.ErrorKind.INPUT));
            assertThatThrownBy(() -> checkouts.prepare(new CaseCheckouts.Spec("age-2", origin.toString(),
                    "0123456789abcdef0123456789abcdef01234567", "", List.of(), Optional.empty(), "python")))
                    .isInstanceOf(RepofixException.class)
                    .hasMessageContaining("no commit 0123456789abcdef0123456789abcdef01234567");
        }
    }
}
