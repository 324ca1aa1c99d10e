package dev.repofix.repair.templates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.SourceFile;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RelationalOperatorTemplateTest {
    private final FixTemplate template = new RelationalOperatorTemplate();

    @Test
    void triesTheBoundaryFirstThenTheOtherComparisons() {
        assertThat(replacements("A.java", "    if (amount >= balance) {")).containsExactly(
                "    if (amount > balance) {",
                "    if (amount < balance) {",
                "    if (amount <= balance) {",
                "    if (amount == balance) {",
                "    if (amount != balance) {");
    }

    @Test
    void describesTheSwap() {
        assertThat(template.propose(SourceFile.of("A.java", "return a >= b;"), 1).get(0))
                .isEqualTo(new LineEdit(1, "return a > b;", "`>=` -> `>`"));
    }

    /** The same operator twice on a line: each candidate says which one it changes. */
    @Test
    void describesTwoSwapsOfTheSameOperatorByTheWordsAroundThem() {
        List<LineEdit> edits = template.propose(SourceFile.of("A.java", "    if (v <= lo && v <= hi) {"), 1);

        assertThat(edits.subList(0, 2)).extracting(LineEdit::description)
                .containsExactly("`v <= lo` -> `v < lo`", "`v <= hi` -> `v < hi`");
        assertThat(edits).extracting(LineEdit::description).doesNotHaveDuplicates();
    }

    @Test
    void offersEveryBoundarySwapOfTheLineBeforeAnyOtherSwap() {
        List<String> edits = replacements("A.java", "ok = x < MAX && y > 0;");

        assertThat(edits).hasSize(10);
        assertThat(edits.subList(0, 2)).containsExactly("ok = x <= MAX && y > 0;", "ok = x < MAX && y >= 0;");
    }

    @Test
    void theComparisonsOfALineTakeTurnsWithinATier() {
        List<String> edits = replacements("A.java", "ok = x < MAX && y > 0;");

        assertThat(edits.subList(2, 6)).containsExactly("ok = x >= MAX && y > 0;", "ok = x < MAX && y <= 0;",
                "ok = x > MAX && y > 0;", "ok = x < MAX && y < 0;");
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "A.java ~ for (int i = 0; i < xs.length; i++) { ~ for (int i = 0; i <= xs.length; i++) {",
            "A.java ~ return a >= b; ~ return a > b;",
            "A.java ~ if (list.size() > 0) { ~ if (list.size() >= 0) {",
            "A.java ~ boolean lt = a<b; ~ boolean lt = a<=b;",
            "A.java ~ if (x == null) return; ~ if (x != null) return;",
            "A.java ~ while (n != 0) n--; ~ while (n == 0) n--;",
            "A.java ~ List<String> xs = n < LIMIT ? a : b; ~ List<String> xs = n <= LIMIT ? a : b;",
            "a.ts ~ if (a === b) { ~ if (a !== b) {",
            "lib.rs ~ let v: Vec<u8> = if n > 0 { a } else { b }; ~ let v: Vec<u8> = if n >= 0 { a } else { b };",
            "a.py ~ while lo <= hi: ~ while lo < hi:",
            "a.py ~ if x > 0: return x ~ if x >= 0: return x",
            "a.py ~ ok = 0 < i < len(xs) ~ ok = 0 <= i < len(xs)",
    })
    void mutatesComparisons(String path, String line, String first) {
        assertThat(EditContract.checkedReplacements(template, path, line)).first().isEqualTo(first);
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "List<String> xs = new ArrayList<>();",
            "Map<String, List<Integer>> m = new HashMap<>();",
            "Map<String, Map<String, List<Integer>>> deep;",
            "return Foo.<T>bar();",
            "class A<T extends Comparable<T>> {",
            "public static <T extends Comparable<? super T>> void sort(List<T> xs) {",
            "Optional<? super T> o;",
            "Function<String[], int[]> f;",
            "Entry<K, V> e = (Entry<K, V>) o;",
            "if (o instanceof List<?> list) {",
            "x -> x + 1;",
            "int y = a << 2 >> b >>> c;",
            "String s = \"a < b\"; // c > d",
            "/* x < y */ call(); /* z > w */",
    })
    void leavesTypeArgumentsShiftsArrowsLiteralsAndCommentsAlone(String line) {
        assertThat(template.propose(SourceFile.of("A.java", line), 1)).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "a.ts ~ const xs: Array<number> = [];",
            "a.ts ~ const f = (a, b) => a + b;",
            "A.kt ~ fun <T : Comparable<T>> max(a: T): T = a",
            "lib.rs ~ fn foo<'a, T>(x: &'a T) -> Vec<T> {",
            "lib.rs ~ let xs = iter.collect::<Vec<_>>();",
            "a.cpp ~ std::vector<int> v;",
            "a.cpp ~ #include <stdio.h>",
            "a.cpp ~ auto c = a <=> b;",
            "A.cs ~ where T : IComparable<T>",
    })
    void leavesOtherLanguagesTypeArgumentsAlone(String path, String line) {
        assertThat(template.propose(SourceFile.of(path, line), 1)).isEmpty();
    }

    @Test
    void swapsStrictEqualityOnlyWithItsOpposite() {
        assertThat(replacements("a.js", "if (a === b || c !== d) {"))
                .containsExactly("if (a !== b || c !== d) {", "if (a === b || c === d) {");
    }

    @Test
    void mutatesTheComparisonButNotTheTypeArgumentsOnOneLine() {
        assertThat(replacements("A.java", "List<String> xs = n < 3 ? a : b;")).first().isEqualTo("List<String> xs = n <= 3 ? a : b;");
        assertThat(replacements("A.java", "List<String> xs = n < 3 ? a : b;")).allMatch(edit -> edit.startsWith("List<String> xs = n "));
    }

    @Test
    void leavesTextBlockLinesAlone() {
        SourceFile file = SourceFile.of("A.java", "String s = \"\"\"\n    a < b\n    \"\"\";");

        assertThat(template.propose(file, 2)).isEmpty();
    }

    private List<String> replacements(String path, String line) {
        return EditContract.checkedReplacements(template, path, line);
    }
}
