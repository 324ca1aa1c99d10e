package dev.repofix.eval.mine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.CaseLine;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.cases.ReferenceLocations;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryMinerTest {
    @TempDir
    Path temp;

    private Path repo;
    private Map<String, String> commits;

    @BeforeEach
    void history() throws Exception {
        repo = temp.resolve("shop");
        commits = FixHistory.write(repo);
    }

    private HistoryMiner.MinedFix fix(HistoryMiner.Mining mining, String name) {
        return mining.fixes().stream().filter(f -> f.commit().equals(commits.get(name))).findFirst().orElseThrow();
    }

    @Test
    void findsTheFixCommitsAndCountsWhyEveryOtherCommitGaveNoCase() {
        HistoryMiner.Mining mining = new HistoryMiner(IssueTracker.none()).mine(repo, "HEAD", Optional.empty());

        assertThat(mining.fixes()).extracting(HistoryMiner.MinedFix::commit)
                .containsExactly(commits.get("comment"), commits.get("tax"), commits.get("clamp"));
        assertThat(mining.skipped()).containsExactlyInAnyOrderEntriesOf(Map.of(
                HistoryMiner.Skip.ROOT, 1, HistoryMiner.Skip.MERGE, 1, HistoryMiner.Skip.NOT_A_FIX, 3,
                HistoryMiner.Skip.NO_SOURCE_CHANGE, 1, HistoryMiner.Skip.NO_LOCATION, 1));
    }

    @Test
    void aFixIsBasedOnItsParentWithItsDiffSplitIntoSourceAndTests() {
        HistoryMiner.MinedFix clamp = fix(new HistoryMiner(IssueTracker.none()).mine(repo, "main", Optional.empty()),
                "clamp");

        assertThat(clamp.parent()).isEqualTo(commits.get("root"));
        assertThat(clamp.language()).isEqualTo("python");
        assertThat(clamp.sourceFiles()).containsExactly("price.py");
        assertThat(clamp.patch().source()).contains("-        return low").contains("+        return high")
                .doesNotContain("tests/").as("CI configuration is no part of a case").doesNotContain(".github");
        assertThat(clamp.patch().test()).startsWith("diff --git a/tests/test_price.py b/tests/test_price.py")
                .contains("+def test_clamp_above_high():");
        assertThat(ReferenceLocations.derive(clamp.patch().source())).containsExactly(new CaseLine("price.py", 10));
    }

    @Test
    void casesAreTaggedSingleOrMultiFileAndNameTheTestsTheTestChangeAdds() {
        HistoryMiner.Mining mining = new HistoryMiner(IssueTracker.none()).mine(repo, "HEAD", Optional.empty());

        EvalCase tax = MinedCases.of("m", repo.toString(), fix(mining, "tax"),
                MinedCases.testsNamed(fix(mining, "tax")), List.of(), false);
        EvalCase clamp = MinedCases.of("m", repo.toString(), fix(mining, "clamp"),
                MinedCases.testsNamed(fix(mining, "clamp")), List.of(), false);

        assertThat(tax.tags()).containsExactly("mined", "multi-file");
        assertThat(tax.failToPass()).containsExactly("tests/test_tax.py::test_with_tax_in_percent");
        assertThat(tax.baseCommit()).isEqualTo(commits.get("imports"));
        assertThat(clamp.tags()).containsExactly("mined", "single-file");
        assertThat(clamp.id()).isEqualTo("m-" + commits.get("clamp").substring(0, 12));
        assertThat(clamp.issue().title()).isEqualTo("Fix clamp returning low above high");
        assertThat(clamp.createdAt()).contains("2026-01-02T10:00:00Z");
        assertThat(new CaseFile().problems(clamp)).isEmpty();
        assertThat(MinedCases.testsNamed(fix(mining, "comment"))).isEmpty();
    }

    @Test
    void aCommitThatClosesABugIssueIsAFixEvenWithoutTheWordsAndTakesItsIssue() {
        IssueTracker tracker = n -> n == 7 ? Optional.of(new IssueTracker.TrackedIssue(7, "Average of an empty cart",
                "It raises ZeroDivisionError.", List.of("type: bug"))) : Optional.empty();

        HistoryMiner.Mining mining = new HistoryMiner(tracker).mine(repo, "HEAD", Optional.empty());

        HistoryMiner.MinedFix average = fix(mining, "average");
        assertThat(mining.skipped()).containsEntry(HistoryMiner.Skip.NOT_A_FIX, 2);
        assertThat(average.issues()).extracting(IssueTracker.TrackedIssue::number).containsExactly(7);
        // A pure addition: the lines around the insertion are the locations.
        assertThat(ReferenceLocations.derive(average.patch().source()))
                .containsExactly(new CaseLine("price.py", 15), new CaseLine("price.py", 16));
        EvalCase kase = MinedCases.of("m", repo.toString(), average, MinedCases.testsNamed(average), List.of(), false);
        assertThat(kase.issue()).isEqualTo(new ReferenceIssue("Average of an empty cart",
                "It raises ZeroDivisionError."));
        assertThat(kase.tags()).contains("closes-7");
    }

    @Test
    void anIssueThatIsNoBugLeavesTheCommitOut() {
        IssueTracker tracker = n -> Optional.of(new IssueTracker.TrackedIssue(n, "Support empty carts",
                "A feature request.", List.of("enhancement")));

        HistoryMiner.Mining mining = new HistoryMiner(tracker).mine(repo, "HEAD", Optional.empty());

        assertThat(mining.fixes()).extracting(HistoryMiner.MinedFix::commit).doesNotContain(commits.get("average"));
    }

    @Test
    void sinceLeavesOutTheCommitsMadeBefore() {
        HistoryMiner.Mining mining = new HistoryMiner(IssueTracker.none()).mine(repo, "HEAD",
                Optional.of(FixHistory.START.plusSeconds(86_400L * 4)));

        assertThat(mining.fixes()).extracting(HistoryMiner.MinedFix::commit)
                .containsExactly(commits.get("comment"), commits.get("tax"));
        assertThat(mining.skipped()).doesNotContainKey(HistoryMiner.Skip.ROOT);
    }

    @Test
    void anUnknownRefIsAnInputError() {
        assertThatThrownBy(() -> new HistoryMiner(IssueTracker.none()).mine(repo, "no-such-branch", Optional.empty()))
                .isInstanceOf(RepofixException.class).hasMessageContaining("no commit no-such-branch");
    }

    @Test
    void aJavaFixWhoseTestIsNamedOnItsAnnotationsLineNamesThatTest() throws Exception {
        Path java = temp.resolve("breaker");
        try (dev.repofix.workspace.TestRepo r = dev.repofix.workspace.TestRepo.init(java)) {
            r.write("src/main/java/p/Breaker.java", """
                    package p;

                    class Breaker {
                        int failures;

                        boolean halfOpen() {
                            return failures > 3;
                        }
                    }
                    """).write("src/test/java/p/BreakerTest.java", """
                    package p;

                    import org.junit.jupiter.api.Test;

                    class BreakerTest {
                        @Test void closed() { assertFalse(new Breaker().halfOpen()); }
                    }
                    """);
            r.commit("breaker");
            r.write("src/main/java/p/Breaker.java", """
                    package p;

                    class Breaker {
                        int failures;

                        boolean halfOpen() {
                            return failures >= 3;
                        }
                    }
                    """).write("src/test/java/p/BreakerTest.java", """
                    package p;

                    import org.junit.jupiter.api.Test;
                    import org.junit.jupiter.params.ParameterizedTest;
                    import org.junit.jupiter.params.provider.ValueSource;

                    class BreakerTest {
                        @Test void closed() { assertFalse(new Breaker().halfOpen()); }

                        @Test void halfOpen() {
                            Breaker b = new Breaker();
                            b.failures = 3;
                            assertTrue(b.halfOpen());
                        }

                        @ParameterizedTest @ValueSource(ints = {3, 4}) void halfOpenFrom(int n) {
                            Breaker b = new Breaker();
                            b.failures = n;
                            assertTrue(b.halfOpen());
                        }
                    }
                    """);
            r.commit("Fix half-open at exactly three failures");
        }

        HistoryMiner.Mining mining = new HistoryMiner(IssueTracker.none()).mine(java, "HEAD", Optional.empty());

        assertThat(mining.fixes()).hasSize(1);
        assertThat(MinedCases.testsNamed(mining.fixes().get(0)))
                .containsExactly("p.BreakerTest#halfOpen", "p.BreakerTest#halfOpenFrom");
    }
}
