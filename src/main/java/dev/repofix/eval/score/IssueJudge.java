package dev.repofix.eval.score;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatMessage;
import dev.repofix.model.ChatRequest;
import dev.repofix.model.ChatResponse;
import dev.repofix.model.Pricing;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.JsonExtractor;
import dev.repofix.stage.Prompts;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Scores a drafted issue with a chat model as judge: reproducibility, relevance,
 * explanation and overall, 0 to 10 each, against the reference patch and the error
 * message. The answer is untrusted text: its JSON is found however it is wrapped, and
 * an answer without four scores in range is refused and asked again, up to k times.
 */
public final class IssueJudge {
    /** The version of the judge prompt; results carry it, and scores of different versions do not compare. */
    public static final String PROMPT_VERSION = "judge/1";
    public static final int DEFAULT_ATTEMPTS = 3;
    public static final int DEFAULT_MAX_TOKENS = 1024;
    /** What the requests name as their stage, for replay keys and accounting. */
    public static final String STAGE = "judge";

    private static final List<String> SCORES = List.of("reproducibility", "relevance", "explanation", "overall");

    private final ChatClient client;
    private final Pricing pricing;
    private final int maxAttempts;
    private final int maxTokens;

    /**
     * @param client      the judge model
     * @param pricing     puts a cost on the judge's tokens
     * @param maxAttempts k: answers asked before the issue stays unscored
     * @param maxTokens   the answer size limit of each call
     */
    public IssueJudge(ChatClient client, Pricing pricing, int maxAttempts, int maxTokens) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1: " + maxAttempts);
        }
        if (maxTokens < 1) {
            throw new IllegalArgumentException("maxTokens must be positive: " + maxTokens);
        }
        this.client = Objects.requireNonNull(client, "client");
        this.pricing = Objects.requireNonNull(pricing, "pricing");
        this.maxAttempts = maxAttempts;
        this.maxTokens = maxTokens;
    }

    /**
     * Judges {@code issue} for one case; never null.
     *
     * @param caseId         the case, for replay keys
     * @param issue          the drafted issue
     * @param referencePatch the case's reference patch
     * @param errorMessage   the failing tests' error messages
     * @throws dev.repofix.model.ModelException when the judge cannot be asked (retries spent)
     */
    public IssueJudgement judge(String caseId, IssueDraft issue, String referencePatch, String errorMessage) {
        List<ChatMessage> messages = new ArrayList<>(JudgePrompt.of(issue, referencePatch, errorMessage));
        List<String> errors = new ArrayList<>();
        int inputTokens = 0;
        int outputTokens = 0;
        double cost = 0;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatResponse answer = client.complete(new ChatRequest(STAGE, caseId, messages, maxTokens, 0.0));
            inputTokens += answer.inputTokens();
            outputTokens += answer.outputTokens();
            cost += pricing.cost(answer);
            try {
                IssueScores scores = read(answer.text());
                return new IssueJudgement.Scored(scores,
                        new JudgeUsage(client.name(), PROMPT_VERSION, attempt, errors, inputTokens, outputTokens, cost));
            } catch (UnusableScores e) {
                errors.add(e.getMessage());
                messages.add(ChatMessage.assistant(answer.text()));
                messages.add(Prompts.retry(e.getMessage(), JudgePrompt.SCORES));
            }
        }
        return new IssueJudgement.Unscored("the judge (" + client.name() + ") gave no usable scores in "
                + maxAttempts + " attempts; last error: " + errors.get(errors.size() - 1),
                new JudgeUsage(client.name(), PROMPT_VERSION, maxAttempts, errors, inputTokens, outputTokens, cost));
    }

    /** An answer without four scores in range; the message goes back to the judge. */
    static final class UnusableScores extends Exception {
        private static final long serialVersionUID = 1L;

        UnusableScores(String reason) {
            super(reason);
        }
    }

    /** The four scores of an answer. */
    static IssueScores read(String answer) throws UnusableScores {
        JsonNode json = switch (JsonExtractor.extract(answer, JudgePrompt.SCORES)) {
            case JsonExtractor.Result.Found found -> found.json();
            case JsonExtractor.Result.NotFound notFound -> throw new UnusableScores(notFound.error());
        };
        double[] values = new double[SCORES.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = score(json, SCORES.get(i));
        }
        return new IssueScores(values[0], values[1], values[2], values[3]);
    }

    private static double score(JsonNode json, String key) throws UnusableScores {
        JsonNode value = json.get(key);
        double number;
        if (value.isNumber()) {
            number = value.doubleValue();
        } else {
            try {
                number = Double.parseDouble(value.asText().strip());
            } catch (NumberFormatException e) {
                throw new UnusableScores("the \"" + key + "\" score is no number: " + value);
            }
        }
        if (!(number >= IssueScores.MIN && number <= IssueScores.MAX)) {
            throw new UnusableScores(String.format(Locale.ROOT,
                    "the \"%s\" score %s is outside 0-10; every score must be a number from 0 to 10", key,
                    value.asText()));
        }
        return number;
    }
}
