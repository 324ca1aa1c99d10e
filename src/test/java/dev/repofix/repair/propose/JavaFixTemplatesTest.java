package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.templates.FixTemplate;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One realistic bug per syntax-tree family: the family proposes the fix, and the patched
 * class compiles (javac, in the test). A bug is written as the class with a marked line
 * {@code //BUG} and the same class with the fix.
 */
class JavaFixTemplatesTest {
    private static final String PATH = "src/main/java/demo/Demo.java";

    @TempDir
    Path classes;

    @Test
    void arithmeticOperatorFixesASubtractionInAdd() {
        assertFixes("arithmetic-op", """
                public class Demo {
                    public static int add(int a, int b) {
                        return a - b; //BUG
                    }
                }
                """, "return a + b;");
    }

    @Test
    void relationalOperatorMovesTheBoundary() {
        assertFixes("relational-op", """
                public class Demo {
                    private long balance;

                    public void withdraw(long amount) {
                        if (amount >= balance) { //BUG
                            throw new IllegalStateException("insufficient funds");
                        }
                        balance -= amount;
                    }
                }
                """, "if (amount > balance) {");
    }

    @Test
    void offByOneDropsTheOffsetOfALoopBound() {
        assertFixes("off-by-one", """
                public class Demo {
                    public static int max(int[] xs) {
                        int best = xs[0];
                        for (int i = 1; i < xs.length - 1; i++) { //BUG
                            best = Math.max(best, xs[i]);
                        }
                        return best;
                    }
                }
                """, "for (int i = 1; i < xs.length; i++) {");
    }

    @Test
    void arithmeticNeverMultipliesOrDividesByOneWhereOffByOneDropsTheOffset() {
        String source = """
                package demo;

                public class Demo {
                    static int at(int[] xs, int k) {
                        return xs[k - 1];
                    }
                }
                """;

        assertThat(JavaCandidates.of("arithmetic-op", PATH, source, 5)).extracting(JavaCandidates.Candidate::patched)
                .isNotEmpty().noneMatch(p -> p.contains("k * 1") || p.contains("k / 1"));
        assertThat(JavaCandidates.of("off-by-one", PATH, source, 5)).extracting(JavaCandidates.Candidate::patched)
                .anyMatch(p -> p.contains("return xs[k];"));
    }

    @Test
    void offByOneDropsAnOffsetRatherThanMovingItToZero() {
        String source = """
                package demo;

                public class Demo {
                    static void spread(long[] parts, long[] ratios, long step, int i) {
                        parts[i % ratios.length + 1] += step;
                    }
                }
                """;

        assertThat(JavaCandidates.of("off-by-one", PATH, source, 5)).extracting(JavaCandidates.Candidate::patched)
                .anyMatch(p -> p.contains("parts[i % ratios.length] += step;"))
                .anyMatch(p -> p.contains("parts[i % ratios.length + 2] += step;"))
                .noneMatch(p -> p.contains("+ 0]"));
    }

    @Test
    void offByOneWritesAMovedLiteralWithItsDigitGroups() {
        assertFixes("off-by-one", """
                public class Demo {
                    public static long interest(long balance, long basisPoints) {
                        return balance * basisPoints / 10_001; //BUG
                    }
                }
                """, "return balance * basisPoints / 10_000;");
    }

    @Test
    void offByOneMovesANegatedLiteralAsASignedNumber() {
        JavaCandidates.Candidate fix = assertFixes("off-by-one", """
                public class Demo {
                    public static int sum(int[] xs) {
                        int sum = -1; //BUG
                        for (int x : xs) {
                            sum += x;
                        }
                        return sum;
                    }
                }
                """, "int sum = 0;");
        assertThat(fix.description()).isEqualTo("`-1` -> `0`");
        assertThat(JavaCandidates.of("off-by-one", PATH, "package demo;\nclass Demo {\n    int k = -1;\n}\n", 3))
                .extracting(JavaCandidates.Candidate::patched).noneMatch(p -> p.contains("-0"))
                .anyMatch(p -> p.contains("int k = -2;"));
    }

    @Test
    void logicalOperatorTurnsADisjunctionIntoARangeCheck() {
        assertFixes("logical-op", """
                public class Demo {
                    public static boolean within(int v, int lo, int hi) {
                        return v >= lo || v <= hi; //BUG
                    }
                }
                """, "return v >= lo && v <= hi;");
    }

    @Test
    void wrongVariableTakesAnotherOfTheSameType() {
        assertFixes("wrong-variable", """
                public class Demo {
                    public static int area(int width, int height) {
                        return width * width; //BUG
                    }
                }
                """, "return width * height;");
    }

    @Test
    void negateConditionInvertsAValidityCheck() {
        assertFixes("negate-condition", """
                public class Demo {
                    public static int parse(String s) {
                        if (isNumber(s)) { //BUG
                            throw new IllegalArgumentException(s);
                        }
                        return Integer.parseInt(s);
                    }

                    private static boolean isNumber(String s) {
                        return s.matches("-?[0-9]+");
                    }
                }
                """, "if (!isNumber(s)) {");
    }

    @Test
    void relationalOperatorUnderANegationIsWrittenAsItsComplementWithoutIt() {
        assertFixes("relational-op", """
                public class Demo {
                    public static String label(int count) {
                        if (!(count <= 10)) { //BUG
                            return "many";
                        }
                        return "few";
                    }
                }
                """, "if (count >= 10) {");
        assertThat(JavaCandidates.of("relational-op", PATH, """
                package demo;

                public class Demo {
                    static boolean over(double share) {
                        return !(share <= 0.5);
                    }
                }
                """, 5)).extracting(JavaCandidates.Candidate::patched)
                .as("a double may be NaN: its negated ordering keeps the negation")
                .anyMatch(p -> p.contains("return !(share < 0.5);"));
    }

    @Test
    void nullCheckReturnsTheEmptyStringBeforeADereference() {
        assertFixes("null-check", """
                public class Demo {
                    static String squeeze(String text) {
                        return text.replaceAll("\\\\s+", " "); //BUG
                    }
                }
                """, """
                if (text == null) {
                            return "";
                        }
                        return text.replaceAll("\\\\s+", " ");""");
    }

    @Test
    void returnValueFlipsTheFallThroughResult() {
        assertFixes("return-value", """
                public class Demo {
                    public static boolean contains(int[] xs, int x) {
                        for (int v : xs) {
                            if (v == x) {
                                return true;
                            }
                        }
                        return true; //BUG
                    }
                }
                """, "return false;");
    }

    @Test
    void returnValueTurnsAReturnedOneIntoMinusOne() {
        assertFixes("return-value", """
                public class Demo {
                    public static int compare(int a, int b) {
                        if (a < b) {
                            return 1; //BUG
                        }
                        return a == b ? 0 : 1;
                    }
                }
                """, "return -1;");
    }

    @Test
    void returnValueTurnsAReturnedMinusOneIntoOne() {
        assertFixes("return-value", """
                public class Demo {
                    public static long direction(long from, long to) {
                        return from < to ? -1L : 0L; //BUG
                    }
                }
                """, "return from < to ? 1L : 0L;");
    }

    @Test
    void returnValueDropsTheMinusOfAReturnedOperand() {
        JavaCandidates.Candidate fix = assertFixes("return-value", """
                public class Demo {
                    public static double distance(double from, double to) {
                        return -(to - from); //BUG
                    }
                }
                """, "return (to - from);");
        assertThat(fix.description()).isEqualTo("returns `(to - from)` instead of `-(to - from)`");
    }

    @Test
    void returnValueFlipsNoSignThatWouldNotCompileOrChangeNothing() {
        String source = """
                package demo;

                public class Demo {
                    static int none() {
                        return 0;
                    }

                    static int least() {
                        return -2147483648;
                    }

                    static char first() {
                        return 1;
                    }
                }
                """;

        assertThat(JavaCandidates.of("return-value", PATH, source, 5)).extracting(JavaCandidates.Candidate::patched)
                .noneMatch(p -> p.contains("-0"));
        assertThat(JavaCandidates.of("return-value", PATH, source, 9)).extracting(JavaCandidates.Candidate::patched)
                .noneMatch(p -> p.contains("return 2147483648;"));
        assertThat(JavaCandidates.of("return-value", PATH, source, 13)).extracting(JavaCandidates.Candidate::patched)
                .noneMatch(p -> p.contains("return -1;"));
    }

    @Test
    void conditionClauseGuardsADereferenceInTheCondition() {
        assertFixes("condition-clause", """
                public class Demo {
                    public static String greet(String name) {
                        if (name.isBlank()) { //BUG
                            return "Hello, stranger";
                        }
                        return "Hello, " + name;
                    }
                }
                """, "if (name == null || name.isBlank()) {");
    }

    @Test
    void similarMethodCallsMaxInsteadOfMin() {
        assertFixes("similar-method", """
                public class Demo {
                    public static int atLeast(int v, int floor) {
                        return Math.min(v, floor); //BUG
                    }
                }
                """, "return Math.max(v, floor);");
    }

    @Test
    void similarMethodTurnsIsBeforeIntoIsAfterOnADate() {
        assertFixes("similar-method", """
                import java.time.LocalDate;

                public class Demo {
                    public static LocalDate later(LocalDate a, LocalDate b) {
                        return a.isBefore(b) ? a : b; //BUG
                    }
                }
                """, "return a.isAfter(b) ? a : b;");
    }

    @Test
    void swapArgumentsPutsSubstringBoundsInOrder() {
        assertFixes("swap-args", """
                public class Demo {
                    public static String between(String s, int start, int end) {
                        return s.substring(end, start); //BUG
                    }
                }
                """, "return s.substring(start, end);");
    }

    @Test
    void wrongConstantUsesTheNamedLimitInsteadOfALiteral() {
        assertFixes("wrong-constant", """
                public class Demo {
                    private static final int MAX_RETRIES = 3;
                    private static final int TIMEOUT_SECONDS = 30;

                    public static boolean shouldRetry(int attempts) {
                        return attempts < 30; //BUG
                    }
                }
                """, "return attempts < MAX_RETRIES;");
    }

    @Test
    void castMakesAnIntegerDivisionFloatingPoint() {
        assertFixes("cast", """
                public class Demo {
                    public static double mean(int total, int count) {
                        double mean = total / count; //BUG
                        return mean;
                    }
                }
                """, "double mean = (double) total / count;");
    }

    @Test
    void missingJumpEndsACaseThatFallsThrough() {
        assertFixes("missing-jump", """
                public class Demo {
                    public static int score(char grade) {
                        int points = 0;
                        switch (grade) {
                            case 'A':
                                points = 4; //BUG
                            case 'B':
                                points = 3;
                                break;
                            default:
                                points = 0;
                        }
                        return points;
                    }
                }
                """, "points = 4;\n                break;");
    }

    @Test
    void removeStatementDropsADoubleCount() {
        String buggy = """
                public class Demo {
                    private int size;

                    public void push() {
                        size++;
                        size++; //BUG
                    }
                }
                """;
        JavaCandidates.Candidate fix = assertFixes("remove-statement", buggy, null);
        assertThat(fix.patched()).containsOnlyOnce("size++;");
    }

    /** The line that raises is the effect: its exception's arguments are no fix for a test that fails because it is raised. */
    @Test
    void leavesTheArgumentsOfAThrownExceptionAlone() {
        String source = """
                package demo;

                public class Demo {
                    private long balance;

                    public void withdraw(long amount) {
                        if (amount >= balance) {
                            throw new ArithmeticException(String.valueOf(Math.max(amount, balance)));
                        }
                        balance -= amount;
                    }
                }
                """;

        assertThat(JavaCandidates.of(PATH, source, 8)).isEmpty();
        assertThat(JavaCandidates.of(PATH, source, 7)).isNotEmpty();
    }

    @Test
    void offersAtLeastTwelveFamiliesEachNamedInItsCandidates() {
        assertThat(FixTemplates.java(new JavaTrees())).extracting(FixTemplate::name).doesNotHaveDuplicates()
                .hasSizeGreaterThanOrEqualTo(12).startsWith("arithmetic-op", "relational-op", "off-by-one");
    }

    /**
     * The family proposes, on the line marked {@code //BUG}, a candidate whose new line(s)
     * read {@code fixed} (the whole file with the line replaced), and the result compiles.
     */
    private JavaCandidates.Candidate assertFixes(String family, String buggy, String fixed) {
        List<String> lines = buggy.lines().toList();
        int line = 1 + lines.indexOf(lines.stream().filter(l -> l.contains("//BUG")).findFirst().orElseThrow());
        String source = "package demo;\n\n" + buggy.replace(" //BUG", "");
        int at = line + 2;
        assertThat(JavaCandidates.diagnostics("demo.Demo", source, classes.resolve("before"))).as("the bug compiles")
                .isEmpty();
        List<JavaCandidates.Candidate> candidates = JavaCandidates.of(family, PATH, source, at);
        JavaCandidates.Candidate fix;
        if (fixed == null) {
            assertThat(candidates).isNotEmpty();
            fix = candidates.get(0);
        } else {
            String original = source.lines().toList().get(at - 1);
            String indent = original.substring(0, original.length() - original.stripLeading().length());
            List<String> patched = new java.util.ArrayList<>(source.lines().toList());
            patched.set(at - 1, indent + fixed);
            String expected = String.join("\n", patched) + "\n";
            assertThat(candidates).extracting(JavaCandidates.Candidate::patched).contains(expected);
            fix = candidates.stream().filter(c -> c.patched().equals(expected)).findFirst().orElseThrow();
        }
        assertThat(JavaCandidates.diagnostics("demo.Demo", fix.patched(), classes.resolve(family))).isEmpty();
        return fix;
    }
}
