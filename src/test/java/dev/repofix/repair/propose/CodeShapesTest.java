package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CodeShapesTest {
    /** A generated table of string literals: the line that overflowed the stack of the old string pattern. */
    @Test
    void shapesALineHoldingAHundredThousandCharacterStringLiteral() {
        String literal = "\"" + "amp=12;1&gt=1q;3&\\\"".repeat(6_000) + "\"";

        assertThat(literal.length()).isGreaterThan(100_000);
        assertThat(CodeShapes.shape("static final String points = " + literal + ";"))
                .isEqualTo("static final ID ID = S ;");
        assertThat(CodeShapes.shape("char[] cs = {'" + "x".repeat(100_000) + "'};")).isEqualTo("char [ ] ID = { S } ;");
    }

    @Test
    void shapesOrdinaryLinesAsBefore() {
        Map<String, String> shapes = new LinkedHashMap<>();
        shapes.put("if (name.equals(\"a\\\"b\")) {", "if ( ID . ID ( S ) ) {");
        shapes.put("char q = '\\'';", "char ID = S ;");
        shapes.put("return \"\" + count;", "return S + ID ;");
        shapes.put("s = \"a\\\\\" + 'b';", "ID = S + S ;");
        shapes.put("x = \"unterminated;", "ID = ID ;");
        shapes.put("total += price * 2;", "ID += ID * 2 ;");

        shapes.forEach((line, shape) -> assertThat(CodeShapes.shape(line)).as(line).isEqualTo(shape));
    }
}
