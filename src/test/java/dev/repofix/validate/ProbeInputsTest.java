package dev.repofix.validate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.validate.ProbeInputs.Kind;
import dev.repofix.validate.ProbeInputs.Language;
import dev.repofix.validate.ProbeInputs.Parameter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProbeInputsTest {
    private static final Parameter INT = new Parameter(Kind.INTEGER, "int");

    @Test
    void startsWithTheTestsOwnCallsThenChangesOneArgumentAtATime() {
        List<List<String>> inputs = ProbeInputs.derive(Language.JAVA, List.of(INT, INT, INT),
                List.of(List.of("10", "0", "10"), List.of("0", "0", "10")), 200);

        assertThat(inputs.subList(0, 2)).containsExactly(List.of("10", "0", "10"), List.of("0", "0", "10"));
        assertThat(inputs).contains(List.of("11", "0", "10"), List.of("9", "0", "10"), List.of("1", "0", "10"),
                List.of("-1", "0", "10"), List.of("Integer.MIN_VALUE", "0", "10"),
                List.of("Integer.MAX_VALUE", "0", "10"), List.of("10", "0", "-1"), List.of("10", "1", "10"));
        assertThat(inputs).doesNotHaveDuplicates().noneMatch(args -> args.contains("null"));
        assertThat(inputs).allMatch(args -> args.stream().filter(a -> !a.equals("10") && !a.equals("0")).count() <= 1);
    }

    @Test
    void triesEmptyOneElementNegativeAndNullSequencesInJava() {
        List<List<String>> inputs = ProbeInputs.derive(Language.JAVA, List.of(new Parameter(Kind.INT_SEQUENCE, "int[]")),
                List.of(List.of("new int[] { 5, 6, 7 }")), 200);

        assertThat(inputs).containsExactly(List.of("new int[] { 5, 6, 7 }"), List.of("new int[]{}"),
                List.of("new int[]{5}"), List.of("new int[]{-1}"), List.of("new int[]{5, 5}"), List.of("null"));
    }

    @Test
    void triesListsStringsAndNoneInPython() {
        List<List<String>> inputs = ProbeInputs.derive(Language.PYTHON, List.of(new Parameter(Kind.INT_SEQUENCE, ""),
                new Parameter(Kind.TEXT, "")), List.of(List.of("[3, 4]", "'ab'")), 200);

        assertThat(inputs).contains(List.of("[]", "'ab'"), List.of("[3]", "'ab'"), List.of("[-1]", "'ab'"),
                List.of("None", "'ab'"), List.of("[3, 4]", "\"\""), List.of("[3, 4]", "\"a\""),
                List.of("[3, 4]", "None"));
    }

    @Test
    void usesTheLongExtremesForALongAndNeverNullForAPrimitive() {
        List<List<String>> inputs = ProbeInputs.derive(Language.JAVA, List.of(new Parameter(Kind.INTEGER, "long")),
                List.of(), 200);

        assertThat(inputs).contains(List.of("0L"), List.of("Long.MIN_VALUE"), List.of("Long.MAX_VALUE"))
                .doesNotContain(List.of("null"));
    }

    @Test
    void anObjectParameterGetsNullInJava() {
        List<List<String>> inputs = ProbeInputs.derive(Language.JAVA, List.of(new Parameter(Kind.TEXT, "String")),
                List.of(List.of("\"abc\"")), 200);

        assertThat(inputs).containsExactly(List.of("\"abc\""), List.of("\"\""), List.of("\"a\""), List.of("\" \""),
                List.of("null"));
    }

    @Test
    void pythonWithoutALiteralCallGivesNothingToTry() {
        assertThat(ProbeInputs.derive(Language.PYTHON, List.of(new Parameter(Kind.OTHER, "")), List.of(), 200))
                .isEmpty();
    }

    @Test
    void stopsAtTheLimit() {
        assertThat(ProbeInputs.derive(Language.JAVA, List.of(INT, INT, INT), List.of(List.of("10", "0", "10")), 7))
                .hasSize(7);
    }
}
