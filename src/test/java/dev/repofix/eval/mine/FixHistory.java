package dev.repofix.eval.mine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.MergeCommand;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;

/**
 * A pytest repository with a history to mine, one commit a day from {@link #START}, by name:
 * {@code root}; {@code clamp} (a one-line fix with its test); {@code readme} ("debug" is no
 * fix word); {@code testOnly} (a fix message over a test change only); {@code imports} (a fix
 * that only adds an import); {@code tax} (a two-file fix on a branch) and {@code merge} (its
 * merge); {@code average} (closes #7, a pure addition, no fix word); {@code comment} (a fix
 * message over a comment change no test shows).
 */
public final class FixHistory {
    public static final Instant START = Instant.parse("2026-01-01T10:00:00Z");

    static final String PRICE = """
            def discount(total, percent):
                return total - total * percent / 100


            def clamp(value, low, high):
                # keep value within [low, high]
                if value < low:
                    return low
                if value > high:
                    return low
                return value


            def average(values):
                return sum(values) / len(values)
            """;
    static final String TAX = """
            def with_tax(amount, rate):
                return amount + amount * rate
            """;
    static final String TESTS = """
            from price import discount, clamp, average
            from tax import with_tax


            def test_discount():
                assert discount(200, 10) == 180


            def test_average():
                assert average([1, 2, 3]) == 2
            """;

    private FixHistory() {}

    /** Writes the repository at {@code dir}; returns the commits by name. */
    public static Map<String, String> write(Path dir) throws IOException, GitAPIException {
        Map<String, String> commits = new LinkedHashMap<>();
        Files.createDirectories(dir.resolve("tests"));
        Files.createDirectories(dir.resolve(".github/workflows"));
        try (Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call()) {
            write(dir, "pytest.ini", "[pytest]\npythonpath = .\n");
            write(dir, "price.py", PRICE);
            write(dir, "tax.py", TAX);
            write(dir, "tests/test_price.py", TESTS);
            write(dir, "README.md", "# shop\n");
            write(dir, ".github/workflows/ci.yml", "on: push\njobs: {}\n");
            commits.put("root", commit(git, "Initial shop", 0));

            write(dir, "price.py", read(dir, "price.py").replace("    if value > high:\n        return low",
                    "    if value > high:\n        return high"));
            write(dir, "tests/test_price.py", read(dir, "tests/test_price.py") + """


                    def test_clamp_above_high():
                        assert clamp(12, 0, 10) == 10
                    """);
            // The fix also touches CI, as real fixes do; a case's patch may never carry that part.
            write(dir, ".github/workflows/ci.yml", "on: [push, pull_request]\njobs: {}\n");
            commits.put("clamp", commit(git, "Fix clamp returning low above high", 1));

            write(dir, "README.md", "# shop\n\nRun with debug logging: set LOG=debug.\n");
            commits.put("readme", commit(git, "Document debug logging", 2));

            write(dir, "tests/test_price.py", read(dir, "tests/test_price.py").replace("test_discount()",
                    "test_discount_of_ten_percent()"));
            commits.put("testOnly", commit(git, "fix the test name", 3));

            write(dir, "price.py", "import math\n" + read(dir, "price.py"));
            commits.put("imports", commit(git, "Fix missing import", 4));

            git.branchCreate().setName("tax").call();
            git.checkout().setName("tax").call();
            write(dir, "tax.py", TAX.replace("amount * rate", "amount * rate / 100"));
            write(dir, "price.py", read(dir, "price.py").replace("return total - total * percent / 100",
                    "return round(total - total * percent / 100, 2)"));
            write(dir, "tests/test_tax.py", """
                    from tax import with_tax


                    def test_with_tax_in_percent():
                        assert with_tax(100, 20) == 120
                    """);
            commits.put("tax", commit(git, "Fixed tax rates: they are percentages", 5));
            git.checkout().setName("main").call();
            write(dir, "README.md", read(dir, "README.md") + "\nA shop.\n");
            commits.put("readme2", commit(git, "Describe the shop", 6));
            git.merge().include(git.getRepository().resolve("tax"))
                    .setFastForward(MergeCommand.FastForwardMode.NO_FF).setCommit(false).call();
            commits.put("merge", commit(git, "Merge branch 'tax' (fix)", 7));

            write(dir, "price.py", read(dir, "price.py").replace("def average(values):\n",
                    "def average(values):\n    if not values:\n        return 0\n"));
            write(dir, "tests/test_price.py", read(dir, "tests/test_price.py") + """


                    def test_average_of_nothing():
                        assert average([]) == 0
                    """);
            commits.put("average", commit(git, "Handle an empty cart\n\nCloses #7", 8));

            write(dir, "price.py", read(dir, "price.py").replace("# keep value within [low, high]",
                    "# clamp value to [low, high]"));
            commits.put("comment", commit(git, "Fix the wording of a comment", 9));
        }
        return commits;
    }

    private static String commit(Git git, String message, int day) throws GitAPIException {
        PersonIdent who = new PersonIdent("dev", "dev@example.org", START.plusSeconds(86_400L * day), ZoneOffset.UTC);
        git.add().addFilepattern(".").call();
        return git.commit().setMessage(message).setAuthor(who).setCommitter(who).setSign(false).call().name();
    }

    private static void write(Path dir, String path, String text) throws IOException {
        Files.writeString(dir.resolve(path), text);
    }

    private static String read(Path dir, String path) throws IOException {
        return Files.readString(dir.resolve(path));
    }
}
