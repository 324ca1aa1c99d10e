package dev.repofix.model;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.OptionalInt;

/** Reads the fields a model answer must or may have; a missing required one is a {@link MalformedAnswer}. */
final class JsonFields {
    private JsonFields() {
    }

    /** The string at {@code pointer} (e.g. "/choices/0/message/content"), which must be there. */
    static String requiredText(JsonNode root, String pointer) {
        JsonNode node = root.at(pointer);
        if (!node.isTextual()) {
            throw new MalformedAnswer("no string at " + pointer);
        }
        return node.asText();
    }

    /** The string at {@code pointer}, or {@code fallback} when absent. */
    static String text(JsonNode root, String pointer, String fallback) {
        JsonNode node = root.at(pointer);
        return node.isTextual() && !node.asText().isBlank() ? node.asText() : fallback;
    }

    /** The whole number at {@code pointer}, empty when absent or not a number. */
    static OptionalInt optionalInt(JsonNode root, String pointer) {
        JsonNode node = root.at(pointer);
        return node.isIntegralNumber() ? OptionalInt.of(node.asInt()) : OptionalInt.empty();
    }
}
