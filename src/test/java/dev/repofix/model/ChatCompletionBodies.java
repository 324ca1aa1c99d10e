package dev.repofix.model;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Response bodies as an OpenAI-compatible chat-completions endpoint sends them, for fake servers in any test. */
public final class ChatCompletionBodies {
    private static final ObjectMapper JSON = new ObjectMapper();

    private ChatCompletionBodies() {}

    /** One choice answering {@code content}, from {@code model}, with the given token usage. */
    public static String completion(String model, String content, int promptTokens, int completionTokens) {
        ObjectNode root = JSON.createObjectNode().put("id", "chatcmpl-1").put("object", "chat.completion")
                .put("created", 1_700_000_000).put("model", model);
        ObjectNode choice = root.putArray("choices").addObject().put("index", 0).put("finish_reason", "stop");
        choice.putObject("message").put("role", "assistant").put("content", content);
        root.putObject("usage").put("prompt_tokens", promptTokens).put("completion_tokens", completionTokens)
                .put("total_tokens", promptTokens + completionTokens);
        return root.toString();
    }
}
