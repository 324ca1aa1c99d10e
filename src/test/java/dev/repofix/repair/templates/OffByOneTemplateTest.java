package dev.repofix.repair.templates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.SourceFile;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class OffByOneTemplateTest {
    private final FixTemplate template = new OffByOneTemplate();

    @Test
    void dropsAnIndexOffsetBeforeGrowingIt() {
        assertThat(template.propose(SourceFile.of("A.java", "int v = xs[mid + 1];"), 1)).containsExactly(
                new LineEdit(1, "int v = xs[mid];", "`mid + 1` -> `mid` in index"),
                new LineEdit(1, "int v = xs[mid + 2];", "`mid + 1` -> `mid + 2` in index"));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "a.py ~ ys = xs[k:None] ~ ys = xs[k - 1:None] | ys = xs[k + 1:None]",
            "a.js ~ const v = m[null]; ~ ",
            "main.go ~ t := s[nil] ~ ",
    })
    void neverMovesABoundThatIsNoNumber(String path, String line, String expected) {
        assertThat(EditContract.checkedReplacements(template, path, line))
                .containsExactly(EditContract.alternatives(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "A.java ~ return a[i - 1]; ~ return a[i]; | return a[i - 2];",
            "A.java ~ return a[i]; ~ return a[i - 1]; | return a[i + 1];",
            "A.java ~ return a[n-1]; ~ return a[n]; | return a[n-2];",
            "A.java ~ return a[0]; ~ return a[1]; | return a[-1];",
            "A.java ~ return grid[r][c]; ~ return grid[r - 1][c]; | return grid[r + 1][c]; | return grid[r][c - 1]; | return grid[r][c + 1];",
            "A.java ~ return a[f(i)]; ~ return a[f(i) - 1]; | return a[f(i) + 1];",
            "A.java ~ return a[ok ? i : j]; ~ return a[(ok ? i : j) - 1]; | return a[(ok ? i : j) + 1];",
            "a.py ~ last = xs[-1] ~ last = xs[0] | last = xs[-2]",
            "a.py ~ ys = xs[1:n - 1] ~ ys = xs[0:n - 1] | ys = xs[2:n - 1] | ys = xs[1:n] | ys = xs[1:n - 2]",
            "a.py ~ ys = xs[:k] ~ ys = xs[:k - 1] | ys = xs[:k + 1]",
            "main.go ~ t := s[i:] ~ t := s[i - 1:] | t := s[i + 1:]",
    })
    void shiftsIndexesAndSliceBounds(String path, String line, String expected) {
        assertThat(EditContract.checkedReplacements(template, path, line))
                .containsExactly(EditContract.alternatives(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "char c = s.charAt(i); ~ char c = s.charAt(i - 1); | char c = s.charAt(i + 1);",
            "T t = xs.get(xs.size() - 1); ~ T t = xs.get(xs.size()); | T t = xs.get(xs.size() - 2);",
            "return s.substring(1, n - 1); ~ return s.substring(0, n - 1); | return s.substring(2, n - 1); | return s.substring(1, n); | return s.substring(1, n - 2);",
            "return s.substring(k); ~ return s.substring(k - 1); | return s.substring(k + 1);",
    })
    void shiftsIndexArgumentsOfStringAndListMethods(String line, String expected) {
        assertThat(replacements("A.java", line)).containsExactly(EditContract.alternatives(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "A.java ~ for (int i = 0; i < n; i++) { ~ for (int i = 1; i < n; i++) { | for (int i = -1; i < n; i++) {",
            "A.java ~ long limit = 10L; ~ long limit = 9L; | long limit = 11L;",
            "A.java ~ return count + 1; ~ return count; | return count + 2;",
            "A.java ~ return count+0; ~ return count+1; | return count-1;",
            "A.java ~ return -1; ~ return 0; | return -2;",
            "A.java ~ int m = x - 1 * y; ~ int m = x - 0 * y; | int m = x - 2 * y;",
            "A.java ~ int m = a -0*b; ~ int m = a -1*b; | int m = a -(-1)*b;",
            "A.java ~ int big = 1_000; ~ int big = 999; | int big = 1_001;",
            "A.java ~ int big = 10_000; ~ int big = 9_999; | int big = 10_001;",
            "A.java ~ int odd = 1_0000; ~ int odd = 9999; | int odd = 10001;",
            "a.py ~ for i in range(len(xs) - 1): ~ for i in range(len(xs)): | for i in range(len(xs) - 2):",
            "a.py ~ half = n // 2 ~ half = n // 1 | half = n // 3",
    })
    void shiftsIntegerLiterals(String path, String line, String expected) {
        assertThat(replacements(path, line)).containsExactly(EditContract.alternatives(expected));
    }

    @Test
    void describesARemovedOffset() {
        assertThat(template.propose(SourceFile.of("a.py", "for i in range(len(xs) - 1):"), 1))
                .extracting(LineEdit::description).containsExactly("removed `- 1`", "`- 1` -> `- 2`");
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "double d = 1.5 + 2e3 + .5 + 0x1F + 0b1 + 017 + v2 + 3f;",
            "String[] args = names;",
            "int[][] grid = cells;",
            "String v = map.get(\"key\") + s.charAt(\"i\".length());",
            "log(\"retry 3 times\"); // 10 lines",
            "Object[] row = {a, b};",
            "return name;",
    })
    void leavesFloatsHexNamesArrayTypesKeysAndLiteralsAlone(String line) {
        assertThat(template.propose(SourceFile.of("A.java", line), 1)).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"v = d['key']", "return [x]", "a, b = xs[i, j]", "ys = [x for x in xs if x]"})
    void leavesPythonKeysListsAndMultiIndexesAlone(String line) {
        assertThat(template.propose(SourceFile.of("a.py", line), 1)).isEmpty();
    }

    @Test
    void proposesEachTextOnceWhereIndexAndLiteralAgree() {
        List<String> edits = replacements("A.java", "return xs[i + 1] + 1;");

        assertThat(edits).containsExactly("return xs[i] + 1;", "return xs[i + 2] + 1;", "return xs[i + 1];",
                "return xs[i + 1] + 2;");
    }

    private List<String> replacements(String path, String line) {
        return EditContract.checkedReplacements(template, path, line);
    }
}
