package dev.repofix.repair.propose;

import static dev.repofix.repair.FixtureRepo.errored;
import static dev.repofix.repair.FixtureRepo.frame;
import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.build.PytestBuild;
import dev.repofix.patch.ApplyResult;
import dev.repofix.patch.PatchApplier;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.repair.FixtureRepo;
import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stage 3 of the builtin engine, through {@link BuiltinStages#propose}. */
class TemplateProposerTest {
    private static final String ACCOUNT = "src/main/java/com/acme/Account.java";
    private static final String ACCOUNT_TEST = "src/test/java/com/acme/AccountTest.java";
    private static final String[] ACCOUNT_LINES = {
            "package com.acme;",                          // 1
            "",                                           // 2
            "class Account {",                            // 3
            "    void withdraw(long amount) {",           // 4
            "        if (amount >= balance) {",           // 5
            "            throw new IllegalStateException();", // 6
            "        }",                                  // 7
            "        balance -= amount;",                 // 8
            "    }",                                      // 9
            "}"};
    private static final IssueDraft ISSUE = new IssueDraft("t", "d", "e", "wrong result");

    @TempDir
    Path root;

    @TempDir
    Path copies;

    private final BuiltinStages stages = new BuiltinStages();

    @Test
    void proposesUnifiedDiffsThatApplyToACopyAndChangeOnlyTheSuspectedStatement() throws IOException {
        FixtureRepo repo = mavenRepo();

        List<PatchCandidate> candidates = propose(repo.report(), at(ACCOUNT, 5), at(ACCOUNT, 8));

        assertThat(candidates).isNotEmpty();
        for (PatchCandidate c : candidates) {
            assertThat(c.diff()).startsWith("diff --git a/" + ACCOUNT + " b/" + ACCOUNT + "\n--- a/" + ACCOUNT
                    + "\n+++ b/" + ACCOUNT + "\n@@ ");
            assertThat(c.file()).isEqualTo(ACCOUNT);
            assertThat(c.line()).isIn(5, 8);
            assertThat(c.strategy()).isIn(FixTemplates.java(new JavaTrees()).stream().map(FixTemplate::name).toList());
            assertThat(c.description()).isNotBlank();
            List<String> after = applied(repo, c).lines().toList();
            // The syntax-tree templates may insert a line (a guard) or remove the statement's own
            // line: everything above the suspected line and below it stays as it was.
            assertThat(after.subList(0, c.line() - 1)).containsExactly(Arrays.copyOfRange(ACCOUNT_LINES, 0, c.line() - 1));
            int below = ACCOUNT_LINES.length - c.line();
            assertThat(after.subList(after.size() - below, after.size()))
                    .containsExactly(Arrays.copyOfRange(ACCOUNT_LINES, c.line(), ACCOUNT_LINES.length));
            assertThat(after).isNotEqualTo(List.of(ACCOUNT_LINES));
        }
    }

    @Test
    void proposesTheMostSuspiciousLineFirstAndNumbersCandidatesInOrder() {
        List<PatchCandidate> candidates = propose(mavenRepo().report(), at(ACCOUNT, 5), at(ACCOUNT, 8));

        assertThat(candidates).extracting(PatchCandidate::id).containsExactlyElementsOf(
                IntStream.rangeClosed(1, candidates.size()).mapToObj(i -> "c" + i).toList());
        assertThat(candidates.get(0).line()).isEqualTo(5);
        assertThat(candidates.get(0).strategy()).isEqualTo("relational-op");
    }

    @Test
    void ordersEditsAlongDiagonalsOfLineRankAndEditDepth() {
        List<List<String>> byRank = List.of(List.of("a0", "a1", "a2", "a3"), List.of("b0"), List.of("c0", "c1"));

        assertThat(TemplateProposer.diagonals(byRank))
                .containsExactly("a0", "a1", "b0", "a2", "c0", "a3", "c1");
        assertThat(TemplateProposer.diagonals(byRank, 2)).as("each rank two steps after the one before")
                .containsExactly("a0", "a1", "a2", "b0", "a3", "c0", "c1");
    }

    @Test
    void aTemplatesEditsThatReadLikeTheRepositorysCodeComeFirst() {
        String rates = "src/main/java/com/acme/Rates.java";
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .lines(rates, "package com.acme;", "class Rates {", "    long interest(long balance) {",
                        "        if (balance >= 0) {", "            return 0;", "        }", "        return balance / 50;",
                        "    }", "}")
                .lines(ACCOUNT, "package com.acme;", "class Account {", "    void deposit(long amount) {",
                        "        if (amount <= 0) {", "            throw new IllegalArgumentException();", "        }",
                        "    }", "    void withdraw(long amount) {", "        if (amount <= 0) {",
                        "            throw new IllegalArgumentException();", "        }", "    }", "}");

        List<PatchCandidate> relational = propose(repo.report(), at(rates, 4)).stream()
                .filter(c -> c.strategy().equals("relational-op")).toList();

        // The template's own order puts the boundary twin '>' first, then '<'; two lines of the
        // repository compare a name with '<= 0' and none with '> 0' or '< 0'.
        assertThat(relational).extracting(c -> changedLines(c.diff(), '+'))
                .startsWith("+        if (balance <= 0) {", "+        if (balance > 0) {", "+        if (balance < 0) {");
    }

    @Test
    void aNumberTheFileAlreadyUsesComesFirstAmongATemplatesEdits() {
        String prices = "src/main/java/com/acme/Prices.java";
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .lines(prices, "package com.acme;", "class Prices {", "    static long discounted(long price, long percent) {",
                        "        if (percent > 100) {", "            throw new IllegalArgumentException();", "        }",
                        "        return price * (100 - percent) / 101;", "    }", "}");

        List<PatchCandidate> offByOne = propose(repo.report(), at(prices, 7)).stream()
                .filter(c -> c.strategy().equals("off-by-one")).toList();

        assertThat(offByOne).extracting(c -> changedLines(c.diff(), '+')).first()
                .isEqualTo("+        return price * (100 - percent) / 100;");
    }

    @Test
    void aTemplateWithManyEditsOnALineLeavesTheNextTemplatesAnEarlyTry() {
        String prices = "src/main/java/com/acme/Prices.java";
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .lines(prices, "package com.acme;", "class Prices {", "    static long total(long a, long b, long c) {",
                        "        return a * b - c / 2 + a % 3;", "    }", "}");

        List<PatchCandidate> candidates = propose(repo.report(), at(prices, 4));
        long arithmetic = candidates.stream().filter(c -> c.strategy().equals("arithmetic-op")).count();

        assertThat(arithmetic).as("the line must have many operator edits for this test to mean something")
                .isGreaterThan(8);
        assertThat(candidates.subList(0, 2 * TemplateProposer.TEMPLATE_STRIDE + 2)).extracting(PatchCandidate::strategy)
                .contains("off-by-one");
    }

    @Test
    void aReturnedLiteralsSignIsTriedRightAfterItsMovesByOne() {
        String order = "src/main/java/com/acme/Order.java";
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .lines(order, "package com.acme;", "class Order {", "    static int compare(long a, long b) {",
                        "        if (a < b) {", "            return 1;", "        }", "        return a == b ? 0 : 1;",
                        "    }", "}");

        List<PatchCandidate> candidates = propose(repo.report(), at(order, 5));

        assertThat(candidates.subList(0, 3)).extracting(c -> changedLines(c.diff(), '+')).containsExactlyInAnyOrder(
                "+            return 0;", "+            return 2;", "+            return -1;");
    }

    @Test
    void theShapeOfALineNamesNoIdentifierAndKeepsOperatorsAndNumbers() {
        assertThat(CodeShapes.shape("        if (amount <= 0) {")).isEqualTo(CodeShapes.shape("if (balance <= 0) {"))
                .isEqualTo("if ( ID <= 0 ) {");
        assertThat(CodeShapes.shape("return total(xs, \"a b\") + 1  # note")).isEqualTo("return ID ( ID , S ) + 1 # ID");
        assertThat(CodeShapes.shape("if (amount < 0) {")).isNotEqualTo(CodeShapes.shape("if (amount <= 0) {"));
    }

    @Test
    void aLineWithManyEditsLeavesTheNextSuspectsAnEarlyTry() {
        FixtureRepo repo = mavenRepo();
        List<PatchCandidate> candidates = propose(repo.report(), at(ACCOUNT, 5), at(ACCOUNT, 8));
        long onTop = candidates.stream().filter(c -> c.line() == 5).count();

        assertThat(onTop).as("the fixture's top line must have several edits for this test to mean something")
                .isGreaterThan(2);
        assertThat(candidates.subList(0, 3)).extracting(PatchCandidate::line).contains(8);
    }

    @Test
    void neverEditsTestFiles() {
        FixtureRepo repo = mavenRepo().lines(ACCOUNT_TEST, "class AccountTest {", "    void t() {",
                "        if (a.balance() >= 0) {", "        }", "    }", "}");

        List<PatchCandidate> candidates = propose(repo.report(), at(ACCOUNT_TEST, 3), at(ACCOUNT, 5));

        assertThat(candidates).isNotEmpty().extracting(PatchCandidate::file).containsOnly(ACCOUNT);
        assertThat(candidates).allSatisfy(c -> assertThat(c.diff()).doesNotContain("AccountTest"));
    }

    @Test
    void neverEditsPythonTestFiles() {
        FixtureRepo repo = new FixtureRepo(root, new PytestBuild())
                .lines("inv/stock.py", "def take(stock, qty):", "    if qty > stock:", "        raise KeyError(qty)")
                .lines("tests/test_stock.py", "def test_take():", "    if 1 > 0:", "        take(1, 2)")
                .lines("test_root.py", "def test_root():", "    assert 1 < 2");

        List<PatchCandidate> candidates = propose(repo.report(), at("tests/test_stock.py", 2),
                at("test_root.py", 2), at("inv/stock.py", 2));

        assertThat(candidates).isNotEmpty().extracting(PatchCandidate::file).containsOnly("inv/stock.py");
    }

    @Test
    void keepsCrlfLineEndingsOfTheEditedFile() throws IOException {
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .write(ACCOUNT, String.join("\r\n", ACCOUNT_LINES) + "\r\n");

        List<PatchCandidate> candidates = propose(repo.report(), at(ACCOUNT, 5));

        assertThat(candidates).isNotEmpty().allSatisfy(c -> {
            String after = applied(repo, c);
            assertThat(after.replace("\r\n", "")).doesNotContain("\n", "\r");
            assertThat(after.split("\r\n", -1)).hasSize(ACCOUNT_LINES.length + 1);
            assertThat(after).startsWith("package com.acme;\r\n\r\nclass Account {\r\n").endsWith("}\r\n");
        });
    }

    @Test
    void keepsAMissingFinalNewline() throws IOException {
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild()).write(ACCOUNT, String.join("\n", ACCOUNT_LINES));

        PatchCandidate first = propose(repo.report(), at(ACCOUNT, 5)).get(0);

        assertThat(applied(repo, first)).endsWith("    }\n}");
    }

    @Test
    void removesDuplicateDiffs() {
        FixtureRepo repo = mavenRepo();
        List<PatchCandidate> once = propose(repo.report(), at(ACCOUNT, 5));

        List<PatchCandidate> twice = propose(repo.report(), at(ACCOUNT, 5), at(ACCOUNT, 5));

        assertThat(twice).extracting(PatchCandidate::diff).doesNotHaveDuplicates()
                .containsExactlyElementsOf(once.stream().map(PatchCandidate::diff).toList());
        assertThat(once).hasSize(JavaCandidates.of(ACCOUNT, String.join("\n", ACCOUNT_LINES), 5).size());
    }

    @Test
    void skipsLinesPastTheEndAndFilesItCannotRead() {
        FixtureRepo repo = mavenRepo().write("docs/notes.txt", "a < b\n");

        List<PatchCandidate> candidates = propose(repo.report(), at(ACCOUNT, 40), at("docs/notes.txt", 1),
                at("src/main/java/com/acme/Gone.java", 1));

        assertThat(candidates).isEmpty();
    }

    @Test
    void triesAtMostTwentyFiveSuspectedLines() {
        String body = String.join("\n", IntStream.rangeClosed(1, 30).mapToObj(i -> "a = b < " + i + ";").toList());
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild()).write("src/main/java/Many.java", body + "\n");
        Location[] locations = IntStream.rangeClosed(1, 30).mapToObj(i -> at("src/main/java/Many.java", i))
                .toArray(Location[]::new);

        List<PatchCandidate> candidates = propose(repo.report(), locations);

        assertThat(candidates).extracting(PatchCandidate::line).contains(25).doesNotContain(26, 30);
    }

    @Test
    void proposesForTheLinesTheBuiltinLocalizerFinds() throws IOException {
        FixtureRepo repo = mavenRepo();
        FailureReport report = repo.report(errored("com.acme.AccountTest#withdrawAll", "", "",
                frame(ACCOUNT, 6, "withdraw"), frame(ACCOUNT_TEST, 3, "withdrawAll")));

        Localization localization = stages.localize(report, stages.draftIssue(report));
        List<PatchCandidate> candidates = stages.propose(report, ISSUE, localization);

        assertThat(localization.locations()).extracting(Location::line).containsExactly(6, 5);
        assertThat(candidates).extracting(PatchCandidate::line).containsOnly(5);
        assertThat(applied(repo, candidates.get(0))).contains("        if (amount > balance) {");
    }

    private static final String GATE = "src/main/java/com/acme/Gate.java";

    /** Before, the token templates proposed {@code name <= null}, {@code ok < true} and the like here. */
    @Test
    void neverComparesAStringOrABooleanWithAnOrdering() {
        FixtureRepo repo = gateRepo("if (name <= limit && ok) {");

        List<PatchCandidate> candidates = propose(repo.report(), at(GATE, 5), at(GATE, 8));

        assertThat(candidates).isNotEmpty();
        // The line as written already has `name <= limit`: no candidate may add another ordering of them.
        for (PatchCandidate c : candidates) {
            assertThat(orderings(changedLines(c.diff(), '+'))).as(c.description())
                    .isSubsetOf(orderings(changedLines(c.diff(), '-')));
        }
    }

    /** Orderings that involve the String, the boolean or a null / boolean literal, as written. */
    private static List<String> orderings(String code) {
        return java.util.regex.Pattern.compile("\\b(name|ok)\\s*[<>]=?|[<>]=?\\s*(name|ok|null|true|false)\\b")
                .matcher(code).results().map(r -> r.group().replace(" ", "")).toList();
    }

    /** Before, 8 of the 11 token candidates on line 8 did not compile ({@code name <= null}, {@code ok < true}, ...). */
    @Test
    void everyCandidateOnAWellTypedJavaLineCompiles(@TempDir Path classes) throws IOException {
        FixtureRepo repo = gateRepo("if (name.length() <= limit && ok) {");

        List<PatchCandidate> candidates = propose(repo.report(), at(GATE, 5), at(GATE, 8));

        assertThat(candidates).hasSizeGreaterThan(5);
        for (PatchCandidate c : candidates) {
            assertThat(JavaCandidates.diagnostics("com.acme.Gate", applied(repo, c), classes)).as(c.description())
                    .isEmpty();
        }
    }

    /** Gate.java with {@code line5} as its fifth line; line 8 is {@code return name == null || ok == true;}. */
    private FixtureRepo gateRepo(String line5) {
        return new FixtureRepo(root, new MavenBuild()).lines(GATE,
                "package com.acme;",
                "",
                "public class Gate {",
                "    static boolean open(String name, int limit, boolean ok) {",
                "        " + line5,
                "            return true;",
                "        }",
                "        return name == null || ok == true;",
                "    }",
                "}");
    }

    private static String changedLines(String diff, char side) {
        return String.join("\n", diff.lines().filter(l -> l.length() > 0 && l.charAt(0) == side
                && !l.startsWith("+++") && !l.startsWith("---")).toList());
    }

    private FixtureRepo mavenRepo() {
        return new FixtureRepo(root, new MavenBuild()).lines(ACCOUNT, ACCOUNT_LINES);
    }

    @Test
    void aSuspectedLineOverTheLimitIsSkippedWithANote() {
        String table = "src/main/java/com/acme/Table.java";
        String data = "        if (n <= 0 && \"" + "x".repeat(40_000) + "\".isEmpty()) {";
        FixtureRepo repo = new FixtureRepo(root, new MavenBuild())
                .lines(table, "package com.acme;", "class Table {", "    static void check(int n) {", data,
                        "            throw new IllegalArgumentException();", "        }", "        if (n <= 0) {",
                        "            throw new IllegalStateException();", "        }", "    }", "}");

        List<PatchCandidate> candidates = propose(repo.report(), at(table, 4), at(table, 7));

        assertThat(candidates).isNotEmpty().allSatisfy(c -> assertThat(c.line()).isEqualTo(7));
        assertThat(stages.notes()).contains("skipped line 4 of " + table + ": " + String.format(java.util.Locale.ROOT,
                "%,d", data.length()) + " characters, over the 5,000 the templates read");
    }

    private List<PatchCandidate> propose(FailureReport report, Location... locations) {
        return stages.propose(report, ISSUE, new Localization(List.of(locations)));
    }

    private static Location at(String file, int line) {
        return new Location(file, line, "", 0.5, "test");
    }

    /** The edited file's text after applying {@code c} to a fresh copy of the repository. */
    private String applied(FixtureRepo repo, PatchCandidate c) throws IOException {
        Path copy = Files.createTempDirectory(copies, "copy");
        List<Path> files;
        try (Stream<Path> walk = Files.walk(repo.root())) {
            files = new ArrayList<>(walk.filter(Files::isRegularFile).toList());
        }
        for (Path f : files) {
            Path target = copy.resolve(repo.root().relativize(f).toString());
            Files.createDirectories(target.getParent());
            Files.copy(f, target);
        }

        ApplyResult result = new PatchApplier().apply(copy, c.diff());

        assertThat(result).isInstanceOfSatisfying(ApplyResult.Applied.class,
                a -> assertThat(a.files()).containsExactly(c.file()));
        return Files.readString(copy.resolve(c.file()), StandardCharsets.UTF_8);
    }

    @Test
    void saysInTheNotesWhichSuspectedLanguageHasNoTemplateYetInsteadOfProposingNothingSilently() {
        FixtureRepo repo = mavenRepo().write("lib/calc.rb", "def max(a, b)\n  a < b ? a : b\nend\n")
                .write("docs/notes.txt", "a < b\n");

        List<PatchCandidate> candidates = propose(repo.report(), at("lib/calc.rb", 2), at("docs/notes.txt", 1),
                at(ACCOUNT, 5));

        assertThat(candidates).isNotEmpty().extracting(PatchCandidate::file).containsOnly(ACCOUNT);
        assertThat(stages.notes()).containsExactly("no template for Ruby yet (lib/calc.rb)");
    }
}
