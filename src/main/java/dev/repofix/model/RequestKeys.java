package dev.repofix.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/** Stable SHA-256 keys of requests, for replay lookup and the response cache. */
final class RequestKeys {
    private RequestKeys() {
    }

    /** The hash of a conversation: roles and contents, length-prefixed so no two conversations collide by joining. */
    static String messagesHash(List<ChatMessage> messages) {
        StringBuilder text = new StringBuilder();
        for (ChatMessage message : messages) {
            text.append(message.role()).append(':').append(message.content().length()).append(':')
                    .append(message.content()).append('\n');
        }
        return sha256(text.toString());
    }

    /** The cache key: which client (its name carries the model), the conversation and the sampling bounds. */
    static String cacheKey(String clientName, ChatRequest request) {
        return sha256(clientName.length() + ":" + clientName + "\nmax_tokens=" + request.maxTokens()
                + "\ntemperature=" + request.temperature() + "\n" + messagesHash(request.messages()));
    }

    static String sha256(String text) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(digest.digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}
