package dev.repofix.patch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TextFileTest {
    @Test
    void splitsLinesAndRemembersTheFinalNewline() {
        TextFile file = TextFile.parse("a\nb\n");

        assertThat(file).isEqualTo(new TextFile(List.of("a", "b"), "\n", true));
    }

    @Test
    void remembersAMissingFinalNewline() {
        assertThat(TextFile.parse("a\nb")).isEqualTo(new TextFile(List.of("a", "b"), "\n", false));
    }

    @Test
    void recognisesCrlfAndKeepsCarriageReturnsOutOfTheLines() {
        assertThat(TextFile.parse("a\r\nb\r\n")).isEqualTo(new TextFile(List.of("a", "b"), "\r\n", true));
    }

    @Test
    void keepsEmptyLines() {
        assertThat(TextFile.parse("a\n\n\nb\n").lines()).containsExactly("a", "", "", "b");
        assertThat(TextFile.parse("\n")).isEqualTo(new TextFile(List.of(""), "\n", true));
    }

    @Test
    void readsAnEmptyFileAsNoLines() {
        assertThat(TextFile.parse("")).isEqualTo(new TextFile(List.of(), "\n", false));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "\n", "a", "a\n", "a\nb", "a\nb\n", "a\r\nb", "a\r\nb\r\n", "\r\n", "a\n\n", "\n\nx",
        "  indented\n\ttabbed\n", "ünïcödé\n"})
    void rendersWhatItParsed(String content) {
        assertThat(TextFile.parse(content).render()).isEqualTo(content);
    }

    @Test
    void normalisesMixedSeparatorsToCrlfWhenTheFileUsesIt() {
        assertThat(TextFile.parse("a\r\nb\nc\r\n").render()).isEqualTo("a\r\nb\r\nc\r\n");
    }

    @Test
    void newLinesKeepTheSeparatorAndFinalNewline() {
        TextFile crlf = TextFile.parse("a\r\nb");

        assertThat(crlf.withLines(List.of("x", "y", "z")).render()).isEqualTo("x\r\ny\r\nz");
    }

    @Test
    void copiesTheLines() {
        List<String> lines = new ArrayList<>(List.of("a"));
        TextFile file = new TextFile(lines, "\n", true);
        lines.add("b");

        assertThat(file.lines()).containsExactly("a");
    }
}
