package dev.repofix.repair.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/** Which columns are code: expectations show every literal or comment column as '.'. */
class SourceFileMaskTest {
    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '~', value = {
            "A.java | x = \"a < b\" + y;               | x = ....... + y;",
            "A.java | s = \"q\\\"<\" + t;              | s = ...... + t;",
            "A.java | c = '\"' < d && e == '\\'';      | c = ... < d && e == ....;",
            "A.java | a < b; // x > y                   | a < b; ........",
            "A.java | a /* < */ < b                     | a ....... < b",
            "A.java | u = \"unterminated < x           | u = .................",
            "a.js   | f('<', `a > ${b}`) < c            | f(..., ..........) < c",
            "main.go| r := `C:\\` + s < t               | r := ..... + s < t",
            "lib.rs | fn f<'a>(x: &'a str) -> bool     | fn f<'a>(x: &'a str) -> bool",
            "lib.rs | let s = r#\"a \"<\" b\"#; x < y  | let s = ............; x < y",
            "A.cs   | if (c == 'x') n--;                | if (c == ...) n--;",
            "a.py   | x = 'it''s' < b  # a > b           | x = ....... < b  .......",
            "a.py   | y = rb'\\'<' + f\"{a<b}\" < z     | y = ....... + ........ < z",
            "a.py   | s = \"#\" < t                      | s = ... < t",
            "a.py   | f(u'x') < br\"y\" or fr'{z}'     | f(....) < ..... or .......",
            "a.py   | bar = 'k' < far                    | bar = ... < far",
    })
    void masksLiteralsAndCommentsOnOneLine(String path, String line, String expected) {
        assertThat(masked(SourceFile.of(path.strip(), line), 1)).isEqualTo(expected);
    }

    static Stream<Arguments> multiLineCases() {
        return Stream.of(
                arguments("block comment", "A.java",
                        "a < b; /* starts\n x > y\n ends */ c >= d",
                        "a < b; .........\n......\n........ c >= d"),
                arguments("Java text block keeping escaped quotes", "A.java",
                        "s = \"\"\"\n  a < b \\\"\"\" still\n  \"\"\"; x < y",
                        "s = ...\n..................\n.....; x < y"),
                arguments("template literal", "a.ts",
                        "q = `a\n < b` < c",
                        "q = ..\n..... < c"),
                arguments("Python triple-quoted strings", "a.py",
                        "d = '''x\nif a < b: ' \"\"\"\n''' < e\ns = r\"\"\"\n# not a comment\n\"\"\"  # a < b",
                        "d = ....\n...............\n... < e\ns = ....\n...............\n...  ......."),
                arguments("Python string continued by a backslash, then one closed by the line end", "a.py",
                        "s = 'a \\\n< b' < c\nt = 'd\nx < y",
                        "s = ....\n.... < c\nt = ..\nx < y"),
                arguments("C string closed by the line end", "a.c",
                        "s = \"a\n x < y",
                        "s = ..\n x < y"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("multiLineCases")
    void masksLiteralsAndCommentsSpanningLines(String what, String path, String content, String expected) {
        SourceFile file = SourceFile.of(path, content);

        assertThat(IntStream.rangeClosed(1, file.lineCount()).mapToObj(line -> masked(file, line))
                .collect(Collectors.joining("\n"))).isEqualTo(expected);
    }

    @Test
    void tokensOfALineInsideAStringAreOneLiteral() {
        SourceFile file = SourceFile.of("A.java", "s = \"\"\"\n  a < b\n  \"\"\";");

        assertThat(file.tokens(2)).containsExactly(new Token(Token.Kind.STRING, "  a < b", 0, 7));
        assertThat(file.isCode(2, 3)).isFalse();
        assertThat(file.isCode(3, 4)).isFalse();
        assertThat(file.isCode(3, 5)).isTrue();
        assertThat(file.isCode(3, 6)).isFalse();
    }

    private static String masked(SourceFile file, int line) {
        String text = file.line(line);
        StringBuilder masked = new StringBuilder(text.length());
        for (int column = 0; column < text.length(); column++) {
            masked.append(file.isCode(line, column) ? text.charAt(column) : '.');
        }
        return masked.toString();
    }
}
