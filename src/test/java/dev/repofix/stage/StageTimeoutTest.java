package dev.repofix.stage;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.repofix.config.ModelLimits;
import dev.repofix.model.ChatCompletionBodies;
import dev.repofix.model.ModelException;
import dev.repofix.model.OpenAiChatClient;
import dev.repofix.model.OpenAiSettings;
import dev.repofix.model.ReceivedRequests;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.RunBudget;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Item 2 of issue 33: a request's timeout comes from the stage's share of the run's budget (the
 * client's own default is 5 minutes), a timed-out request is not sent again, and a re-ask is
 * sent only when the share still holds a whole answer.
 */
class StageTimeoutTest {
    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance().options(wireMockConfig().dynamicPort()).build();

    private static final String PATH = "/v1/chat/completions";
    private static final String MODEL = "smollm2-135m-instruct";
    private static final String ISSUE = "{\"title\": \"withdraw adds\", \"description\": \"d\", \"explanation\": "
            + "\"e\", \"bugType\": \"wrong operator\"}";

    @TempDir
    Path root;

    /** The fixture's report in a run whose budget ends {@code left} from now. */
    private FailureReport within(Duration left) throws IOException {
        FailureReport report = FailureFixture.write(root);
        return new FailureReport(report.testCommand(), report.reproduce(), report.baseline(), report.failing(),
                report.log(), report.files(), report.build(),
                Optional.of(new RunBudget(Duration.ofSeconds(1), Instant.now().plus(left))), report.environment());
    }

    /** The client repofix builds by default: 5 minutes for a request that carries no timeout. */
    private LlmStages stages(Optional<Duration> modelTimeout) {
        OpenAiChatClient client = new OpenAiChatClient(OpenAiSettings.of(URI.create(api.baseUrl() + "/v1"), MODEL,
                Optional.empty(), "OPENAI_API_KEY"));
        return new LlmStages(client, r -> "CONTEXT", 3, StageInputs.chained(),
                new ModelLimits(OptionalInt.empty(), 512, modelTimeout, OptionalInt.empty()), Clock.systemUTC());
    }

    @Test
    void aSlowServerIsWaitedForOnlyTheStagesShareOfTheBudgetAndAskedOnce() throws Exception {
        api.stubFor(post(PATH).willReturn(okJson(ChatCompletionBodies.completion(MODEL, ISSUE, 10, 10))
                .withFixedDelay(15_000)));
        // 12 s left: the issue stage's share is a quarter (then localization, patch, validation).
        FailureReport tight = within(Duration.ofSeconds(12));
        long start = System.nanoTime();

        assertThatThrownBy(() -> stages(Optional.empty()).draftIssue(tight))
                .isInstanceOfSatisfying(ModelException.class, e -> assertThat(e.timedOut()).isTrue())
                .hasMessageContaining("not sent again");

        Duration took = Duration.ofNanos(System.nanoTime() - start);
        // 3 s, not the client's 5 minutes nor the server's 15 s.
        assertThat(took).isBetween(Duration.ofMillis(2500), Duration.ofMillis(9000));
        assertThat(ReceivedRequests.settled(api, Duration.ofSeconds(10), Duration.ofSeconds(1))).isOne();
    }

    @Test
    void theOperatorsModelTimeoutBoundsARequestWithoutARunBudget() throws Exception {
        api.stubFor(post(PATH).willReturn(okJson(ChatCompletionBodies.completion(MODEL, ISSUE, 10, 10))
                .withFixedDelay(15_000)));
        FailureReport unbounded = FailureFixture.write(root);
        long start = System.nanoTime();

        assertThatThrownBy(() -> stages(Optional.of(Duration.ofSeconds(3))).draftIssue(unbounded))
                .isInstanceOfSatisfying(ModelException.class, e -> assertThat(e.timedOut()).isTrue());

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(9000));
        assertThat(ReceivedRequests.settled(api, Duration.ofSeconds(10), Duration.ofSeconds(1))).isOne();
    }

    @Test
    void noReAskWhenWhatIsLeftOfTheShareHoldsNoWholeAnswer() throws IOException {
        api.stubFor(post(PATH).willReturn(okJson(ChatCompletionBodies.completion(MODEL, "I think it is withdraw.",
                10, 10)).withFixedDelay(3000)));
        // 24 s left: a 6 s share; the first (unusable) answer takes 3 s or more, less than 3 s is left.
        LlmStages stages = stages(Optional.empty());

        FailureReport tight = within(Duration.ofSeconds(24));

        assertThatThrownBy(() -> stages.draftIssue(tight))
                .isInstanceOf(StageException.class)
                .hasMessageContaining("gave no usable issue answer in 1 attempt(s), and the stage's share of the "
                        + "run's budget holds no full answer more; last error: no JSON found");

        api.verify(1, postRequestedFor(urlEqualTo(PATH)));
        assertThat(stages.attempts()).singleElement().satisfies(a -> {
            assertThat(a.parsed()).isFalse();
            assertThat(a.attempt()).isEqualTo(1);
            assertThat(a.errors()).last().asString().startsWith("no re-ask: ");
        });
    }
}
