package dev.repofix.stage;

import dev.repofix.config.ModelLimits;
import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatMessage;
import dev.repofix.patch.PatchText;
import dev.repofix.testrun.FailureReport;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The stages answered by a chat model: a prompt per stage asking for strict JSON, the
 * JSON found in the answer however it is wrapped, up to k attempts with the parse error
 * fed back (Loads@k), and locations checked against the workspace. Model output is
 * untrusted text: nothing of it is used unchecked but the patch, which the validator
 * applies with its own path checks.
 *
 * <p>Time: each stage asked has a share of what is left of the run's budget when it starts,
 * that left divided by the stages still to ask plus one for validation (the issue stage of a
 * run that asks all three gets a quarter, localization a third of what is left then, the
 * patch stage half); a request's timeout is what is left of that share unless the operator
 * set {@code model-timeout}.
 */
public final class LlmStages implements Stages {
    public static final int DEFAULT_ATTEMPTS = 3;
    public static final int DEFAULT_MAX_TOKENS = 4096;
    /** What a stage not asked answers when no reference issue is given: no text, which no prompt shows. */
    static final IssueDraft NO_ISSUE = new IssueDraft("", "", "", "unknown");

    private final Function<FailureReport, String> contextProvider;
    private final StageInputs inputs;
    private final StageConversation conversation;
    private final Clock clock;
    private FailureReport contextFor;
    private String context;
    private List<LocationCheck> locationChecks = List.of();

    /**
     * @param client          the model
     * @param contextProvider renders the code a prompt shows for a failure report; called once per report
     * @param maxAttempts     k: answers asked per stage before giving up
     * @param inputs          what later stages run from: earlier outputs or given references
     * @param maxTokens       the answer size limit of each call
     */
    public LlmStages(ChatClient client, Function<FailureReport, String> contextProvider, int maxAttempts,
            StageInputs inputs, int maxTokens) {
        this(client, contextProvider, maxAttempts, inputs,
                new ModelLimits(OptionalInt.empty(), maxTokens, Optional.empty(), OptionalInt.empty()),
                Clock.systemUTC());
    }

    /**
     * @param limits the model's window and answer budget (each request is cut to fit), and the
     *               operator's request timeout
     * @param clock  measures the stages' shares of the run's budget
     */
    public LlmStages(ChatClient client, Function<FailureReport, String> contextProvider, int maxAttempts,
            StageInputs inputs, ModelLimits limits, Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.conversation = new StageConversation(Objects.requireNonNull(client, "client"), maxAttempts,
                Objects.requireNonNull(limits, "limits"), clock);
        this.contextProvider = Objects.requireNonNull(contextProvider, "contextProvider");
        this.inputs = Objects.requireNonNull(inputs, "inputs");
    }

    /** k = {@value #DEFAULT_ATTEMPTS}, stages chained, {@value #DEFAULT_MAX_TOKENS} tokens per answer. */
    public LlmStages(ChatClient client, Function<FailureReport, String> contextProvider) {
        this(client, contextProvider, DEFAULT_ATTEMPTS, StageInputs.chained(), DEFAULT_MAX_TOKENS);
    }

    /**
     * Asks the model; the issue's bugType is "unknown" when the answer names none. When the
     * inputs do not ask this stage: the given reference issue, else an empty one.
     */
    @Override
    public IssueDraft draftIssue(FailureReport failures) {
        if (!inputs.asks(StageInputs.Step.ISSUE)) {
            return inputs.issue().orElse(NO_ISSUE);
        }
        return conversation.ask("issue", inputs.caseId(), prompt(failures, StageInputs.Step.ISSUE,
                code -> Prompts.issue(failures, code, inputs)), Prompts.ISSUE, AnswerReaders::issue);
    }

    /**
     * Asks the model from the given reference issue if any, else from {@code issue}; keeps only
     * real lines. When the inputs do not ask this stage: the given reference locations, else none.
     */
    @Override
    public Localization localize(FailureReport failures, IssueDraft issue) {
        if (!inputs.asks(StageInputs.Step.LOCALIZE)) {
            return inputs.localization().orElse(new Localization(List.of()));
        }
        IssueDraft from = inputs.issue().orElse(issue);
        List<SuggestedLocation> suggested = conversation.ask("localize", inputs.caseId(),
                prompt(failures, StageInputs.Step.LOCALIZE, code -> Prompts.localization(failures, code, from, inputs)),
                Prompts.LOCATIONS, AnswerReaders::locations);
        locationChecks = new LocationValidator(failures.files()).validate(suggested);
        return LocationValidator.localization(locationChecks);
    }

    /**
     * One candidate, "m1", from the model's diff or edit blocks; the given references replace
     * earlier outputs. None when the inputs do not ask this stage.
     */
    @Override
    public List<PatchCandidate> propose(FailureReport failures, IssueDraft issue, Localization localization) {
        if (!inputs.asks(StageInputs.Step.PATCH)) {
            return List.of();
        }
        IssueDraft from = inputs.issue().orElse(issue);
        List<Location> locations = inputs.patchWithLocalization()
                ? inputs.localization().orElse(localization).locations() : List.of();
        PatchText diff = conversation.ask("patch", inputs.caseId(),
                prompt(failures, StageInputs.Step.PATCH, code -> Prompts.patch(failures, code, from, locations, inputs)),
                Prompts.PATCH, AnswerReaders::patch);
        return List.of(ModelPatch.candidate(diff, failures.files()));
    }

    /** One entry per stage asked so far, in order, including stages that failed. */
    @Override
    public List<StageAttempts> attempts() {
        return conversation.attempts();
    }

    /** What validation did with each location of the last {@link #localize}; empty before it. */
    public List<LocationCheck> locationChecks() {
        return locationChecks;
    }

    /** What was cut to fit the model's window, per stage; empty when no window is stated or nothing was cut. */
    @Override
    public List<String> notes() {
        return conversation.notes();
    }

    private StageConversation.Prompt prompt(FailureReport failures, StageInputs.Step step,
            Function<String, List<ChatMessage>> withContext) {
        return new StageConversation.Prompt(context(failures), withContext, shareEnd(failures, step));
    }

    /**
     * When this stage's share of the run's budget ends: what is left now divided by the stages
     * still to ask, this one included, plus one for validation. Empty without a run budget.
     */
    private Optional<Instant> shareEnd(FailureReport failures, StageInputs.Step step) {
        if (failures.budget().isEmpty()) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        Duration left = failures.budget().get().left(now);
        long parts = 1 + Arrays.stream(StageInputs.Step.values())
                .filter(s -> s.ordinal() >= step.ordinal() && inputs.asks(s)).count();
        return Optional.of(now.plus(left.dividedBy(parts)));
    }

    private String context(FailureReport failures) {
        if (contextFor != failures) {
            context = Objects.requireNonNull(contextProvider.apply(failures), "context provider returned null");
            contextFor = failures;
        }
        return context;
    }
}
