package dev.repofix.stage;

import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatRequest;
import dev.repofix.model.ChatResponse;
import dev.repofix.model.ModelException;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Answers with scripted texts in order and keeps every request; 100 tokens in, 10 out per
 * call. Out of answers, it fails as an unreachable model does.
 */
final class ScriptedChatClient implements ChatClient {
    private final Deque<String> answers;
    final List<ChatRequest> requests = new ArrayList<>();

    ScriptedChatClient(String... answers) {
        this.answers = new ArrayDeque<>(List.of(answers));
    }

    @Override
    public ChatResponse complete(ChatRequest request) {
        requests.add(request);
        if (answers.isEmpty()) {
            throw new ModelException(ErrorKind.RUNTIME, "no scripted answer left for request " + requests.size());
        }
        return new ChatResponse(answers.poll(), "scripted", 100, 10, Duration.ofMillis(1), false);
    }

    @Override
    public String name() {
        return "scripted";
    }

    /** The text of the last message of request {@code i} (0-based). */
    String lastMessage(int i) {
        List<dev.repofix.model.ChatMessage> messages = requests.get(i).messages();
        return messages.get(messages.size() - 1).content();
    }
}
