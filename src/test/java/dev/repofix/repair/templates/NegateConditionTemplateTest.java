package dev.repofix.repair.templates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.SourceFile;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NegateConditionTemplateTest {
    private final FixTemplate template = new NegateConditionTemplate();

    @Test
    void describesTheNegation() {
        assertThat(template.propose(SourceFile.of("A.java", "    if (amount >= balance) {"), 1)).containsExactly(
                new LineEdit(1, "    if (!(amount >= balance)) {", "negated `if` condition"));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "A.java ~ } else if (ready) { ~ } else if (!ready) {",
            "A.java ~ while (i < n) { ~ while (!(i < n)) {",
            "A.java ~ while (it.next().isValid()[0]) x--; ~ while (!it.next().isValid()[0]) x--;",
            "A.java ~ } while (again); ~ } while (!again);",
            "A.java ~ if (x) ++i; ~ if (!x) ++i;",
            "A.java ~ if (!ok) return; ~ if (ok) return;",
            "A.java ~ if (!(a && b)) { ~ if (a && b) {",
            "A.java ~ if (!a && b) { ~ if (!(!a && b)) {",
            "A.java ~ if (s.equals(\")\")) { ~ if (!s.equals(\")\")) {",
            "A.java ~ if (a) x(); else if (b) y(); ~ if (!a) x(); else if (b) y(); | if (a) x(); else if (!b) y();",
            "main.go ~ if err != nil { ~ if !(err != nil) {",
            "main.go ~ if v, ok := m[k]; ok { ~ if v, ok := m[k]; !ok {",
            "lib.rs ~ while (a) && b { ~ while !((a) && b) {",
            "a.py ~ if not ok: ~ if ok:",
            "a.py ~ if not (a or b): ~ if a or b:",
            "a.py ~ if not a and b: ~ if not (not a and b):",
            "a.py ~ if x > 0: return x ~ if not (x > 0): return x",
            "a.py ~ elif done: ~ elif not done:",
            "a.py ~ while lo <= hi:  # ends: here ~ while not (lo <= hi):  # ends: here",
            "a.py ~ if d[k:v] and f(lambda y: y): pass ~ if not (d[k:v] and f(lambda y: y)): pass",
            "a.py ~ if {1: 2}.get(k): return ~ if not {1: 2}.get(k): return",
    })
    void negatesOrUnnegatesTheCondition(String path, String line, String expected) {
        assertThat(EditContract.checkedReplacements(template, path, line))
                .containsExactly(EditContract.alternatives(expected));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "A.java ~ if (a &&",
            "A.java ~ for (int i = 0; i < n; i++) {",
            "A.java ~ String s = \"if (a) b\";",
            "A.java ~ // if (a) b",
            "A.java ~ x.if(a);",
            "a.c ~ #if DEBUG",
            "lib.rs ~ if let Some(x) = y {",
            "a.py ~ x = a if b else c",
            "a.py ~ if (a and",
            "a.py ~ # if a:",
            "a.py ~ ifx = 1",
    })
    void leavesOtherLinesAlone(String path, String line) {
        assertThat(template.propose(SourceFile.of(path, line), 1)).isEmpty();
    }
}
