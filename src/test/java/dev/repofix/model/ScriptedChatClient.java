package dev.repofix.model;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A fake model that answers "answer N to: <last message>" and remembers what it was asked. */
final class ScriptedChatClient implements ChatClient {
    final List<ChatRequest> asked = new ArrayList<>();

    @Override
    public synchronized ChatResponse complete(ChatRequest request) {
        asked.add(request);
        String last = request.messages().get(request.messages().size() - 1).content();
        return new ChatResponse("answer " + asked.size() + " to: " + last, "fake-1", 10 + asked.size(), 5,
                Duration.ofMillis(120), false);
    }

    @Override
    public String name() {
        return "fake:fake-1";
    }
}
