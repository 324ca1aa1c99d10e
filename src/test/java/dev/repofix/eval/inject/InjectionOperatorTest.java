package dev.repofix.eval.inject;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.LineEdit;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class InjectionOperatorTest {
    private static java.util.List<String> mutants(InjectionOperator op, String path, String line) {
        return op.mutate(SourceFile.of(path, line + "\n"), 1).stream().map(LineEdit::replacement).toList();
    }

    @Test
    void swapsBinaryArithmeticOperatorsOnlyOutsideStrings() {
        assertThat(mutants(InjectionOperator.ARITHMETIC, "a.py", "    return a + b * -c  # a - b"))
                .containsExactly("    return a - b * -c  # a - b", "    return a + b / -c  # a - b");
        assertThat(mutants(InjectionOperator.ARITHMETIC, "A.java", "String s = \"a+b\"; int n = -1;")).isEmpty();
    }

    @Test
    void flipsBooleanLiterals() {
        assertThat(mutants(InjectionOperator.BOOLEAN_LITERAL, "a.py", "    return True")).containsExactly("    return False");
        assertThat(mutants(InjectionOperator.BOOLEAN_LITERAL, "A.java", "ok = false;")).containsExactly("ok = true;");
    }

    @Test
    void usesTheEnginesOwnTemplatesAndSaysWhichOperatorsAreOutsideThem() {
        assertThat(mutants(InjectionOperator.RELATIONAL, "a.py", "    return age > 18")).contains("    return age >= 18");
        assertThat(Arrays.stream(InjectionOperator.values()).filter(o -> !o.inTemplates()))
                .containsExactly(InjectionOperator.BOOLEAN_LITERAL,
                        InjectionOperator.MISSING_SELF, InjectionOperator.MUTABLE_DEFAULT,
                        InjectionOperator.INTEGER_DIVISION, InjectionOperator.REFERENCE_EQUALITY,
                        InjectionOperator.UNCHECKED_OPTIONAL, InjectionOperator.KEYWORD_ARGUMENT,
                        InjectionOperator.CONFIGURATION, InjectionOperator.IMPORT_SIBLING,
                        InjectionOperator.CONVERSION_DROPPED, InjectionOperator.STATEMENT_DELETED,
                        InjectionOperator.INCREMENT, InjectionOperator.CONDITION_CLAUSE);
    }

    @Test
    void javaOperatorsOnTheSyntaxTreeUseAWrongVariableDeleteAStatementAndChangeIncrementsArgumentsAndClauses() {
        SourceFile file = SourceFile.of("src/main/java/p/Bag.java", """
                package p;

                class Bag {
                    private int count;
                    private int limit;

                    void add(int n, int m) {
                        count += n;
                        count++;
                        put(n, m);
                        if (n > 0 && m > 0) {
                            limit = n;
                        }
                    }

                    void put(int a, int b) {}
                }
                """);

        assertThat(edits(InjectionOperator.WRONG_VARIABLE, file, 8)).contains("        limit += n;", "        count += m;");
        assertThat(edits(InjectionOperator.STATEMENT_DELETED, file, 9)).containsExactly("");
        assertThat(edits(InjectionOperator.STATEMENT_DELETED, file, 11)).as("an if is no expression statement").isEmpty();
        assertThat(edits(InjectionOperator.INCREMENT, file, 8)).containsExactly("        count -= n;");
        assertThat(edits(InjectionOperator.INCREMENT, file, 9)).containsExactly("        count--;");
        assertThat(edits(InjectionOperator.CALL_ARGUMENTS, file, 10)).containsExactly("        put(m, n);");
        assertThat(edits(InjectionOperator.CONDITION_CLAUSE, file, 11))
                .containsExactlyInAnyOrder("        if (n > 0) {", "        if (m > 0) {");
    }

    @Test
    void theSyntaxTreeOperatorsReachPythonToo() {
        SourceFile file = SourceFile.of("bag.py", """
                def add(total, n, m):
                    total += n
                    put(n, m)
                    log(total)
                    return total
                """);

        assertThat(edits(InjectionOperator.INCREMENT, file, 2)).containsExactly("    total -= n");
        assertThat(edits(InjectionOperator.WRONG_VARIABLE, file, 5)).contains("    return n");
        assertThat(edits(InjectionOperator.STATEMENT_DELETED, file, 4)).containsExactly("");
        assertThat(edits(InjectionOperator.CALL_ARGUMENTS, file, 3)).containsExactly("    put(m, n)");
        assertThat(edits(InjectionOperator.CONDITION_CLAUSE, file, 2)).as("Java only").isEmpty();
        assertThat(edits(InjectionOperator.INCREMENT, SourceFile.of("a.py", "s = 'x += 1'\n"), 1)).isEmpty();
    }

    @Test
    void aMutantThatIsNoJavaIsToldBeforeItIsBuilt() {
        assertThat(TreeSites.javaParses("class A { void f() { int x = 1; } }")).isTrue();
        assertThat(TreeSites.javaParses("class A { void f() { int x = ; } }")).isFalse();
    }

    private static java.util.List<String> edits(InjectionOperator op, SourceFile file, int line) {
        return op.mutate(file, line).stream().map(LineEdit::replacement).toList();
    }

    @Test
    void everyOperatorRecordsABugTypeOfTheOneTaxonomy() {
        for (InjectionOperator op : InjectionOperator.values()) {
            assertThat(dev.repofix.stage.BugType.of(op.bugType())).as(op.label()).isPresent()
                    .get().isNotEqualTo(dev.repofix.stage.BugType.OTHER);
            assertThat(dev.repofix.stage.BugType.of(op.bugType()).get().label()).isEqualTo(op.bugType());
        }
    }

    private static final String CART_PY = """
            class Cart:
                def __init__(self, items=None):
                    self.items = items or []

                def total(self):
                    return sum(self.items) / len(self.items)  # self.items
            """;
    private static final String CART_JAVA = """
            class Cart {
                boolean same(String a, String b) {
                    return a.equals(b) && !b.equals("x");
                }
                double mean(int sum, int n) {
                    return (double) sum / n + sum / 2.0;
                }
                int first(java.util.Optional<Integer> o) {
                    return o.orElse(0) + o.orElseGet(() -> f(1));
                }
            }
            """;

    private static java.util.List<String> mutants(InjectionOperator op, String path, String text, int line) {
        return op.mutate(SourceFile.of(path, text), line).stream().map(LineEdit::replacement).toList();
    }

    @Test
    void pythonOperatorsDropSelfShareADefaultAndFloorADivision() {
        assertThat(mutants(InjectionOperator.MISSING_SELF, "cart.py", CART_PY, 6))
                .containsExactly("        return sum(items) / len(self.items)  # self.items",
                        "        return sum(self.items) / len(items)  # self.items");
        assertThat(mutants(InjectionOperator.MISSING_SELF, "cart.py", CART_PY, 3)).as("an assignment stays").isEmpty();
        assertThat(mutants(InjectionOperator.MUTABLE_DEFAULT, "cart.py", CART_PY, 2))
                .containsExactly("    def __init__(self, items=[]):");
        assertThat(mutants(InjectionOperator.INTEGER_DIVISION, "cart.py", CART_PY, 6))
                .containsExactly("        return sum(self.items) // len(self.items)  # self.items");
    }

    @Test
    void javaOperatorsCompareByIdentityUnwrapUncheckedAndDivideIntegers() {
        assertThat(mutants(InjectionOperator.REFERENCE_EQUALITY, "src/Cart.java", CART_JAVA, 3))
                .containsExactly("        return a == b && !b.equals(\"x\");",
                        "        return a.equals(b) && b != \"x\";");
        assertThat(mutants(InjectionOperator.UNCHECKED_OPTIONAL, "src/Cart.java", CART_JAVA, 9))
                .containsExactly("        return o.get() + o.orElseGet(() -> f(1));",
                        "        return o.orElse(0) + o.get();");
        assertThat(mutants(InjectionOperator.INTEGER_DIVISION, "src/Cart.java", CART_JAVA, 6))
                .containsExactly("        return sum / n + sum / 2.0;", "        return (double) sum / n + sum / 2;");
    }

    @Test
    void languageOperatorsApplyOnlyToTheLanguageTheirBugTypeNames() {
        assertThat(mutants(InjectionOperator.MISSING_SELF, "Cart.java", "int n = self.items;\n", 1)).isEmpty();
        assertThat(mutants(InjectionOperator.REFERENCE_EQUALITY, "cart.py", "ok = a.equals(b)\n", 1)).isEmpty();
        assertThat(mutants(InjectionOperator.UNCHECKED_OPTIONAL, "cart.js", "x = o.orElse(0);\n", 1)).isEmpty();
        assertThat(InjectionOperator.INTEGER_DIVISION.appliesTo(SourceFile.of("a.py", "x = 1\n"))).isTrue();
    }

    /** A small module calling libraries as MLDebugging's multi-library programs do. */
    private static final String PIPELINE_PY = """
            from statistics import mean, median
            import numpy as np

            THRESHOLD = 3
            VERBOSE = False


            def scale(values, factor=2, clip=True):
                data = np.asarray(values, dtype=float)
                out = sorted(data.tolist(), reverse=True, key=abs)
                return list(map(str, out)), dict(zip(out, out)), f(x == 1, label="a=b")
            """;

    @Test
    void aKeywordArgumentOfACallIsDroppedOrItsLiteralValueChanged() {
        assertThat(mutants(InjectionOperator.KEYWORD_ARGUMENT, "p.py", PIPELINE_PY, 10)).containsExactly(
                "    out = sorted(data.tolist(), key=abs)",
                "    out = sorted(data.tolist(), reverse=False, key=abs)",
                "    out = sorted(data.tolist(), reverse=True)");
        assertThat(mutants(InjectionOperator.KEYWORD_ARGUMENT, "p.py", PIPELINE_PY, 9))
                .containsExactly("    data = np.asarray(values)");
        assertThat(mutants(InjectionOperator.KEYWORD_ARGUMENT, "p.py", PIPELINE_PY, 11)).as("== and strings stay")
                .containsExactly("    return list(map(str, out)), dict(zip(out, out)), f(x == 1)");
        assertThat(mutants(InjectionOperator.KEYWORD_ARGUMENT, "p.py", PIPELINE_PY, 8)).as("a def has defaults")
                .isEmpty();
        assertThat(InjectionOperator.KEYWORD_ARGUMENT.bugType()).isEqualTo("function parameter error");
    }

    @Test
    void aDefaultOrAModuleSettingIsChanged() {
        assertThat(mutants(InjectionOperator.CONFIGURATION, "p.py", PIPELINE_PY, 8)).containsExactly(
                "def scale(values, factor=3, clip=True):", "def scale(values, factor=2, clip=False):");
        assertThat(mutants(InjectionOperator.CONFIGURATION, "p.py", PIPELINE_PY, 4)).containsExactly("THRESHOLD = 4");
        assertThat(mutants(InjectionOperator.CONFIGURATION, "p.py", PIPELINE_PY, 5)).containsExactly("VERBOSE = True");
        assertThat(mutants(InjectionOperator.CONFIGURATION, "p.py", PIPELINE_PY, 10)).as("a call is not a setting")
                .isEmpty();
        assertThat(InjectionOperator.CONFIGURATION.bugType()).isEqualTo("parameter configuration error");
    }

    @Test
    void anImportedNameIsBoundToASiblingFromTheSameModule() {
        assertThat(mutants(InjectionOperator.IMPORT_SIBLING, "p.py", PIPELINE_PY, 1)).containsExactly(
                "from statistics import median as mean, median", "from statistics import mean, mean as median");
        assertThat(mutants(InjectionOperator.IMPORT_SIBLING, "p.py", PIPELINE_PY, 2)).isEmpty();
        assertThat(InjectionOperator.IMPORT_SIBLING.bugType()).isEqualTo("import error");
    }

    @Test
    void aConversionCallIsDroppedAndItsArgumentPassedOnUnconverted() {
        assertThat(mutants(InjectionOperator.CONVERSION_DROPPED, "p.py", PIPELINE_PY, 10))
                .containsExactly("    out = sorted(data, reverse=True, key=abs)");
        assertThat(mutants(InjectionOperator.CONVERSION_DROPPED, "p.py", PIPELINE_PY, 11)).containsExactly(
                "    return map(str, out), dict(zip(out, out)), f(x == 1, label=\"a=b\")",
                "    return list(map(str, out)), zip(out, out), f(x == 1, label=\"a=b\")");
        assertThat(mutants(InjectionOperator.CONVERSION_DROPPED, "p.py", PIPELINE_PY, 9)).as("two arguments: no")
                .isEmpty();
        assertThat(InjectionOperator.CONVERSION_DROPPED.bugType()).isEqualTo("data transfer issue");
    }

    @Test
    void theMultiLibraryOperatorsAreForPythonAndTheTypesNoneMakesAreModelDrivenOnly() {
        assertThat(mutants(InjectionOperator.CONVERSION_DROPPED, "A.java", "List<Integer> l = list(xs);")).isEmpty();
        assertThat(mutants(InjectionOperator.KEYWORD_ARGUMENT, "A.java", "f(a, b = 1);")).isEmpty();
        assertThat(InjectionOperator.MODEL_DRIVEN_ONLY).containsExactlyInAnyOrder(
                dev.repofix.stage.BugType.TYPE_MISMATCH, dev.repofix.stage.BugType.FUNCTION_MISUSE,
                dev.repofix.stage.BugType.REQUIREMENT_MISUNDERSTANDING);
        assertThat(Arrays.stream(InjectionOperator.values()).map(InjectionOperator::bugType))
                .doesNotContain("type mismatch between libraries", "function misuse", "requirement misunderstanding");
    }
}
