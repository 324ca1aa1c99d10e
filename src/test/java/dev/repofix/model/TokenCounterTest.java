package dev.repofix.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
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
    void promptCountAddsTheChatFraming() {
        TokenCounter counter = TokenCounter.cl100k();
        List<ChatMessage> messages = List.of(ChatMessage.system("hello world"), ChatMessage.user("hello world"));

        assertThat(counter.countPrompt(messages)).isEqualTo(3 + 2 * (4 + 2));
    }
}
