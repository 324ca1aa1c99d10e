package dev.repofix.model;

import dev.repofix.context.TokenCounter;
import java.time.Duration;
import java.util.Objects;
import java.util.OptionalInt;

/**
 * What a model API said, before token counts are completed: usage is optional because
 * local servers do not always report it.
 */
record Answer(String text, String model, OptionalInt inputTokens, OptionalInt outputTokens) {
    Answer {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(inputTokens, "inputTokens");
        Objects.requireNonNull(outputTokens, "outputTokens");
    }

    /** The response, counting with {@code counter} the tokens the API did not report. */
    ChatResponse toResponse(ChatRequest request, TokenCounter counter, Duration elapsed) {
        int input = inputTokens.isPresent() ? inputTokens.getAsInt() : PromptTokens.count(counter, request.messages());
        int output = outputTokens.isPresent() ? outputTokens.getAsInt() : counter.count(text);
        return new ChatResponse(text, model, input, output, elapsed, false);
    }
}
