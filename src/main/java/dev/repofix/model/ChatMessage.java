package dev.repofix.model;

import java.util.Objects;

/**
 * One message of a chat.
 *
 * @param role    who speaks
 * @param content the text; never null
 */
public record ChatMessage(Role role, String content) {
    public ChatMessage {
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(content, "content");
    }

    /** The roles every supported API knows. */
    public enum Role { SYSTEM, USER, ASSISTANT }

    public static ChatMessage system(String text) {
        return new ChatMessage(Role.SYSTEM, text);
    }

    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, text);
    }

    public static ChatMessage assistant(String text) {
        return new ChatMessage(Role.ASSISTANT, text);
    }
}
