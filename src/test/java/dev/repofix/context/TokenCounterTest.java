package dev.repofix.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TokenCounterTest {
    @Test
    void countsWithTheModelsEncoding() {
        assertThat(TokenCounter.cl100k().count("hello world")).isEqualTo(2);
        assertThat(TokenCounter.o200k().count("hello world")).isEqualTo(2);
        assertThat(TokenCounter.forModel("gpt-4o").count("")).isZero();
    }

    @Test
    void specialTokenMarkersCountAsText() {
        assertThat(TokenCounter.cl100k().count("<|endoftext|>")).isGreaterThan(1);
    }

    @Test
    void defaultCounterIsCl100k() {
        assertThat(new TokenCounter().count("hello world")).isEqualTo(TokenCounter.cl100k().count("hello world"));
    }
}
