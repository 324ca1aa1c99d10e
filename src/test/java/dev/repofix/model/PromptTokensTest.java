package dev.repofix.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.context.TokenCounter;
import java.util.List;
import org.junit.jupiter.api.Test;

class PromptTokensTest {
    @Test
    void promptCountAddsTheChatFraming() {
        List<ChatMessage> messages = List.of(ChatMessage.system("hello world"), ChatMessage.user("hello world"));
        assertThat(PromptTokens.count(TokenCounter.cl100k(), messages)).isEqualTo(3 + 2 * (4 + 2));
    }
}
