package dev.repofix.stage;

import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import dev.repofix.config.ModelLimits;
import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatCompletionBodies;
import dev.repofix.model.ModelException;
import dev.repofix.model.OpenAiChatClient;
import dev.repofix.model.OpenAiSettings;
import dev.repofix.model.WindowedServer;
import dev.repofix.testrun.FailureReport;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Item 1 of issue 33: with a window stated, every request fits it, against a server that enforces one. */
class ModelWindowTest {
    private static final int WINDOW = 2048;
    private static final WindowedServer SERVER = new WindowedServer(WINDOW);

    @RegisterExtension
    static WireMockExtension api = WireMockExtension.newInstance()
            .options(wireMockConfig().dynamicPort().extensions(SERVER)).build();

    private static final String PATH = "/v1/chat/completions";
    private static final String MODEL = "qwen2.5-coder-0.5b-instruct-q8_0.gguf";
    private static final String ISSUE = "{\"title\": \"withdraw adds\", \"description\": \"AccountTest#withdraws "
            + "fails\", \"explanation\": \"+= instead of -=\", \"bugType\": \"wrong operator\"}";
    /** About 5,000 cl100k tokens of code: far more than a 2k window holds. */
    private static final String BIG_CONTEXT = IntStream.range(0, 320)
            .mapToObj(i -> "src/main/java/com/acme/Ledger.java:" + i + ": long entry" + i + " = balance * " + i
                    + " + fee(" + i + ");")
            .collect(Collectors.joining("\n"));

    @TempDir
    Path root;
    FailureReport report;

    @BeforeEach
    void setUp() throws IOException {
        report = FailureFixture.write(root);
        SERVER.requested.clear();
    }

    private ChatClient client() {
        return new OpenAiChatClient(OpenAiSettings.of(URI.create(api.baseUrl() + "/v1"), MODEL, Optional.empty(),
                "OPENAI_API_KEY"));
    }

    private LlmStages stages(int window, int maxAnswer, String context) {
        return new LlmStages(client(), r -> context, 3, StageInputs.chained(),
                new ModelLimits(OptionalInt.of(window), maxAnswer, Optional.empty(), OptionalInt.empty()),
                Clock.systemUTC());
    }

    @Test
    void withoutAWindowTheServerRefusesWhatIsTooLong() {
        api.stubFor(post(PATH).willReturn(okJson(ChatCompletionBodies.completion(MODEL, ISSUE, 10, 10))));

        assertThatThrownBy(() -> new LlmStages(client(), r -> BIG_CONTEXT).draftIssue(report))
                .isInstanceOf(ModelException.class)
                .hasMessageContaining("(HTTP 400): This model's maximum context length is 2048 tokens")
                .hasMessageEndingWith("; state the model's window with --model-context, and repofix cuts every "
                        + "request to fit it");
    }

    @Test
    void aStatedWindowCutsTheCodeThenTheAnswerBudgetAndTheRunSaysSo() {
        api.stubFor(post(PATH).willReturn(okJson(ChatCompletionBodies.completion(MODEL, ISSUE, 10, 10))));
        LlmStages stages = stages(WINDOW, 4096, BIG_CONTEXT);

        IssueDraft issue = stages.draftIssue(report);

        assertThat(issue.title()).isEqualTo("withdraw adds");
        assertThat(SERVER.requested).singleElement().satisfies(n -> assertThat(n).isLessThanOrEqualTo(WINDOW));
        assertThat(stages.notes()).singleElement().asString()
                .startsWith("issue: cut to fit the model's window of 2048 tokens (estimated for a tokenizer")
                .contains("code context ", "answer budget 4096 -> ")
                .doesNotContain("instructions", "re-ask history");
        assertThat(api.getAllServeEvents().get(0).getRequest().getBodyAsString())
                .contains("lines of code left out to fit the model's window", "Ledger.java:0:")
                .doesNotContain("Ledger.java:319:");
    }

    @Test
    void aReAskKeepsWithinTheWindowByCuttingTheWrongAnswer() {
        String rambling = IntStream.range(0, 200).mapToObj(i -> "Perhaps the fault is in line " + i
                + " of the ledger, where the balance may be updated twice.").collect(Collectors.joining("\n"));
        api.stubFor(post(PATH).inScenario("re-ask").whenScenarioStateIs(Scenario.STARTED)
                .willReturn(okJson(ChatCompletionBodies.completion(MODEL, rambling, 300, 3000)))
                .willSetStateTo("asked again"));
        api.stubFor(post(PATH).inScenario("re-ask").whenScenarioStateIs("asked again")
                .willReturn(okJson(ChatCompletionBodies.completion(MODEL, ISSUE, 10, 10))));
        LlmStages stages = stages(WINDOW, 1024, "CONTEXT");

        IssueDraft issue = stages.draftIssue(report);

        assertThat(issue.title()).isEqualTo("withdraw adds");
        assertThat(SERVER.requested).hasSize(2).allSatisfy(n -> assertThat(n).isLessThanOrEqualTo(WINDOW));
        assertThat(String.join("\n", stages.notes())).contains("re-ask history ");
        // WireMock lists the latest request first: the re-ask, with the wrong answer's head only.
        assertThat(api.getAllServeEvents().get(0).getRequest().getBodyAsString())
                .contains("Perhaps the fault is in line 0 ", "rest of the answer left out to fit the model's window",
                        "Your answer could not be used")
                .doesNotContain("line 199 ");
    }

    @Test
    void aRequestThatCannotFitIsRefusedBeforeItIsSentNamingTheNumbers() {
        api.stubFor(post(PATH).willReturn(okJson(ChatCompletionBodies.completion(MODEL, ISSUE, 10, 10))));
        LlmStages stages = stages(ModelLimits.MIN_WINDOW, 4096, BIG_CONTEXT);

        assertThatThrownBy(() -> stages.draftIssue(report))
                .isInstanceOfSatisfying(ModelException.class, e -> assertThat(e.kind()).isEqualTo(ErrorKind.INPUT))
                .hasMessageStartingWith("the issue request does not fit the model's window of 512 tokens "
                        + "(--model-context): after every cut (code context ")
                .hasMessageMatching("(?s).*its prompt needs \\d+ tokens .* and its answer at least 256; not sent.*");
        api.verify(0, postRequestedFor(urlEqualTo(PATH)));
        assertThat(stages.attempts()).singleElement().satisfies(a -> assertThat(a.parsed()).isFalse());
    }
}
