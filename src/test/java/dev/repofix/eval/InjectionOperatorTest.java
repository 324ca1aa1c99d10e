package dev.repofix.eval;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.LineEdit;
import dev.repofix.repair.SourceFile;
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
                .containsExactly(InjectionOperator.ARITHMETIC, InjectionOperator.BOOLEAN_LITERAL);
    }

    @Test
    void everyOperatorRecordsABugTypeOfTheOneTaxonomy() {
        for (InjectionOperator op : InjectionOperator.values()) {
            assertThat(dev.repofix.stage.BugType.of(op.bugType())).as(op.label()).isPresent()
                    .get().isNotEqualTo(dev.repofix.stage.BugType.OTHER);
            assertThat(dev.repofix.stage.BugType.of(op.bugType()).get().label()).isEqualTo(op.bugType());
        }
    }
}
