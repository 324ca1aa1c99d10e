package dev.repofix.stage;

import dev.repofix.config.ModelLimits;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatMessage;
import dev.repofix.model.ChatRequest;
import dev.repofix.model.ChatResponse;
import dev.repofix.model.ModelException;
import dev.repofix.model.WindowTokens;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Asks the model for one stage's answer until it reads, up to k times: each unusable
 * answer goes back into the conversation with the reason, and a new answer is asked
 * for. Every stage asked leaves one {@link StageAttempts}. With a window stated, each request
 * is cut to fit it ({@link WindowFit}); each request's timeout is the operator's, else what is
 * left of the stage's share of the run's budget, and a re-ask is sent only when that share
 * still holds as long as the longest answer took.
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

    /**
     * A stage's prompt around its code context, and when the stage's share of the run's
     * budget ends (empty: no budget, the client's own timeout holds).
     */
    record Prompt(String context, Function<String, List<ChatMessage>> withContext, Optional<Instant> end) {}

    private final ChatClient client;
    private final int maxAttempts;
    private final int maxTokens;
    private final ModelLimits limits;
    private final Clock clock;
    private final Optional<WindowFit> fit;
    private final String tokensHow;
    private final Set<String> notes = Collections.synchronizedSet(new LinkedHashSet<>());
    private final List<StageAttempts> attempts = new ArrayList<>();

    StageConversation(ChatClient client, int maxAttempts, ModelLimits limits, Clock clock) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
        this.client = client;
        this.maxAttempts = maxAttempts;
        this.maxTokens = limits.maxAnswerTokens();
        this.limits = limits;
        this.clock = clock;
        WindowTokens tokens = WindowTokens.forClient(client.name());
        this.fit = limits.window().isPresent()
                ? Optional.of(new WindowFit(limits.window().getAsInt(), maxTokens, tokens)) : Optional.empty();
        this.tokensHow = tokens.describe();
    }

    /**
     * The first answer {@code reader} reads.
     *
     * @throws StageException when none of k answers reads, naming the stage and the last reason
     * @throws ModelException when the model cannot be asked; the attempts so far are recorded
     */
    <T> T ask(String stage, String caseId, Prompt prompt, JsonShape shape, Reader<T> reader) {
        List<ChatMessage> history = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        AnswerOutcome last = AnswerOutcome.NOT_PARSED;
        int inputTokens = 0;
        int outputTokens = 0;
        Duration longest = Duration.ZERO;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            if (attempt > 1 && !timeForAnother(prompt.end(), longest)) {
                errors.add("no re-ask: " + Duration.between(clock.instant(), prompt.end().orElseThrow()).toSeconds()
                        + " s left of the stage's share of the run's budget, and an answer took "
                        + longest.toSeconds() + " s");
                attempts.add(new StageAttempts(stage, false, attempt - 1, maxAttempts, errors, inputTokens,
                        outputTokens, last));
                throw new StageException(stage, "the model (" + client.name() + ") gave no usable " + stage
                        + " answer in " + (attempt - 1) + " attempt(s), and the stage's share of the run's budget "
                        + "holds no full answer more; last error: " + errors.get(errors.size() - 2)
                        + "; raise --timeout or ask a faster model");
            }
            ChatResponse answer;
            try {
                answer = client.complete(request(stage, caseId, prompt, history));
            } catch (ModelException e) {
                errors.add("model call failed: " + e.getMessage());
                attempts.add(new StageAttempts(stage, false, attempt, maxAttempts, errors, inputTokens, outputTokens,
                        failure(e)));
                throw e;
            }
            inputTokens += answer.inputTokens();
            outputTokens += answer.outputTokens();
            longest = answer.elapsed().compareTo(longest) > 0 ? answer.elapsed() : longest;
            try {
                T value = reader.read(answer.text());
                attempts.add(new StageAttempts(stage, true, attempt, maxAttempts, errors, inputTokens, outputTokens));
                return value;
            } catch (UnusableAnswer e) {
                errors.add(e.getMessage());
                last = e.outcome();
                history.add(ChatMessage.assistant(answer.text()));
                history.add(Prompts.retry(e.getMessage(), shape));
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
        return e.kind() == ModelException.ErrorKind.INPUT || e.refused() ? AnswerOutcome.REFUSED
                : AnswerOutcome.NO_ANSWER;
    }

    /** Records that {@code stage} was not asked of the model. */
    void notAsked(String stage) {
        attempts.add(StageAttempts.notAsked(stage));
    }

    List<StageAttempts> attempts() {
        return List.copyOf(attempts);
    }

    /** What was cut to fit the model's window, one line per stage and cut, in order; empty when nothing was. */
    List<String> notes() {
        synchronized (notes) {
            return List.copyOf(notes);
        }
    }

    /**
     * The request for the next attempt: the prompt and the re-ask history cut to fit the window,
     * bounded by the operator's timeout, else by what is left of the stage's share.
     *
     * @throws ModelException when no time is left or the request cannot fit; nothing is sent
     */
    private ChatRequest request(String stage, String caseId, Prompt prompt, List<ChatMessage> history) {
        Optional<Duration> timeout = limits.timeout().or(() -> prompt.end().map(e -> Duration.between(clock.instant(),
                e)));
        if (timeout.isPresent() && timeout.get().compareTo(Duration.ofSeconds(1)) < 0) {
            throw new ModelException(ErrorKind.RUNTIME, "no time left of the " + stage + " stage's share of the "
                    + "run's budget to ask the model; raise --timeout");
        }
        if (fit.isEmpty()) {
            List<ChatMessage> messages = new ArrayList<>(prompt.withContext().apply(prompt.context()));
            messages.addAll(history);
            return new ChatRequest(stage, caseId, messages, maxTokens, 0.0, timeout);
        }
        WindowFit.Fitted fitted = fit.get().fit(stage, prompt.context(), prompt.withContext(), history);
        if (!fitted.cuts().isEmpty()) {
            notes.add(stage + ": cut to fit the model's window of " + limits.window().getAsInt() + " tokens ("
                    + tokensHow + "): " + String.join(", ", fitted.cuts()));
        }
        return new ChatRequest(stage, caseId, fitted.messages(), fitted.maxTokens(), 0.0, timeout);
    }

    /** Whether what is left of the stage's share holds another answer as long as the longest so far. */
    private boolean timeForAnother(Optional<Instant> end, Duration longest) {
        return end.isEmpty() || Duration.between(clock.instant(), end.get()).compareTo(longest) >= 0;
    }
}
