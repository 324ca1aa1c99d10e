package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class PullRequestCommentTest {
    private static final GitHubTarget TARGET = new GitHubTarget(URI.create("https://api.github.example"),
            URI.create("https://github.example/"), "acme/bank", OptionalInt.of(7), "0123456789abcdef0123");

    @Test
    void theCommentSaysWhenTheTestsCannotTellTheFixFromAnotherPatch() {
        String comment = PullRequestComment.render(RunResults.fixedAmongAlternatives(), TARGET);

        assertThat(comment).contains("the tests do not pin this down").contains("negated the condition");
    }

    @Test
    void theCommentNamesAnInputWhereTheFixAndAnotherPatchDiffer() {
        String comment = PullRequestComment.render(RunResults.fixedAmongAlternativesProbed(
                new dev.repofix.validate.BehaviourComparison.Differs("f([])", "returns 0", "throws IndexError", 2)),
                TARGET);

        assertThat(comment).contains("The tests do not pin this down: on `f([])` the fix returns `0`, the alternative "
                + "throws `IndexError`");
    }

    @Test
    void startsWithTheMarkerAndTheVerdictThenLinksTheLinesAtTheHeadCommit() {
        String body = PullRequestComment.render(RunResults.fixed(), TARGET);

        assertThat(body).startsWith(PullRequestComment.MARKER + "\n### repofix: ");
        assertThat(body).contains("https://github.example/acme/bank/blob/0123456789abcdef0123/"
                + RunResults.ACCOUNT + "#L");
        assertThat(body).contains("<details><summary>Patch</summary>").contains("~~~diff")
                .contains("FAIL_TO_PASS: 2 of 2 now pass").contains("PASS_TO_PASS: all 7 still pass");
    }

    /** A file name is the repository's text: encoded in the link, and no link at all where it would leave the file. */
    @Test
    void linksALineByItsEncodedPathAndNeverOutOfTheRepository() {
        RunResult r = RunResults.copy(RunResults.notFixed(), Optional.empty(), Optional.of(new Localization(List.of(
                new Location("src/a b)(x](y.py", 3, "x", 0.9, "odd name"),
                new Location("../../evil/repo/blob/main/x.py", 4, "y", 0.8, "leaves the tree")))), "", List.of());

        String body = PullRequestComment.render(r, TARGET);

        assertThat(body).contains("1. [`src/a b)(x](y.py:3`](<https://github.example/acme/bank/blob/0123456789abcdef0123/"
                + "src/a%20b%29%28x%5D%28y.py#L3>) `x`: odd name\n")
                .contains("2. `../../evil/repo/blob/main/x.py:4` `y`: leaves the tree\n");
    }

    @Test
    void aRunWithoutFixHasNoPatchBlock() {
        String body = PullRequestComment.render(RunResults.notFixed(), TARGET);

        assertThat(body).doesNotContain("<details>").doesNotContain("FAIL_TO_PASS");
    }

    @Test
    void aHugePatchIsCutToFitGitHubsCommentLimit() {
        RunResult fixed = RunResults.fixed();
        PatchCandidate f = fixed.fix().orElseThrow();
        PatchCandidate huge = new PatchCandidate(f.id(), f.strategy(), f.file(), f.line(), f.description(),
                PatchText.read(f.diff() + "+x\n".repeat(40_000)));
        RunResultBuilder b = RunResultBuilder.from(fixed);
        b.candidates = fixed.candidates().stream().map(c -> c.id().equals(huge.id())
                ? new dev.repofix.pipeline.CandidateRecord(huge, c.validation()) : c).toList();
        RunResult r = b.build();

        String body = PullRequestComment.render(r, TARGET);

        assertThat(body.length()).isLessThan(65_536);
        assertThat(body).contains("the whole patch is fix.patch in the report artifact");
    }
}
