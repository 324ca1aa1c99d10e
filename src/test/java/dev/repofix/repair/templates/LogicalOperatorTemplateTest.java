package dev.repofix.repair.templates;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.source.SourceFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogicalOperatorTemplateTest {
    private final FixTemplate template = new LogicalOperatorTemplate();

    @Test
    void swapsEachOccurrenceInItsOwnEdit() {
        assertThat(template.propose(SourceFile.of("A.java", "if (a && b || c) {"), 1)).containsExactly(
                new LineEdit(1, "if (a || b || c) {", "`&&` -> `||`"),
                new LineEdit(1, "if (a && b && c) {", "`||` -> `&&`"));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "a.py ~ if a and b or c: ~ if a or b or c: | if a and b and c:",
            "a.py ~ ok = android or brand ~ ok = android and brand",
            "A.java ~ ok = \"a && b\" && c; // x || y ~ ok = \"a && b\" || c; // x || y",
            "A.java ~ flags = a & b | c; ~ ",
            "a.py ~ s = 'a and b' ~ ",
    })
    void swapsOnlyLogicalOperatorsInCode(String path, String line, String expected) {
        assertThat(EditContract.checkedReplacements(template, path, line))
                .containsExactly(EditContract.alternatives(expected));
    }
}
