package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.PythonTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One realistic bug per Python family: the family proposes the fix, and the patched module
 * passes its own small assertion under python3 (in the test). A bug is written as the
 * module with a marked line {@code #BUG}, the fixed line and a check that the fix passes.
 */
class PythonFixTemplatesTest {
    private static final String PATH = "pkg/demo.py";

    @TempDir
    Path dir;

    @Test
    void arithmeticOperatorFixesASubtractionInAdd() {
        assertFixes("arithmetic-op", """
                def add(a, b):
                    return a - b  #BUG
                """, "    return a + b  #BUG", "assert add(2, 3) == 5");
    }

    @Test
    void arithmeticOperatorTurnsTrueDivisionIntoIntegerDivision() {
        assertFixes("arithmetic-op", """
                def middle(lo, hi):
                    return (lo + hi) / 2  #BUG
                """, "    return (lo + hi) // 2  #BUG", "assert middle(1, 4) == 2 and isinstance(middle(1, 4), int)");
    }

    @Test
    void twoWrongVariableEditsOfOneNameAreDescribedByTheTextAroundEach() {
        List<PythonCandidates.Candidate> wrong = PythonCandidates.of(PATH, """
                def lcm(a, b):
                    return abs(a * b) // gcd(a, a)
                """, 2).stream().filter(c -> c.strategy().equals("wrong-variable")).toList();

        assertThat(wrong).extracting(PythonCandidates.Candidate::description)
                .contains("`gcd(a, a)` -> `gcd(b, a)`", "`a, a)` -> `a, b)`").doesNotHaveDuplicates();
    }

    @Test
    void arithmeticNeverMultipliesByOne() {
        List<PythonCandidates.Candidate> candidates = assertFixes("off-by-one", """
                def last(xs, k):
                    return xs[k - 1]  #BUG
                """, "    return xs[k]  #BUG", "assert last([1, 2, 3], 2) == 3");

        assertThat(candidates).filteredOn(c -> c.strategy().equals("arithmetic-op")).isNotEmpty()
                .extracting(PythonCandidates.Candidate::patched).noneMatch(p -> p.contains("k * 1"));
        assertThat(candidates).extracting(PythonCandidates.Candidate::patched).as("the offset is dropped, not moved to 0")
                .noneMatch(p -> p.contains("k - 0")).anyMatch(p -> p.contains("xs[k - 2]"));
    }

    @Test
    void arithmeticOperatorOnAStringOffersOnlyConcatenation() {
        List<PythonCandidates.Candidate> candidates = assertFixes("arithmetic-op", """
                def shout(s):
                    return s.upper() - "!"  #BUG
                """, "    return s.upper() + \"!\"  #BUG", "assert shout('hi') == 'HI!'");

        assertThat(candidates).filteredOn(c -> c.strategy().equals("arithmetic-op")).hasSize(1);
    }

    @Test
    void relationalOperatorMovesTheBoundary() {
        assertFixes("relational-op", """
                def needs_restock(quantity, reorder_level):
                    return quantity < reorder_level  #BUG
                """, "    return quantity <= reorder_level  #BUG", "assert needs_restock(5, 5)");
    }

    @Test
    void theComparisonsOfAChainTakeTurns() {
        List<PythonCandidates.Candidate> relational = PythonCandidates.of(PATH, """
                def check(percent):
                    if not 0 <= percent > 100:
                        raise ValueError(percent)
                """, 2).stream().filter(c -> c.strategy().equals("relational-op")).toList();

        assertThat(relational.subList(0, 4)).extracting(PythonCandidates.Candidate::patched)
                .anyMatch(p -> p.contains("if not 0 <= percent <= 100:"));
    }

    @Test
    void offByOneWidensARangeBound() {
        assertFixes("off-by-one", """
                def total(xs):
                    s = 0
                    for i in range(len(xs) - 1):  #BUG
                        s += xs[i]
                    return s
                """, "    for i in range(len(xs)):  #BUG", "assert total([1, 2, 3]) == 6");
    }

    @Test
    void offByOneMovesANegatedLiteralAsASignedNumber() {
        List<PythonCandidates.Candidate> candidates = assertFixes("off-by-one", """
                def total(xs):
                    s = -1  #BUG
                    for x in xs:
                        s += x
                    return s
                """, "    s = 0  #BUG", "assert total([1, 2]) == 3");
        assertThat(candidates).extracting(PythonCandidates.Candidate::patched).noneMatch(p -> p.contains("-0"))
                .anyMatch(p -> p.contains("s = -2"));
    }

    @Test
    void negateConditionKeepsTheParenthesesOfAClauseThatBindsLooserThanNot() {
        List<PythonCandidates.Candidate> candidates = assertFixes("negate-condition", """
                def label(a, b):
                    if a > 0 and not (b or a > 5):  #BUG
                        return "yes"
                    return "no"
                """, "    if a > 0 and (b or a > 5):  #BUG", "assert label(6, False) == 'yes' and label(1, False) == 'no'");

        assertThat(candidates).extracting(PythonCandidates.Candidate::patched).noneMatch(p -> p.contains("and b or"));
    }

    @Test
    void relationalOperatorUnderANotIsWrittenAsItsComplementWithoutTheNot() {
        List<PythonCandidates.Candidate> candidates = assertFixes("relational-op", """
                def label(count):
                    if not (count <= 10):  #BUG
                        return "many"
                    return "few"
                """, "    if count >= 10:  #BUG", "assert label(10) == 'many' and label(3) == 'few'");

        assertThat(candidates).filteredOn(c -> c.strategy().equals("relational-op"))
                .extracting(PythonCandidates.Candidate::patched).noneMatch(p -> p.contains("not ("))
                .anyMatch(p -> p.contains("if count != 10:"));
    }

    @Test
    void offByOneWritesAMovedLiteralWithItsDigitGroups() {
        assertFixes("off-by-one", """
                def per_mille(amount):
                    return amount * 1_000 // 10_001  #BUG
                """, "    return amount * 1_000 // 10_000  #BUG", "assert per_mille(30) == 3");
    }

    @Test
    void logicalOperatorTurnsADisjunctionIntoARangeCheck() {
        assertFixes("logical-op", """
                def within(v, lo, hi):
                    return v >= lo or v <= hi  #BUG
                """, "    return v >= lo and v <= hi  #BUG", "assert not within(9, 1, 5) and within(3, 1, 5)");
    }

    @Test
    void negateConditionDropsAWrongNot() {
        assertFixes("negate-condition", """
                def label(items):
                    if not items:  #BUG
                        return "some"
                    return "none"
                """, "    if items:  #BUG", "assert label([1]) == 'some' and label([]) == 'none'");
    }

    @Test
    void negateConditionNeverWrapsANotInAnotherNot() {
        List<PythonCandidates.Candidate> candidates = assertFixes("negate-condition", """
                def label(count):
                    if not (many(count)):  #BUG
                        return "many"
                    return "few"

                def many(count):
                    return count >= 10
                """, "    if many(count):  #BUG", "assert label(12) == 'many' and label(3) == 'few'");

        assertThat(candidates).extracting(PythonCandidates.Candidate::patched).noneMatch(p -> p.contains("not (not"));
    }

    @Test
    void noneCheckGuardsADereferenceAtTheStatementsIndentation() {
        assertFixes("none-check", """
                def initials(name):
                    if name == '':
                        return ''
                    first = name.strip()[0]  #BUG
                    return first.upper()
                """, "    if name is None:\n        return None\n    first = name.strip()[0]  #BUG",
                "assert initials(None) is None and initials(' ada') == 'A'");
    }

    @Test
    void returnValueFlipsABooleanLiteral() {
        assertFixes("return-value", """
                def is_empty(xs):
                    for _ in xs:
                        return False
                    return False  #BUG
                """, "    return True  #BUG", "assert is_empty([]) and not is_empty([1])");
    }

    @Test
    void wrongVariablePrefersAnotherParameter() {
        List<PythonCandidates.Candidate> candidates = assertFixes("wrong-variable", """
                LIMIT = 10

                def area(width, height):
                    return width * width  #BUG
                """, "    return width * height  #BUG", "assert area(2, 3) == 6");
        assertThat(candidates.stream().filter(c -> c.strategy().equals("wrong-variable")).findFirst().orElseThrow()
                .description()).as("a parameter before a global").contains("height");
    }

    @Test
    void missingSelfReadsTheAttribute() {
        assertFixes("missing-self", """
                class Counter:
                    def __init__(self):
                        self.count = 0

                    def bump(self):
                        self.count = count + 1  #BUG
                        return self.count
                """, "        self.count = self.count + 1  #BUG", "c = Counter(); c.bump(); assert c.bump() == 2");
    }

    @Test
    void swapArgumentsFixesAnArgumentOrder() {
        assertFixes("swap-args", """
                def power(base, exponent):
                    return base ** exponent

                def square(x):
                    return power(2, x)  #BUG
                """, "    return power(x, 2)  #BUG", "assert square(3) == 9");
    }

    @Test
    void similarMethodTakesTheOtherEnd() {
        assertFixes("similar-method", """
                def is_python(filename):
                    return filename.startswith('.py')  #BUG
                """, "    return filename.endswith('.py')  #BUG", "assert is_python('a.py')");
    }

    @Test
    void similarMethodTakesTheOtherSideOfABisection() {
        assertFixes("similar-method", """
                import bisect

                def count_at_most(sorted_xs, limit):
                    return bisect.bisect_left(sorted_xs, limit)  #BUG
                """, "    return bisect.bisect_right(sorted_xs, limit)  #BUG", "assert count_at_most([1, 2, 2, 3], 2) == 3");
    }

    @Test
    void removeStatementDropsAStrayUpdate() {
        assertFixes("remove-statement", """
                def clamp_all(xs, hi):
                    out = []
                    for x in xs:
                        out.append(min(x, hi))
                        out.append(x)  #BUG
                    return out
                """, "", "assert clamp_all([1, 9], 5) == [1, 5]");
    }

    @Test
    void neverOrdersAgainstNoneABoolOrAStrLiteral() {
        String source = """
                def check(name, ok, s, n):
                    return name == None or ok == True or s != 'a' or n < 3  #BUG
                """;
        List<PythonCandidates.Candidate> candidates = PythonCandidates.of(PATH, source, 2);

        List<String> lines = candidates.stream().map(c -> c.patched().lines().toList().get(1)).toList();
        assertThat(lines).isNotEmpty()
                .noneMatch(l -> l.matches(".*(<|>|<=|>=) ?(None|True|False|'a').*"))
                .noneMatch(l -> l.matches(".*'a' ?(<|>|<=|>=).*"));
        assertThat(lines).as("equality still flips, and the number's comparison still moves").contains(
                "    return name != None or ok == True or s != 'a' or n < 3  #BUG",
                "    return name == None or ok != True or s != 'a' or n < 3  #BUG",
                "    return name == None or ok == True or s == 'a' or n < 3  #BUG",
                "    return name == None or ok == True or s != 'a' or n <= 3  #BUG");
    }

    @Test
    void fallsBackToTheTokenTemplatesWhenPython3IsNotOnThePath() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("no-python"));
        var byLanguage = FixTemplates.byLanguage(new PythonTrees(empty.toString(), Duration.ofSeconds(5)));
        SourceFile file = SourceFile.of(PATH, "def add(a, b):\n    return a < b\n");

        List<FixTemplate> templates = byLanguage.apply(file);

        assertThat(templates).extracting(FixTemplate::name).isEqualTo(
                FixTemplates.defaults().stream().map(FixTemplate::name).toList());
        assertThat(FixTemplates.propose(templates, file, 2)).extracting(LineEdit::replacement)
                .contains("    return a <= b");
    }

    @Test
    void fallsBackToTheTokenTemplatesWhenTheFileDoesNotParse() {
        var byLanguage = FixTemplates.byLanguage(PythonCandidates.trees());

        assertThat(byLanguage.apply(SourceFile.of(PATH, "def add(a, b)\n    return a < b\n")))
                .extracting(FixTemplate::name).doesNotContain("arithmetic-op");
        assertThat(byLanguage.apply(SourceFile.of(PATH, "def add(a, b):\n    return a < b\n")))
                .extracting(FixTemplate::name).contains("arithmetic-op", "none-check");
    }

    /** The family proposes {@code fixed} for the marked line, the result parses and passes {@code check}. */
    private List<PythonCandidates.Candidate> assertFixes(String family, String source, String fixed, String check) {
        int line = source.lines().toList().indexOf(source.lines().filter(l -> l.contains("#BUG")).findFirst()
                .orElseThrow()) + 1;
        List<PythonCandidates.Candidate> candidates = PythonCandidates.of(PATH, source, line);
        String expected = fixed.isEmpty() ? source.replaceAll("(?m)^.*#BUG\\n", "")
                : source.replaceAll("(?m)^.*#BUG$", java.util.regex.Matcher.quoteReplacement(fixed));
        assertThat(candidates).as(candidates.toString())
                .anySatisfy(c -> {
                    assertThat(c.strategy()).isEqualTo(family);
                    assertThat(c.patched()).isEqualTo(expected);
                });
        assertThat(PythonCandidates.parses(dir, expected)).isTrue();
        PythonCandidates.Result run = PythonCandidates.python(dir, expected + "\n" + check + "\n");
        assertThat(run.exitCode()).as(run.output()).isZero();
        assertThat(PythonCandidates.python(dir, source + "\n" + check + "\n").exitCode())
                .as("the bug fails the check").isNotZero();
        return candidates;
    }
}
