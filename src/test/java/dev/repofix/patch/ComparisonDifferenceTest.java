package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ComparisonDifferenceTest {
    private static final String FILE = "src/main/java/com/acme/Account.java";
    private static final String BUGGY = """
            class Account {
                void deposit(long amount) {
                    if (amount != 0) {
                        throw new IllegalArgumentException();
                    }
                }
            }
            """;

    private static String patch(String from, String to) {
        return UnifiedDiffs.create(FILE, BUGGY, BUGGY.replace(from, to));
    }

    @Test
    void aBoundaryTwinDiffersOnlyWhereTheOperandsAreEqual() {
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount <= 0"), patch("amount != 0", "amount < 0")))
                .contains("amount == 0");
    }

    @Test
    void namesTheRelationThatOneComparisonHoldsAndTheOtherDoesNot() {
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount <= 0"), patch("amount != 0", "amount == 0")))
                .contains("amount < 0");
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount < 0"), patch("amount != 0", "amount > 0")))
                .contains("amount != 0");
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount >= 0"), patch("amount != 0", "amount < 0")))
                .as("opposites differ on every input").isEmpty();
    }

    @Test
    void operandsAreWholeExpressionsUpToTheBracketsAndClausesAroundThem() {
        String line = "        return dayOfYear(y1, m1, d1) == dayOfYear(y2, m2, d2) && ok;";
        String source = "class D {\n    boolean f() {\n" + line + "\n    }\n}\n";
        String a = UnifiedDiffs.create(FILE, source, source.replace(") == d", ") < d"));
        String b = UnifiedDiffs.create(FILE, source, source.replace(") == d", ") <= d"));

        assertThat(ComparisonDifference.between(a, b)).contains("dayOfYear(y1, m1, d1) == dayOfYear(y2, m2, d2)");
    }

    @Test
    void aPythonChainedComparisonNamesTheOperandsOfTheChangedLink() {
        String source = "def teen(age):\n    return 13 <= age != 19\n";
        String a = UnifiedDiffs.create("lib/ages.py", source, source.replace("!=", "<="));
        String b = UnifiedDiffs.create("lib/ages.py", source, source.replace("!=", "<"));

        assertThat(ComparisonDifference.between(a, b)).contains("age == 19");
    }

    @Test
    void saysNothingForEditsOfAnotherShape() {
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount < 0"), patch("amount != 0", "amount != 1")))
                .isEmpty();
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount < 0"), patch("if (amount", "if (!amount")))
                .isEmpty();
        String elsewhere = UnifiedDiffs.create(FILE, BUGGY, BUGGY.replace("void deposit", "void put"));
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount < 0"), elsewhere)).isEmpty();
        assertThat(ComparisonDifference.between(patch("amount != 0", "amount < 0"), "")).isEmpty();
    }

    /** A string literal of 100,000 characters on the compared line: its pattern recursed once per character. */
    @Test
    void readsALineWithAHugeStringLiteral() {
        String literal = "\"" + "x\\\"".repeat(34_000) + "\"";
        String buggy = "class T {\n    boolean f(long amount) { return amount != 0 && " + literal + ".isEmpty(); }\n}\n";

        String fix = UnifiedDiffs.create(FILE, buggy, buggy.replace("amount != 0", "amount <= 0"));
        String other = UnifiedDiffs.create(FILE, buggy, buggy.replace("amount != 0", "amount < 0"));

        assertThat(ComparisonDifference.between(fix, other)).contains("amount == 0");
    }
}
