package dev.repofix.model;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/** Requests and fixed time shared by the model tests. */
final class Requests {
    static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-10T12:00:00Z"), ZoneOffset.UTC);
    static final String KEY = "sk-test-SECRET-0123456789abcdef";

    private Requests() {
    }

    static ChatRequest ask(String question) {
        return new ChatRequest("localize", "case-1",
                List.of(ChatMessage.system("You fix Java bugs."), ChatMessage.user(question)), 256, 0.0);
    }
}
