package dev.repofix.eval.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import java.nio.file.Files;
import java.nio.file.Path;
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

    private CaseCheckouts checkouts() {
        return new CaseCheckouts(temp.resolve("work"));
    }

    private CaseCheckouts.Spec spec(String id, String testPatch, Optional<String> environmentCommit) {
        return new CaseCheckouts.Spec(id, origin.toString(), base, testPatch, environmentCommit);
    }

    @Test
    void checksOutTheBaseCommitWithTheReferenceTestsCommittedOnTop() throws Exception {
        try (CaseCheckouts checkouts = checkouts()) {
            CaseCheckouts.Checkout c = checkouts.prepare(spec("age-1", TEST_PATCH, Optional.empty()));

            assertThat(c.repo().resolve("tests/test_age.py")).exists();
            assertThat(c.repo().resolve("later.txt")).doesNotExist();
            try (Git git = Git.open(c.repo().toFile())) {
                RevCommit head = git.log().setMaxCount(1).call().iterator().next();
                assertThat(head.name()).isEqualTo(c.commit());
                assertThat(head.getParent(0).name()).isEqualTo(base);
                assertThat(git.status().call().isClean()).isTrue();
            }
            assertThat(c.setupRoot()).as("set up in its own checkout").isEmpty();
            checkouts.release(c);
            assertThat(c.repo()).doesNotExist();
        }
        assertThat(temp.resolve("work/mirrors")).doesNotExist();
    }

    @Test
    void aCaseWithAnEnvironmentCommitOfItsOwnIsSetUpInOneCheckoutOfItSharedByTheCasesThatNameIt() throws Exception {
        String later;
        try (Git git = Git.open(origin.toFile())) {
            later = git.getRepository().resolve("HEAD").name();
        }
        try (CaseCheckouts checkouts = checkouts()) {
            CaseCheckouts.Checkout first = checkouts.prepare(spec("age-1", TEST_PATCH, Optional.of(later)));
            CaseCheckouts.Checkout second = checkouts.prepare(spec("age-2", "", Optional.of(later)));
            CaseCheckouts.Checkout atBase = checkouts.prepare(spec("age-3", "", Optional.of(base)));

            Path tree = first.setupRoot().orElseThrow();
            assertThat(second.setupRoot()).contains(tree);
            assertThat(tree.resolve("later.txt")).as("the environment commit's files").exists();
            assertThat(tree.resolve(".git/objects/info/alternates")).as("a Git folder whole in itself, for the "
                    + "set-up to copy anywhere").doesNotExist();
            try (Git git = Git.open(tree.toFile())) {
                assertThat(git.getRepository().resolve("HEAD").name()).isEqualTo(later);
            }
            assertThat(first.repo().resolve("later.txt")).as("the case's own files").doesNotExist();
            assertThat(atBase.setupRoot()).as("the base commit: its own checkout").isEmpty();
            assertThat(checkouts.diskBytes()).isPositive();
        }
        assertThat(temp.resolve("work/setup-trees")).doesNotExist();
    }

    @Test
    void aTestPatchThatDoesNotApplyIsTheCasesFaultAndAnUnknownCommitIsOneLineOfTheRuntime() {
        String wrong = "--- a/age.py\n+++ b/age.py\n@@ -1,2 +1,2 @@\n-def nothing_like_this():\n-    pass\n+x\n+y\n";
        try (CaseCheckouts checkouts = checkouts()) {
            assertThatThrownBy(() -> checkouts.prepare(spec("age-1", wrong, Optional.empty())))
                    .isInstanceOf(RepofixException.class)
                    .hasMessageContaining("case age-1: its test patch does not apply")
                    .satisfies(e -> assertThat(((RepofixException) e).kind())
                            .isEqualTo(RepofixException.ErrorKind.INPUT));
            assertThatThrownBy(() -> checkouts.prepare(new CaseCheckouts.Spec("age-2", origin.toString(),
                    "0123456789abcdef0123456789abcdef01234567", "", Optional.empty())))
                    .isInstanceOf(RepofixException.class)
                    .hasMessageContaining("no commit 0123456789abcdef0123456789abcdef01234567")
                    .satisfies(e -> assertThat(((RepofixException) e).kind())
                            .isEqualTo(RepofixException.ErrorKind.RUNTIME));
        }
    }


    /** Deletes the loose object file of {@code id} in {@code repo}'s Git folder. */
    private static void deleteObject(Path gitDir, String id) throws Exception {
        Path object = gitDir.resolve("objects").resolve(id.substring(0, 2)).resolve(id.substring(2));
        assertThat(object).as("a loose object").exists();
        Files.delete(object);
    }

    /** A commit before {@code base}: origin's history is old -> base -> later. */
    private String olderHistory() throws Exception {
        Path older = Files.createDirectories(temp.resolve("older"));
        String old;
        try (Git git = Git.init().setDirectory(older.toFile()).setInitialBranch("main").call()) {
            Files.writeString(older.resolve("old.txt"), "an old commit\n");
            git.add().addFilepattern(".").call();
            old = git.commit().setMessage("old").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call().name();
        }
        origin = older;
        Files.writeString(origin.resolve("age.py"), "def is_adult(age):\n    return age > 18\n");
        try (Git git = Git.open(origin.toFile())) {
            git.add().addFilepattern(".").call();
            base = git.commit().setMessage("bug").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call().name();
            Files.writeString(origin.resolve("later.txt"), "a later commit\n");
            git.add().addFilepattern(".").call();
            git.commit().setMessage("later").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call();
        }
        return old;
    }

    @Test
    void aHistoryWithAnOldCommitsObjectMissingStillGivesTheCommitsItHolds() throws Exception {
        String old = olderHistory();
        deleteObject(origin.resolve(".git"), old);

        try (CaseCheckouts checkouts = checkouts()) {
            CaseCheckouts.Checkout c = checkouts.prepare(spec("age-1", TEST_PATCH, Optional.empty()));

            assertThat(c.repo().resolve("tests/test_age.py")).exists();
            assertThat(c.repo().resolve("age.py")).exists();
            assertThat(c.repo().resolve("later.txt")).doesNotExist();
            try (Git git = Git.open(c.repo().toFile())) {
                assertThat(git.getRepository().parseCommit(git.getRepository().resolve(c.commit())).getParent(0)
                        .name()).isEqualTo(base);
            }
        }
        assertThat(origin.resolve(".git/objects/" + base.substring(0, 2) + "/" + base.substring(2)))
                .as("the repository is read, never written").exists();
    }

    @Test
    void aShallowCopyServesTheCommitsItHoldsAndOneItLacksOrWhoseObjectIsGoneIsOneRuntimeErrorOfOneLine()
            throws Exception {
        olderHistory();
        Path shallow = temp.resolve("shallow");
        try (Git git = Git.cloneRepository().setURI(origin.toUri().toString()).setDirectory(shallow.toFile())
                .setDepth(2).call()) {
            assertThat(shallow.resolve(".git/shallow")).exists();
        }
        String lacking;
        try (Git git = Git.open(origin.toFile())) {
            lacking = git.log().call().iterator().next().getParent(0).getParent(0).name();
        }

        try (CaseCheckouts checkouts = checkouts()) {
            CaseCheckouts.Checkout c = checkouts.prepare(new CaseCheckouts.Spec("age-1", shallow.toString(), base,
                    TEST_PATCH, Optional.empty()));
            assertThat(c.repo().resolve("tests/test_age.py")).exists();

            RepofixException notThere = catchRepofix(() -> checkouts.prepare(new CaseCheckouts.Spec("age-2",
                    shallow.toString(), lacking, "", Optional.empty())));
            deleteObject(origin.resolve(".git"), base);
            RepofixException gone = catchRepofix(() -> checkouts.prepare(spec("age-3", "", Optional.empty())));

            for (RepofixException e : java.util.List.of(notThere, gone)) {
                assertThat(e.kind()).isEqualTo(RepofixException.ErrorKind.RUNTIME);
                assertThat(e.getMessage()).doesNotContain("\n").contains("no commit");
            }
        }
    }

    private static RepofixException catchRepofix(Runnable r) {
        try {
            r.run();
        } catch (RepofixException e) {
            return e;
        }
        throw new AssertionError("no RepofixException");
    }
}
