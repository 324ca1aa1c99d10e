package dev.repofix.model;

/** A chat model: an HTTP API, a recorded replay, or a cache in front of either. */
public interface ChatClient {
    /**
     * Sends {@code request} and returns the answer; never null.
     *
     * @throws ModelException when no answer could be had (bad key, unreachable, retries spent),
     *                        with a message that says what to do and never the API key
     */
    ChatResponse complete(ChatRequest request);

    /** The model's name for reports, e.g. "openai:gpt-4o". */
    String name();
}
