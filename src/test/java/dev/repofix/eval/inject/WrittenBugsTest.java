package dev.repofix.eval.inject;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import dev.repofix.workspace.TestRepo;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bugs written by hand ({@code bench repair --bugs}): read from JSON Lines, put on their lines, refused when not there. */
class WrittenBugsTest {
    private static final String CALC = """
            def add(a, b):
                total = a + b
                seen.add(total)
                return total
            """;

    @TempDir
    Path dir;

    @Test
    void readsOneBugALineSkippingBlankAndCommentLines() throws Exception {
        Path file = Files.writeString(dir.resolve("bugs.jsonl"), """
                # compound-op, by hand
                {"repo": "calc", "file": "calc.py", "line": 2, "original": "+", "buggy": "-", "family": "compound-op"}

                {"file": "calc.py", "line": 3, "original": "seen.add(total)", "buggy": "", "family": "insert-statement"}
                """);

        List<WrittenBugs.Bug> bugs = WrittenBugs.read(file);

        assertThat(bugs).containsExactly(
                new WrittenBugs.Bug(Optional.of("calc"), "calc.py", 2, "+", "-", "compound-op"),
                new WrittenBugs.Bug(Optional.empty(), "calc.py", 3, "seen.add(total)", "", "insert-statement"));
        assertThat(bugs.get(0).isFor("calc")).isTrue();
        assertThat(bugs.get(0).isFor("other")).isFalse();
        assertThat(bugs.get(1).isFor("other")).isTrue();
    }

    @Test
    void refusesALineThatIsNoBugNamingTheLine() throws Exception {
        Path file = Files.writeString(dir.resolve("bugs.jsonl"), """
                {"file": "calc.py", "line": 2, "original": "+", "buggy": "-", "family": "compound-op"}
                {"file": "calc.py", "line": "two", "original": "+", "buggy": "-", "family": "compound-op"}
                """);

        assertThatThrownBy(() -> WrittenBugs.read(file)).isInstanceOf(RepofixException.class)
                .hasMessageContaining("line 2 is no written bug");
    }

    @Test
    void putsEachBugOnItsLineAndADeletedStatementLeavesTheLineBlank() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            List<BugInjector.Injection> injections = WrittenBugs.injections(ws, List.of(
                    new WrittenBugs.Bug(Optional.empty(), "calc.py", 2, "a + b", "a - b", "compound-op"),
                    new WrittenBugs.Bug(Optional.empty(), "calc.py", 3, "seen.add(total)", "", "insert-statement")));

            assertThat(injections).extracting(BugInjector.Injection::line, BugInjector.Injection::original,
                    BugInjector.Injection::buggy).containsExactly(
                            org.assertj.core.groups.Tuple.tuple(2, "    total = a + b", "    total = a - b"),
                            org.assertj.core.groups.Tuple.tuple(3, "    seen.add(total)", ""));
            assertThat(injections.get(1).maker().label()).isEqualTo("family:insert-statement");
        }
    }

    @Test
    void refusesEveryBugWhoseTextIsNotOnceOnItsLineSayingWhich() throws Exception {
        try (TestRepo repo = TestRepo.init(dir.resolve("repo")); Workspace ws = open(repo)) {
            List<WrittenBugs.Bug> bugs = List.of(
                    new WrittenBugs.Bug(Optional.empty(), "calc.py", 2, "a * b", "a / b", "compound-op"),
                    new WrittenBugs.Bug(Optional.empty(), "calc.py", 4, "return total", "return 0", "wrap-call"),
                    new WrittenBugs.Bug(Optional.empty(), "calc.py", 2, "a", "b", "call-argument"),
                    new WrittenBugs.Bug(Optional.empty(), "calc.py", 9, "x", "y", "receiver"),
                    new WrittenBugs.Bug(Optional.empty(), "none.py", 1, "x", "y", "receiver"));

            assertThatThrownBy(() -> WrittenBugs.injections(ws, bugs)).isInstanceOf(RepofixException.class)
                    .hasMessageContaining("4 written bug(s) refused")
                    .hasMessageContaining("calc.py:2: `a * b` is not on the line")
                    .hasMessageContaining("calc.py:2: `a` is more than once on the line")
                    .hasMessageContaining("calc.py:9: no such file or line")
                    .hasMessageContaining("none.py:1: no such file or line")
                    .hasMessageNotContaining("calc.py:4");
        }
    }

    private Workspace open(TestRepo repo) throws Exception {
        repo.write("calc.py", CALC);
        repo.commit("calc");
        return new Workspaces(dir.resolve("work"), Duration.ofMinutes(1)).open(repo.dir().toString(), Optional.empty());
    }
}
