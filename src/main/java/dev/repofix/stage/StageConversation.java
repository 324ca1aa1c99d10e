package dev.repofix.stage;

import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatMessage;
import dev.repofix.model.ChatRequest;
import dev.repofix.model.ChatResponse;
import dev.repofix.model.ModelException;
import java.util.ArrayList;
import java.util.List;

/**
 * Asks the model for one stage's answer until it reads, up to k times: each unusable
 * answer goes back into the conversation with the reason, and a new answer is asked
 * for. Every stage asked leaves one {@link StageAttempts}.
 */
final class StageConversation {
    /** Turns answer text into a stage's value, or says why it cannot. */
    @FunctionalInterface
    interface Reader<T> {
        T read(String answer) throws UnusableAnswer;
    }

    /** An answer without the asked-for shape; the message goes back to the model. */
    static final class UnusableAnswer extends Exception {
        private static final long serialVersionUID = 1L;

        UnusableAnswer(String reason) {
            super(reason);
        }
    }

    private final ChatClient client;
    private final int maxAttempts;
    private final int maxTokens;
    private final List<StageAttempts> attempts = new ArrayList<>();

    StageConversation(ChatClient client, int maxAttempts, int maxTokens) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be positive: " + maxTokens);
        }
        this.client = client;
        this.maxAttempts = maxAttempts;
        this.maxTokens = maxTokens;
    }

    /**
     * The first answer {@code reader} reads.
     *
     * @throws StageException when none of k answers reads, naming the stage and the last reason
     * @throws ModelException when the model cannot be asked; the attempts so far are recorded
     */
    <T> T ask(String stage, String caseId, List<ChatMessage> prompt, JsonShape shape, Reader<T> reader) {
        List<ChatMessage> messages = new ArrayList<>(prompt);
        List<String> errors = new ArrayList<>();
        int inputTokens = 0;
        int outputTokens = 0;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatResponse answer;
            try {
                answer = client.complete(new ChatRequest(stage, caseId, messages, maxTokens, 0.0));
            } catch (ModelException e) {
                errors.add("model call failed: " + e.getMessage());
                attempts.add(new StageAttempts(stage, false, attempt, maxAttempts, errors, inputTokens, outputTokens));
                throw e;
            }
            inputTokens += answer.inputTokens();
            outputTokens += answer.outputTokens();
            try {
                T value = reader.read(answer.text());
                attempts.add(new StageAttempts(stage, true, attempt, maxAttempts, errors, inputTokens, outputTokens));
                return value;
            } catch (UnusableAnswer e) {
                errors.add(e.getMessage());
                messages.add(ChatMessage.assistant(answer.text()));
                messages.add(Prompts.retry(e.getMessage(), shape));
            }
        }
        attempts.add(new StageAttempts(stage, false, maxAttempts, maxAttempts, errors, inputTokens, outputTokens));
        throw new StageException(stage, "the model (" + client.name() + ") gave no usable " + stage + " answer in "
                + maxAttempts + " attempts; last error: " + errors.get(errors.size() - 1)
                + "; try another model or more attempts");
    }

    List<StageAttempts> attempts() {
        return List.copyOf(attempts);
    }
}
