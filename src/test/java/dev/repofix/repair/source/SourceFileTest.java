package dev.repofix.repair.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SourceFileTest {
    @Test
    void splitsLinesWithoutTerminators() {
        SourceFile file = SourceFile.of("A.java", "a\r\nb\n\nc\rd\n");

        assertThat(file.lineCount()).isEqualTo(5);
        assertThat(IntStream.rangeClosed(1, 5).mapToObj(file::line)).containsExactly("a", "b", "", "c", "d");
    }

    @Test
    void emptyContentHasNoLines() {
        assertThat(SourceFile.of("a.py", "").lineCount()).isZero();
    }

    @Test
    void takesTheLanguageFromTheExtension() {
        assertThat(SourceFile.of("m/app.py", "x = 1").language()).isEqualTo(SourceLanguage.PYTHON);
        assertThat(SourceFile.of("A.java", "int x;").language()).isEqualTo(SourceLanguage.C_LIKE);
    }

    @Test
    void refusesAnUnknownExtensionButAcceptsAnExplicitLanguage() {
        assertThatIllegalArgumentException().isThrownBy(() -> SourceFile.of("notes.txt", "x"))
                .withMessageContaining("notes.txt").withMessageContaining("not a supported source language");
        assertThat(SourceFile.of("BUILD", SourceLanguage.PYTHON, "x = 1").tokens(1)).hasSize(3);
    }

    @ParameterizedTest
    @CsvSource({"0", "3", "-1"})
    void rejectsLinesOutOfRangeNamingFileAndSize(int line) {
        SourceFile file = SourceFile.of("src/A.java", "int a;\nint b;\n");

        assertThatIllegalArgumentException().isThrownBy(() -> file.line(line))
                .withMessage("line " + line + " is out of range for src/A.java: it has 2 lines (numbered from 1)");
        assertThatIllegalArgumentException().isThrownBy(() -> file.tokens(line));
    }

    @Test
    void lexesCodeIntoTokenKindsWithColumns() {
        SourceFile file = SourceFile.of("A.java", "  if (xs[i] >= 10L) return \"s\"; // done");

        assertThat(file.tokens(1)).containsExactly(
                new Token(Token.Kind.IDENTIFIER, "if", 2, 4),
                new Token(Token.Kind.OPEN, "(", 5, 6),
                new Token(Token.Kind.IDENTIFIER, "xs", 6, 8),
                new Token(Token.Kind.OPEN, "[", 8, 9),
                new Token(Token.Kind.IDENTIFIER, "i", 9, 10),
                new Token(Token.Kind.CLOSE, "]", 10, 11),
                new Token(Token.Kind.OPERATOR, ">=", 12, 14),
                new Token(Token.Kind.NUMBER, "10L", 15, 18),
                new Token(Token.Kind.CLOSE, ")", 18, 19),
                new Token(Token.Kind.IDENTIFIER, "return", 20, 26),
                new Token(Token.Kind.STRING, "\"s\"", 27, 30),
                new Token(Token.Kind.OTHER, ";", 30, 31));
    }

    @ParameterizedTest
    @CsvSource(delimiterString = " ~ ", value = {
            "A.java ~ x >>>= a >>> b << c >> d <= e >= f ~ >>>=, >>>, <<, >>, <=, >=",
            "a.js ~ a === b !== c == d != e => f ~ ===, !==, ==, !=, =>",
            "A.java ~ f = (a) -> a::b && c || d++ + e-- ~ =, ->, ::, &&, ||, ++, +, --",
            "A.kt ~ x += 1; y -= 2; z ?: w?.v ~ +=, -=, ?:, ?.",
            "a.rs ~ for i in 0..n { a <<= 1 } ~ .., <<=",
            "a.cpp ~ int c = a <=> b; ~ =, <=>",
            "a.py ~ q = a // b ** c ~ =, //, **",
            "a.py ~ q //= 2 if (n := f()) else -1 ~ //=, :=, -",
    })
    void lexesOperatorsGreedily(String path, String line, String operators) {
        List<String> lexed = SourceFile.of(path, line).tokens(1).stream()
                .filter(token -> token.kind() == Token.Kind.OPERATOR).map(Token::text).toList();

        assertThat(lexed).containsExactly(operators.split(", "));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "10L | 1.5f | 0xFF | 1e-5 | 1_000 | .5",
    })
    void lexesNumbersWholeWithTheirSuffixes(String a, String b, String c, String d, String e, String f) {
        String line = String.join(" + ", a, b, c, d, e, f);

        assertThat(SourceFile.of("A.java", line).tokens(1)).filteredOn(token -> token.kind() == Token.Kind.NUMBER)
                .extracting(Token::text).containsExactly(a, b, c, d, e, f);
    }

    @Test
    void lexesPythonFloorDivisionButJavaDoubleSlashAsComment() {
        assertThat(SourceFile.of("a.py", "a // b").tokens(1)).extracting(Token::text).containsExactly("a", "//", "b");
        assertThat(SourceFile.of("A.java", "a // b").tokens(1)).extracting(Token::text).containsExactly("a");
    }

    @Test
    void commentAndBlankLinesHaveNoTokens() {
        SourceFile file = SourceFile.of("A.java", "\n   \n// only a comment\n/* block */\n");

        assertThat(IntStream.rangeClosed(1, 4).mapToObj(file::tokens)).allSatisfy(tokens -> assertThat(tokens).isEmpty());
    }
}
