package dev.repofix.eval.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.repofix.eval.gold.BugFixture;
import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatMessage;
import dev.repofix.model.ChatRequest;
import dev.repofix.model.ChatResponse;
import dev.repofix.stage.FailureFixture;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.LlmStages;
import dev.repofix.stage.Localization;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.FailureReport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** What each setting's prompts show and hide, through the real stages and a client that keeps every prompt. */
class SettingPromptsTest {
    private static final String MODEL_TITLE = "MODEL-TITLE";
    private static final String FRAME = FailureFixture.FRAME;
    private static final String LOCATION = FailureFixture.SOURCE + ":6: balance += amount;";
    private static final String MESSAGE = FailureFixture.MESSAGE;
    private static final String TRACE = "AssertionFailedError";
    private static final String REF_ISSUE = "REF-TITLE";
    private static final String REF_DESCRIPTION = "REF-DESCRIPTION";
    private static final String ISSUE_EXPLANATION = "REF-ISSUE-EXPLANATION";
    private static final String EXPLANATION = "REF-EXPLANATION";

    @TempDir
    Path root;

    /** Answers each stage with a usable answer and keeps the requests. */
    private static final class PromptKeeper implements ChatClient {
        final List<ChatRequest> requests = new ArrayList<>();

        @Override
        public ChatResponse complete(ChatRequest request) {
            requests.add(request);
            String text = switch (request.stage()) {
                case "issue" -> "{\"title\": \"" + MODEL_TITLE + "\", \"description\": \"d\", \"explanation\": \"e\"}";
                case "localize" -> "[{\"file\": \"" + FailureFixture.SOURCE + "\", \"line\": 6}]";
                default -> "{\"diff\": " + TextNode.valueOf(BugFixture.PATCH) + "}";
            };
            return new ChatResponse(text, "keeper", 10, 1, Duration.ZERO, false);
        }

        @Override
        public String name() {
            return "keeper";
        }

        String prompt(String stage) {
            return requests.stream().filter(r -> r.stage().equals(stage)).findFirst().orElseThrow().messages()
                    .stream().filter(m -> m.role() == ChatMessage.Role.USER).findFirst().orElseThrow().content();
        }
    }

    static Stream<Arguments> settings() {
        return Stream.of(
                expect(Setting.ISSUE_ORIGIN, List.of("issue"), List.of(FRAME),
                        List.of(MESSAGE, TRACE, REF_ISSUE, LOCATION, EXPLANATION)),
                expect(Setting.ISSUE_MESSAGE, List.of("issue"), List.of(MESSAGE, TRACE),
                        List.of(REF_ISSUE, LOCATION, EXPLANATION)),
                expect(Setting.LOCALIZE_ISSUE, List.of("issue", "localize"), List.of(MESSAGE, TRACE, MODEL_TITLE),
                        List.of(REF_ISSUE, EXPLANATION, "## Suspected lines")),
                expect(Setting.LOCALIZE_ORACLE, List.of("localize"), List.of(MESSAGE, REF_ISSUE, REF_DESCRIPTION),
                        List.of(ISSUE_EXPLANATION, EXPLANATION, MODEL_TITLE)),
                expect(Setting.LOCALIZE_ORACLE_EXP, List.of("localize"), List.of(MESSAGE, REF_ISSUE, EXPLANATION),
                        List.of(ISSUE_EXPLANATION, MODEL_TITLE)),
                expect(Setting.PATCH_ORIGIN, List.of("patch"), List.of(FRAME),
                        List.of(MESSAGE, TRACE, REF_ISSUE, "## Issue", LOCATION, EXPLANATION)),
                expect(Setting.PATCH_MESSAGE, List.of("patch"), List.of(MESSAGE, TRACE),
                        List.of(REF_ISSUE, "## Issue", LOCATION, EXPLANATION)),
                expect(Setting.PATCH_ORIGIN_LOC, List.of("patch"), List.of(FRAME, LOCATION),
                        List.of(MESSAGE, TRACE, REF_ISSUE, EXPLANATION)),
                expect(Setting.PATCH_MESSAGE_LOC, List.of("patch"), List.of(MESSAGE, LOCATION),
                        List.of(REF_ISSUE, EXPLANATION)),
                expect(Setting.PATCH_ORACLE, List.of("patch"), List.of(MESSAGE, REF_ISSUE, REF_DESCRIPTION),
                        List.of(ISSUE_EXPLANATION, EXPLANATION, LOCATION)),
                expect(Setting.PATCH_ORACLE_LOC, List.of("patch"), List.of(MESSAGE, REF_ISSUE, LOCATION),
                        List.of(ISSUE_EXPLANATION, EXPLANATION)),
                expect(Setting.PATCH_ORACLE_EXP, List.of("patch"), List.of(MESSAGE, REF_ISSUE, EXPLANATION),
                        List.of(ISSUE_EXPLANATION, LOCATION)));
    }

    private static Arguments expect(Setting s, List<String> asked, List<String> shown, List<String> hidden) {
        return Arguments.of(s, asked, shown, hidden);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("settings")
    void promptsShowAndHideWhatTheSettingSays(Setting setting, List<String> asked, List<String> shown,
            List<String> hidden) throws Exception {
        FailureReport report = FailureFixture.write(root);
        PromptKeeper client = new PromptKeeper();
        LlmStages stages = new LlmStages(client, r -> "", 2,
                setting.inputs("case-1", BugFixture.ISSUE, BugFixture.LOCATIONS, BugFixture.EXPLANATION), 256);

        IssueDraft issue = stages.draftIssue(report);
        Localization localization = stages.localize(report, issue);
        List<PatchCandidate> candidates = stages.propose(report, issue, localization);

        assertThat(client.requests).extracting(ChatRequest::stage).containsExactlyElementsOf(asked);
        assertThat(client.requests).extracting(ChatRequest::caseId).containsOnly("case-1");
        String scored = client.prompt(setting.scored().stageName());
        assertThat(scored).contains(shown).contains("com.acme.AccountTest#withdraws");
        for (String h : hidden) {
            assertThat(scored).doesNotContain(h);
        }
        assertThat(candidates).hasSize(asked.contains("patch") ? 1 : 0);
    }
}
