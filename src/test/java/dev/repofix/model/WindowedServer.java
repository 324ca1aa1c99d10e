package dev.repofix.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.client.ResponseDefinitionBuilder;
import com.github.tomakehurst.wiremock.extension.ResponseDefinitionTransformerV2;
import com.github.tomakehurst.wiremock.http.ResponseDefinition;
import com.github.tomakehurst.wiremock.stubbing.ServeEvent;
import dev.repofix.context.TokenCounter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A WireMock extension that makes a chat-completions stub behave like a local server with a
 * fixed context window (llama.cpp's --ctx-size): a request whose messages and
 * {@code max_tokens} together exceed the window gets OpenAI's HTTP 400 "maximum context
 * length" error instead of the stub's answer. Its tokenizer is taken to split text into
 * {@value #VERBOSITY} times as many tokens as cl100k_base does, as small open models' do;
 * every request's total is kept for assertions.
 */
public final class WindowedServer implements ResponseDefinitionTransformerV2 {
    static final double VERBOSITY = 1.2;
    private static final int FRAMING = 6;

    private final int window;
    private final TokenCounter counter = TokenCounter.cl100k();
    private final ObjectMapper json = new ObjectMapper();
    /** Messages' tokens plus max_tokens, per request received, in order. */
    public final List<Integer> requested = new CopyOnWriteArrayList<>();

    public WindowedServer(int window) {
        this.window = window;
    }

    @Override
    public ResponseDefinition transform(ServeEvent event) {
        JsonNode body;
        try {
            body = json.readTree(event.getRequest().getBodyAsString());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
        int messages = 0;
        for (JsonNode m : body.path("messages")) {
            messages += FRAMING + (int) Math.ceil(VERBOSITY * counter.count(m.path("content").asText()));
        }
        int completion = body.path("max_tokens").asInt();
        requested.add(messages + completion);
        if (messages + completion <= window) {
            return event.getResponseDefinition();
        }
        return ResponseDefinitionBuilder.responseDefinition().withStatus(400)
                .withHeader("content-type", "application/json").withBody(json.createObjectNode().set("error",
                        json.createObjectNode().put("message", "This model's maximum context length is " + window
                                + " tokens. However, you requested " + (messages + completion) + " tokens ("
                                + messages + " in the messages, " + completion + " in the completion). Please "
                                + "reduce the length of the messages or completion.")
                                .put("type", "invalid_request_error").put("param", "messages")
                                .put("code", "context_length_exceeded")).toString())
                .build();
    }

    @Override
    public String getName() {
        return "windowed-server";
    }
}
