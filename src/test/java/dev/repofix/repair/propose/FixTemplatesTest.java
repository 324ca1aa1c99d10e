package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import dev.repofix.repair.source.JavaTrees;
import dev.repofix.repair.source.SourceFile;
import dev.repofix.repair.templates.EditContract;
import dev.repofix.repair.templates.FixTemplate;
import dev.repofix.repair.templates.LineEdit;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

class FixTemplatesTest {
    private static final String ACCOUNT = """
            class Account {
                // withdraw when amount < balance
                boolean withdraw(long amount) {

                    if (amount >= balance && !frozen) {
                        return false;
                    }
                    /* amount > 0 */ return name;
                }
            }
            """;

    @Test
    void ordersTheDefaultTemplates() {
        assertThat(FixTemplates.defaults()).extracting(FixTemplate::name)
                .containsExactly("relational-op", "negate-condition", "off-by-one", "logical-op");
    }

    @Test
    void concatenatesTheTemplatesEditsInOrder() {
        SourceFile file = SourceFile.of("src/Account.java", ACCOUNT);

        List<LineEdit> edits = FixTemplates.propose(file, 5);

        assertThat(edits).extracting(LineEdit::replacement).containsExactly(
                "        if (amount > balance && !frozen) {",
                "        if (amount < balance && !frozen) {",
                "        if (amount <= balance && !frozen) {",
                "        if (amount == balance && !frozen) {",
                "        if (amount != balance && !frozen) {",
                "        if (!(amount >= balance && !frozen)) {",
                "        if (amount >= balance || !frozen) {");
        EditContract.assertHonoured(file, 5, edits);
    }

    @Test
    void keepsOnlyTheFirstEditOfAText() {
        SourceFile file = SourceFile.of("A.java", "return a < b;");
        FixTemplate first = new FixedTemplate("first", List.of(new LineEdit(1, "return a <= b;", "first")));
        FixTemplate second = new FixedTemplate("second", List.of(new LineEdit(1, "return a <= b;", "second"),
                new LineEdit(1, "return b;", "second")));

        assertThat(FixTemplates.propose(List.of(first, second), file, 1)).containsExactly(
                new LineEdit(1, "return a <= b;", "first"), new LineEdit(1, "return b;", "second"));
    }

    @ParameterizedTest
    @CsvSource({"2", "4", "6", "8"})
    void proposesNothingForBlankCommentAndUnmutatableLines(int line) {
        assertThat(FixTemplates.propose(SourceFile.of("src/Account.java", ACCOUNT), line)).isEmpty();
    }

    @ParameterizedTest
    @MethodSource("templates")
    void everyTemplateRejectsALineOutsideTheFile(FixTemplate template) {
        SourceFile file = SourceFile.of("src/Account.java", ACCOUNT);

        assertThatIllegalArgumentException().isThrownBy(() -> template.propose(file, 11))
                .withMessage("line 11 is out of range for src/Account.java: it has 10 lines (numbered from 1)");
        assertThatIllegalArgumentException().isThrownBy(() -> template.propose(file, 0));
    }

    @Test
    void rejectsALineOutsideTheFileEvenWithNoTemplates() {
        SourceFile file = SourceFile.of("a.py", "x = 1\n");

        assertThatIllegalArgumentException().isThrownBy(() -> FixTemplates.propose(List.of(), file, 2))
                .withMessageContaining("line 2 is out of range for a.py: it has 1 line");
    }

    static Stream<FixTemplate> templates() {
        return Stream.concat(FixTemplates.defaults().stream(), FixTemplates.java(new JavaTrees()).stream());
    }

    /** Proposes the same edits for any line: to see how edits of several templates combine. */
    private record FixedTemplate(String name, List<LineEdit> edits) implements FixTemplate {
        @Override
        public List<LineEdit> propose(SourceFile file, int line) {
            return edits;
        }
    }
}
