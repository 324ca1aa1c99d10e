package dev.repofix.model;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.Objects;

/**
 * One request and its answer as stored on disk: a line of a recording (JSONL) or a cache file.
 * The field names are the recording format; changing them breaks existing recordings.
 */
@JsonIgnoreProperties(ignoreUnknown = true)
record Exchange(
        @JsonProperty("stage") String stage,
        @JsonProperty("caseId") String caseId,
        @JsonProperty("request_hash") String requestHash,
        @JsonProperty("text") String text,
        @JsonProperty("model") String model,
        @JsonProperty("input_tokens") int inputTokens,
        @JsonProperty("output_tokens") int outputTokens) {
    Exchange {
        Objects.requireNonNull(stage, "stage");
        Objects.requireNonNull(caseId, "caseId");
        Objects.requireNonNull(requestHash, "request_hash");
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(model, "model");
    }

    static Exchange of(ChatRequest request, ChatResponse response) {
        return new Exchange(request.stage(), request.caseId(), RequestKeys.messagesHash(request.messages()),
                response.text(), response.model(), response.inputTokens(), response.outputTokens());
    }

    /** Parses one stored exchange; a missing required field is an error too. */
    static Exchange parse(ObjectMapper json, String text) throws JsonProcessingException {
        return json.readValue(text, Exchange.class);
    }

    /** One line of JSON, no line breaks inside. */
    String toJson(ObjectMapper json) {
        try {
            return json.writeValueAsString(this);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a record of strings and numbers always serializes", e);
        }
    }

    /** The stored answer, served at no cost. */
    ChatResponse toResponse() {
        return new ChatResponse(text, model, inputTokens, outputTokens, Duration.ZERO, true);
    }
}
