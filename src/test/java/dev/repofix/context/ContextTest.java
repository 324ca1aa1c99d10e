package dev.repofix.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ContextTest {
    static ContextChunk chunk(String file, int start, String... lines) {
        return new ContextChunk(file, start, start + lines.length - 1, String.join("\n", lines), "test", 0);
    }

    @Test
    void rendersHeaderAndNumberedLines() {
        Context context = new Context(List.of(chunk("a/B.java", 41, "int x;", "return x;")), 0, 100);

        assertThat(context.render()).isEqualTo("### a/B.java (lines 41-42)\n  41 | int x;\n  42 | return x;\n");
    }

    @Test
    void mergesOverlappingAndAdjacentChunksOfOneFileInLineOrder() {
        Context context = new Context(List.of(
                chunk("A.java", 5, "e", "f", "g"),
                chunk("B.java", 1, "b1"),
                chunk("A.java", 1, "a", "b", "c", "d", "e"),
                chunk("A.java", 8, "h"),
                chunk("A.java", 20, "t")), 0, 100);

        assertThat(context.render()).isEqualTo("""
                ### A.java (lines 1-8)
                   1 | a
                   2 | b
                   3 | c
                   4 | d
                   5 | e
                   6 | f
                   7 | g
                   8 | h

                ### A.java (lines 20-20)
                  20 | t

                ### B.java (lines 1-1)
                   1 | b1
                """);
    }

    @Test
    void rendersNothingWithoutChunks() {
        assertThat(new Context(List.of(), 0, 2048).render()).isEmpty();
    }

    @Test
    void chunkRejectsTextNotMatchingItsLines() {
        assertThatThrownBy(() -> new ContextChunk("A.java", 3, 5, "one\ntwo", "x", 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("A.java lines 3-5 need 3 lines of text, got 2");
    }

    @Test
    void countsTokensWithSpecialTokensAsText() {
        TokenCounter counter = new TokenCounter();

        assertThat(counter.count("")).isZero();
        assertThat(counter.count("hello world")).isEqualTo(2);
        assertThat(counter.count("x <|endoftext|> y")).isGreaterThan(3);
    }
}
