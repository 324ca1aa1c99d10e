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

    /**
     * An answer that cannot be used: without the asked-for shape, or with it but not usable
     * (a diff of files that do not exist); the message goes back to the model.
     */
    static final class UnusableAnswer extends Exception {
        private static final long serialVersionUID = 1L;

        private final AnswerOutcome outcome;

        /** An answer without the asked-for shape. */
        UnusableAnswer(String reason) {
            this(reason, AnswerOutcome.NOT_PARSED);
        }

        private UnusableAnswer(String reason, AnswerOutcome outcome) {
            super(reason);
            this.outcome = outcome;
        }

        /** An answer with the asked-for shape that cannot be used, and why. */
        static UnusableAnswer unusable(String why) {
            return new UnusableAnswer(why, AnswerOutcome.UNUSABLE);
        }

        AnswerOutcome outcome() {
            return outcome;
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
        AnswerOutcome last = AnswerOutcome.NOT_PARSED;
        int inputTokens = 0;
        int outputTokens = 0;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatResponse answer;
            try {
                answer = client.complete(new ChatRequest(stage, caseId, messages, maxTokens, 0.0));
            } catch (ModelException e) {
                errors.add("model call failed: " + e.getMessage());
                attempts.add(new StageAttempts(stage, false, attempt, maxAttempts, errors, inputTokens, outputTokens,
                        failure(e)));
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
                last = e.outcome();
                messages.add(ChatMessage.assistant(answer.text()));
                messages.add(Prompts.retry(e.getMessage(), shape));
            }
        }
        attempts.add(new StageAttempts(stage, false, maxAttempts, maxAttempts, errors, inputTokens, outputTokens, last));
        String what = last == AnswerOutcome.UNUSABLE ? "answered, but no " + stage + " answer was usable"
                : "gave no " + stage + " answer that parses";
        throw new StageException(stage, "the model (" + client.name() + ") " + what + " in " + maxAttempts
                + " attempts; last: " + errors.get(errors.size() - 1) + "; try another model or more attempts");
    }

    /**
     * A failed call as an outcome: the server refused it when it said so (an HTTP status of
     * its own, a refused key: kind INPUT), else no answer came (timed out, unreachable, an
     * interrupt at the end of the run's budget).
     */
    static AnswerOutcome failure(ModelException e) {
        String message = String.valueOf(e.getMessage());
        return e.kind() == ModelException.ErrorKind.INPUT || message.contains("(HTTP ") ? AnswerOutcome.REFUSED
                : AnswerOutcome.NO_ANSWER;
    }

    /** Records that {@code stage} was not asked of the model. */
    void notAsked(String stage) {
        attempts.add(StageAttempts.notAsked(stage));
    }

    List<StageAttempts> attempts() {
        return List.copyOf(attempts);
    }
}
