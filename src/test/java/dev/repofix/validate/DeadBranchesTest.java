package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.patch.PatchText;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeadBranchesTest {
    private static final String PY = """
            def last(items, default=None):
                if isinstance(items, list):
                    return items[-1]
                elif hasattr(items, "__reversed__"):
                    return next(reversed(items))
                else:
                    return default
            """;

    private static List<String> py(String before, String after) {
        return DeadBranches.between("m.py", before, after);
    }

    private static List<String> java(String before, String after) {
        return DeadBranches.between("A.java", before, after);
    }

    @Test
    void flagsAnElifWhoseTestIsNowAnEarlierOne() {
        String after = PY.replace("elif hasattr(items, \"__reversed__\")", "elif isinstance(items, list)");

        assertThat(py(PY, after)).singleElement().asString()
                .contains("`elif isinstance(items, list):` (m.py:4) can no longer run")
                .contains("implies the earlier `if isinstance(items, list):` (line 2)");
    }

    @Test
    void flagsABranchWhoseTestKeepsAnEarlierOnesPartsAndAddsOne() {
        String before = "def f(a, b):\n    if a > 0 and b:\n        return 1\n    elif a < 0:\n        return 2\n    return 3\n";
        String after = before.replace("elif a < 0:", "elif b and a > 0 and a < 0:");

        assertThat(py(before, after)).singleElement().asString().contains("elif b and a > 0 and a < 0:");
    }

    @Test
    void flagsATestMadeConstantAndTheBranchesAfterAnAlwaysTrueOne() {
        String falseTest = PY.replace("elif hasattr(items, \"__reversed__\")", "elif False");
        String trueTest = PY.replace("if isinstance(items, list):", "if not None:");

        assertThat(py(PY, falseTest)).singleElement().asString().contains("its test is always false");
        assertThat(py(PY, trueTest)).hasSize(2).allMatch(s -> s.contains("is always true"));
    }

    @Test
    void flagsAnElseTheEarlierTestsNowCover() {
        String before = "def f(x):\n    if x is None:\n        return 0\n    elif x > 1:\n        return 1\n    else:\n        return 2\n";
        String after = before.replace("elif x > 1:", "elif x is not None:");

        assertThat(py(before, after)).singleElement().asString().contains("`else:`").contains("cover every case");
    }

    @Test
    void flagsAStatementAfterAnInsertedReturn() {
        String before = "def f(xs):\n    out = []\n    for x in xs:\n        out.append(x)\n    return out\n";
        String after = before.replace("    out = []\n", "    out = []\n    return xs\n");

        assertThat(py(before, after)).singleElement().asString()
                .contains("`for x in xs:` (m.py:4) can no longer run: it follows `return xs`");
    }

    @Test
    void saysNothingOfARenamedTestThatAnyInputMayStillPass() {
        // The issue's own kind: hasattr on another name. Whether that name can ever have the
        // attribute depends on the values it holds, which no static rule here knows.
        String after = PY.replace("hasattr(items,", "hasattr(default,");

        assertThat(py(PY, after)).isEmpty();
    }

    @Test
    void blamesNoDeadCodeTheFileAlreadyHad() {
        String before = "def f(x):\n    if x:\n        return 1\n    elif x:\n        return 2\n    return 3\n";
        String after = before.replace("return 3", "return 4");

        assertThat(py(before, after)).isEmpty();
    }

    @Test
    void comparesNoTestsWithSideEffects() {
        String before = "def f(it):\n    if it.pop():\n        return 1\n    elif it.peek():\n        return 2\n";
        String after = before.replace("elif it.peek():", "elif it.pop():");
        String walrus = "def f(xs):\n    if (n := len(xs)) > 1:\n        return n\n    elif xs:\n        return 0\n";

        assertThat(py(before, after)).isEmpty();
        assertThat(py(walrus, walrus.replace("elif xs:", "elif (n := len(xs)) > 1:"))).isEmpty();
    }

    @Test
    void readsPythonLogicalLinesAcrossBracketsStringsAndComments() {
        String before = """
                def f(a, b):
                    if (a >
                            b):  # a comment: with a colon
                        return "x: y"
                    elif b > a:
                        return '''
                    elif a > b:
                    '''
                    return None
                """;
        String after = before.replace("elif b > a:", "elif a > b:");

        assertThat(py(before, after)).singleElement().asString().contains("(m.py:5)");
    }

    @Test
    void flagsAJavaElseIfMadeTheSameAsItsIf() {
        String before = """
                class A {
                    int f(String s) {
                        if (s == null) {
                            return 0;
                        } else if (s.isBlank()) {
                            return 1;
                        } else {
                            return 2;
                        }
                    }
                }
                """;
        String same = before.replace("else if (s.isBlank())", "else if ((s == null))");
        String covered = before.replace("else if (s.isBlank())", "else if (s != null)");
        String constant = before.replace("if (s == null)", "if (true)");

        assertThat(java(before, same)).singleElement().asString()
                .contains("`else if ((s == null))` (A.java:5) can no longer run");
        assertThat(java(before, covered)).singleElement().asString().contains("`else` (A.java:7)");
        assertThat(java(before, constant)).hasSize(2);
    }

    @Test
    void comparesNoJavaTestsWithSideEffects() {
        String before = "class A { int f(java.util.Iterator<String> it, int i) {"
                + " if (it.next().isEmpty()) { return 1; } else if (i > 0) { return 2; } return 3; } }";
        String after = before.replace("else if (i > 0)", "else if (it.next().isEmpty())");
        String incremented = before.replace("if (it.next().isEmpty())", "if (i++ > 0)")
                .replace("else if (i > 0)", "else if (i++ > 0)");

        assertThat(java(before, after)).isEmpty();
        assertThat(java(before.replace("if (it.next().isEmpty())", "if (i++ > 0)"), incremented)).isEmpty();
    }

    @Test
    void readsTheEditedFileThroughThePatch() {
        PatchText patch = PatchText.read("""
                --- a/pkg/m.py
                +++ b/pkg/m.py
                @@ -3,3 +3,3 @@
                         return items[-1]
                -    elif hasattr(items, "__reversed__"):
                +    elif isinstance(items, list):
                         return next(reversed(items))
                """);

        assertThat(DeadBranches.madeBy(patch, p -> p.equals("pkg/m.py") ? Optional.of(PY) : Optional.empty()))
                .singleElement().asString().contains("pkg/m.py:4");
        assertThat(DeadBranches.madeBy(patch, p -> Optional.empty())).isEmpty();
        assertThat(DeadBranches.madeBy(patch, p -> Optional.of(PY.replace("hasattr", "getattr")))).isEmpty();
    }
}
