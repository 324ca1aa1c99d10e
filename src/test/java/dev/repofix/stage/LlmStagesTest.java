package dev.repofix.stage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException.ErrorKind;
import dev.repofix.model.ChatMessage;
import dev.repofix.model.ModelException;
import dev.repofix.patch.PatchText;
import dev.repofix.testrun.FailureReport;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LlmStagesTest {
    private static final String ISSUE = """
            ```json
            {"title": "withdraw adds", "description": "AccountTest#withdraws fails", "explanation": "+= instead of -=",
             "bugType": "wrong operator"}
            ```""";
    /** A localization answer naming the bug's line. */
    private static final String SOURCE_LINE = "[{\"file\": \"" + FailureFixture.SOURCE + "\", \"line\": 6}]";
    /** A patch answer holding the fix. */
    private static final String FIX_ANSWER = "{\"diff\": "
            + com.fasterxml.jackson.databind.node.TextNode.valueOf(FailureFixture.FIX) + "}";
    private static final IssueDraft GIVEN = new IssueDraft("reference title", "reference description",
            "reference explanation", "wrong result");

    @TempDir
    Path root;
    FailureReport report;

    @BeforeEach
    void writeWorkspace() throws IOException {
        report = FailureFixture.write(root);
    }

    @Test
    void draftsTheIssueOnTheFirstAttempt() {
        ScriptedChatClient client = new ScriptedChatClient(ISSUE);
        LlmStages stages = stages(client, StageInputs.chained());

        IssueDraft issue = stages.draftIssue(report);

        assertThat(issue).isEqualTo(new IssueDraft("withdraw adds", "AccountTest#withdraws fails", "+= instead of -=",
                "wrong operator"));
        assertThat(stages.attempts()).containsExactly(new StageAttempts("issue", true, 1, 3, List.of(), 100, 10));
        assertThat(client.requests.get(0).stage()).isEqualTo("issue");
        assertThat(client.requests.get(0).messages().get(0).role()).isEqualTo(ChatMessage.Role.SYSTEM);
        assertThat(client.lastMessage(0)).contains("Reproduce with: `mvn test -Dtest=AccountTest#withdraws`",
                "expected: <5> but was: <15>", "AccountTest.java:9", "CONTEXT-MARKER", "JSON only")
                .doesNotContain("-Dcheckstyle.skip");
    }

    @Test
    void callsBugTypeUnknownWhenTheAnswerNamesNone() {
        LlmStages stages = stages(new ScriptedChatClient("{'title': 'T', 'description': 'd', 'explanation': 'e'}"),
                StageInputs.chained());

        assertThat(stages.draftIssue(report).bugType()).isEqualTo("unknown");
    }

    @Test
    void retriesWithTheParseErrorAndParsesOnTheSecondAttempt() {
        ScriptedChatClient client = new ScriptedChatClient("The bug is in withdraw.", ISSUE);
        LlmStages stages = stages(client, StageInputs.chained());

        IssueDraft issue = stages.draftIssue(report);

        assertThat(issue.title()).isEqualTo("withdraw adds");
        StageAttempts attempts = stages.attempts().get(0);
        assertThat(attempts.parsed()).isTrue();
        assertThat(attempts.attempt()).isEqualTo(2);
        assertThat(attempts.errors()).singleElement().asString().startsWith("no JSON found in the answer");
        assertThat(attempts.inputTokens()).isEqualTo(200);
        assertThat(attempts.outputTokens()).isEqualTo(20);
        List<ChatMessage> retry = client.requests.get(1).messages();
        assertThat(retry).hasSize(4);
        assertThat(retry.get(2)).isEqualTo(ChatMessage.assistant("The bug is in withdraw."));
        assertThat(retry.get(3).content()).contains("no JSON found in the answer", "\"title\"");
    }

    @Test
    void failsTheStageAfterKUnparsableAnswers() {
        ScriptedChatClient client = new ScriptedChatClient("nope", "{\"title\": \"T\"}", "still nope");
        LlmStages stages = stages(client, StageInputs.chained());

        assertThatThrownBy(() -> stages.draftIssue(report))
                .isInstanceOfSatisfying(StageException.class, e -> {
                    assertThat(e.stage()).isEqualTo("issue");
                    assertThat(e.kind()).isEqualTo(ErrorKind.RUNTIME);
                })
                .hasMessageContaining("issue").hasMessageContaining("3 attempts")
                .hasMessageContaining("no JSON found in the answer");
        assertThat(client.requests).hasSize(3);
        StageAttempts attempts = stages.attempts().get(0);
        assertThat(attempts.parsed()).isFalse();
        assertThat(attempts.attempt()).isEqualTo(3);
        assertThat(attempts.errors()).hasSize(3);
        assertThat(attempts.errors().get(1)).contains("lacks \"description\"");
        assertThat(attempts.inputTokens()).isEqualTo(300);
    }

    @Test
    void keepsMovesAndDropsLocationsAgainstTheWorkspace() {
        String answer = """
                [
                  {"file": "src/main/java/com/acme/Account.java", "line": 6, "content": "balance += amount;", "reason": "adds"},
                  {"file": "a/src/main/java/com/acme/Account.java", "line": 3, "content": "return balance;"},
                  {"file": "./src/main/java/com/acme/Account.java", "line": 2, "content": "balance = 0;"},
                  {"file": "src/main/java/com/acme/Missing.java", "line": 1, "content": "x"},
                  {"file": "%s", "line": 40},
                  {"file": "%s", "line": "line 5"},
                ]""".formatted(root.resolve(FailureFixture.SOURCE), FailureFixture.SOURCE);
        LlmStages stages = stages(new ScriptedChatClient(answer), StageInputs.chained());

        Localization localization = stages.localize(report, GIVEN);

        assertThat(localization.locations()).extracting(Location::toString).containsExactly(
                FailureFixture.SOURCE + ":6", FailureFixture.SOURCE + ":9", FailureFixture.SOURCE + ":5");
        assertThat(localization.locations()).extracting(Location::score).containsExactly(1.0, 0.5, 1.0 / 3);
        assertThat(localization.locations().get(0).content()).isEqualTo("        balance += amount;");
        assertThat(localization.locations().get(0).reason()).isEqualTo("adds");
        List<LocationCheck> checks = stages.locationChecks();
        assertThat(checks).hasSize(6);
        assertThat(checks.get(0)).isInstanceOf(LocationCheck.Kept.class);
        assertThat(checks.get(1)).isInstanceOfSatisfying(LocationCheck.Moved.class, m -> {
            assertThat(m.from()).isEqualTo(3);
            assertThat(m.to()).isEqualTo(9);
        });
        assertThat(checks.get(2)).isInstanceOfSatisfying(LocationCheck.Dropped.class,
                d -> assertThat(d.reason()).contains("on no line"));
        assertThat(checks.get(3)).isInstanceOfSatisfying(LocationCheck.Dropped.class,
                d -> assertThat(d.reason()).contains("no such file"));
        assertThat(checks.get(4)).isInstanceOfSatisfying(LocationCheck.Dropped.class,
                d -> assertThat(d.reason()).contains("not in the file"));
        assertThat(checks.get(5)).isInstanceOf(LocationCheck.Kept.class);
    }

    @Test
    void movesToTheNearestLineWithTheContent() {
        String answer = "{\"locations\": [{\"file\": \"" + FailureFixture.SOURCE + "\", \"line\": 9, \"content\": \"}\"}]}";
        LlmStages stages = stages(new ScriptedChatClient(answer), StageInputs.chained());

        assertThat(stages.localize(report, GIVEN).locations()).extracting(Location::line).containsExactly(10);
    }

    @Test
    void dropsARepeatedLocation() {
        String answer = "[{\"file\": \"" + FailureFixture.SOURCE + "\", \"line\": 6},"
                + " {\"file\": \"b/" + FailureFixture.SOURCE + "\", \"line\": 6}]";
        LlmStages stages = stages(new ScriptedChatClient(answer), StageInputs.chained());

        assertThat(stages.localize(report, GIVEN).locations()).hasSize(1);
        assertThat(stages.locationChecks().get(1)).isInstanceOfSatisfying(LocationCheck.Dropped.class,
                d -> assertThat(d.reason()).startsWith("repeats"));
    }

    @Test
    void localizesFromTheGivenIssueInsteadOfTheModels() {
        ScriptedChatClient client = new ScriptedChatClient(SOURCE_LINE);
        LlmStages stages = stages(client, StageInputs.chained().withIssue(GIVEN));
        IssueDraft models = new IssueDraft("model title", "model description", "model explanation", "unknown");

        assertThat(stages.localize(report, models).locations()).hasSize(1);

        assertThat(client.lastMessage(0)).contains("reference title", "reference explanation")
                .doesNotContain("model title");
        assertThat(stages.attempts().get(0)).isEqualTo(new StageAttempts("localize", true, 1, 3, List.of(), 100, 10));
    }

    @Test
    void proposesTheModelsDiff() {
        String diff = FailureFixture.FIX;
        String answer = "```json\n{\"diff\": " + com.fasterxml.jackson.databind.node.TextNode.valueOf(diff) + "}\n```";
        ScriptedChatClient client = new ScriptedChatClient(answer);
        LlmStages stages = stages(client, StageInputs.chained());
        Localization suspects = new Localization(List.of(new Location(FailureFixture.SOURCE, 6,
                "        balance += amount;", 1.0, "adds")));

        List<PatchCandidate> candidates = stages.propose(report, GIVEN, suspects);

        assertThat(candidates).containsExactly(new PatchCandidate("m1", "llm", FailureFixture.SOURCE, 6,
                "model patch", PatchText.read(diff)));
        assertThat(client.lastMessage(0)).contains(FailureFixture.SOURCE + ":6: balance += amount;", "\"diff\"");
    }

    @Test
    void passesSearchReplaceBlocksThrough() {
        String answer = """
                src/main/java/com/acme/Account.java
                <<<<<<< SEARCH
                        balance += amount;
                =======
                        balance -= amount;
                >>>>>>> REPLACE
                """;
        LlmStages stages = stages(new ScriptedChatClient(answer), StageInputs.chained());

        PatchCandidate candidate = stages.propose(report, GIVEN, new Localization(List.of())).get(0);

        assertThat(candidate.diff()).isEqualTo(answer);
        assertThat(candidate.file()).isEqualTo(FailureFixture.SOURCE);
        assertThat(candidate.line()).isEqualTo(6);
    }

    /** A small model's echo of the template is no patch: asked again with the reason, the next diff counts. */
    @Test
    void asksAgainWhenTheDiffIsNoPatchAndTakesTheNextOne() {
        ScriptedChatClient client = new ScriptedChatClient(
                "{\"diff\": \"<a unified diff: --- src/main/java/com/acme/Account.java, ...>\"}", FIX_ANSWER);
        LlmStages stages = stages(client, StageInputs.chained());

        PatchCandidate candidate = stages.propose(report, GIVEN, new Localization(List.of())).get(0);

        assertThat(candidate.patch()).isEqualTo(PatchText.read(FailureFixture.FIX));
        StageAttempts attempts = stages.attempts().get(0);
        assertThat(attempts.attempt()).isEqualTo(2);
        assertThat(attempts.outcome()).isEqualTo(AnswerOutcome.USABLE);
        assertThat(attempts.errors()).singleElement().asString().startsWith("the diff does not parse as a patch");
        assertThat(client.lastMessage(1)).contains("the diff does not parse as a patch");
    }

    /** A diff of a file the repository does not have is unusable; k such answers fail the stage as UNUSABLE. */
    @Test
    void aDiffOfFilesThatAreNotThereIsUnusable() {
        String wrong = FIX_ANSWER.replace("src/main/java/com/acme/Account.java", "src/Account.java");
        LlmStages stages = stages(new ScriptedChatClient(wrong, wrong, wrong), StageInputs.chained());

        assertThatThrownBy(() -> stages.propose(report, GIVEN, new Localization(List.of())))
                .isInstanceOf(StageException.class).hasMessageContaining("no patch answer was usable in 3 attempts")
                .hasMessageContaining("the diff edits src/Account.java, which is not a file of the repository");
        assertThat(stages.attempts().get(0).outcome()).isEqualTo(AnswerOutcome.UNUSABLE);
    }

    /** Lines of test files are dropped with a note; an answer naming only those is asked again. */
    @Test
    void testFileLinesAreNoSuspects() {
        String onlyTest = "[{\"file\": \"" + FailureFixture.TEST + "\", \"line\": 2}]";
        String both = "[{\"file\": \"" + FailureFixture.TEST + "\", \"line\": 2}, {\"file\": \""
                + FailureFixture.SOURCE + "\", \"line\": 6}]";
        LlmStages stages = stages(new ScriptedChatClient(onlyTest, both), StageInputs.chained());

        Localization localization = stages.localize(report, GIVEN);

        assertThat(localization.locations()).extracting(Location::toString).containsExactly(FailureFixture.SOURCE + ":6");
        assertThat(stages.attempts().get(0).errors()).singleElement().asString()
                .contains("no location is a line of a source file").contains(FailureFixture.TEST + ":2 (a test file");
        assertThat(stages.notes()).singleElement().asString().contains("dropped 1 suspected line(s) in test files")
                .contains(FailureFixture.TEST + ":2");
    }

    @Test
    void readsABugTypeGivenAsAList() {
        LlmStages stages = stages(new ScriptedChatClient(ISSUE.replace("\"wrong operator\"",
                "[\"wrong operator\", \"logic\"]")), StageInputs.chained());

        assertThat(stages.draftIssue(report).bugType()).isEqualTo("wrong operator");
    }

    /** The server's refusal is recorded as such, not as an answer that did not parse. */
    @Test
    void aRefusedRequestIsRecordedAsRefused() {
        assertThat(outcomeWhenTheModelThrows(new ModelException(ErrorKind.INPUT, "the model API at localhost rejected "
                + "the request (HTTP 400): the request exceeds the available context size")))
                .isEqualTo(AnswerOutcome.REFUSED);
    }

    /** No answer is not a refusal because its text happens to quote an HTTP status (a parser's message quotes the body). */
    @Test
    void aFailureQuotingAnHttpStatusIsNoAnswerUnlessTheServerRefused() {
        assertThat(outcomeWhenTheModelThrows(new ModelException(ErrorKind.RUNTIME, "no answer from localhost after 3 "
                + "attempts: Unexpected end-of-input in a body that read \"status (HTTP 200)\"")))
                .isEqualTo(AnswerOutcome.NO_ANSWER);
    }

    /** The outcome the issue stage records when every call to the model throws {@code failure}. */
    private AnswerOutcome outcomeWhenTheModelThrows(ModelException failure) {
        dev.repofix.model.ChatClient failing = new dev.repofix.model.ChatClient() {
            @Override
            public dev.repofix.model.ChatResponse complete(dev.repofix.model.ChatRequest request) {
                throw failure;
            }

            @Override
            public String name() {
                return "failing";
            }
        };
        LlmStages stages = stages(failing, StageInputs.chained());

        assertThatThrownBy(() -> stages.draftIssue(report)).isInstanceOf(ModelException.class);
        return stages.attempts().get(0).outcome();
    }

    @Test
    void patchesFromGivenLocationsOrWithoutAny() {
        Localization given = new Localization(List.of(new Location(FailureFixture.SOURCE, 9, "return balance;", 1, "")));
        Localization models = new Localization(List.of(new Location(FailureFixture.SOURCE, 6, "x", 1, "")));
        ScriptedChatClient client = new ScriptedChatClient(FIX_ANSWER, FIX_ANSWER);

        stages(client, StageInputs.chained().withLocalization(given)).propose(report, GIVEN, models);
        stages(client, StageInputs.chained().withoutLocalizationInPatch()).propose(report, GIVEN, models);

        assertThat(client.lastMessage(0)).contains(FailureFixture.SOURCE + ":9").doesNotContain(FailureFixture.SOURCE + ":6");
        assertThat(client.lastMessage(1)).doesNotContain("Suspected lines");
    }

    @Test
    void aStageNotAskedAnswersTheReferenceOrNothingWithoutAskingTheModel() {
        Localization given = new Localization(List.of(new Location(FailureFixture.SOURCE, 6, "x", 1, "")));
        ScriptedChatClient client = new ScriptedChatClient();
        LlmStages withReferences = stages(client, StageInputs.chained().withIssue(GIVEN).withLocalization(given)
                .asking(java.util.Set.of()));
        LlmStages without = stages(client, StageInputs.chained().asking(java.util.Set.of()));

        assertThat(withReferences.draftIssue(report)).isEqualTo(GIVEN);
        assertThat(withReferences.localize(report, GIVEN)).isEqualTo(given);
        assertThat(without.draftIssue(report)).isEqualTo(new IssueDraft("", "", "", "unknown"));
        assertThat(without.localize(report, GIVEN).locations()).isEmpty();
        assertThat(without.propose(report, GIVEN, given)).isEmpty();
        assertThat(client.requests).isEmpty();
        assertThat(without.attempts()).extracting(StageAttempts::stage, StageAttempts::outcome).containsExactly(
                org.assertj.core.groups.Tuple.tuple("issue", AnswerOutcome.NOT_ASKED),
                org.assertj.core.groups.Tuple.tuple("localize", AnswerOutcome.NOT_ASKED),
                org.assertj.core.groups.Tuple.tuple("patch", AnswerOutcome.NOT_ASKED));
    }

    @Test
    void sumsTokensPerStageAndRecordsEveryStage() {
        ScriptedChatClient client = new ScriptedChatClient(ISSUE, "oops", SOURCE_LINE, FIX_ANSWER);
        LlmStages stages = new LlmStages(client, r -> "CONTEXT-MARKER", 2,
                StageInputs.chained().withCaseId("case-7"), 512);

        IssueDraft issue = stages.draftIssue(report);
        Localization localization = stages.localize(report, issue);
        stages.propose(report, issue, localization);

        assertThat(stages.attempts()).extracting(StageAttempts::stage, StageAttempts::attempt, StageAttempts::inputTokens,
                StageAttempts::outputTokens).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("issue", 1, 100, 10),
                        org.assertj.core.groups.Tuple.tuple("localize", 2, 200, 20),
                        org.assertj.core.groups.Tuple.tuple("patch", 1, 100, 10));
        assertThat(client.requests).allSatisfy(r -> {
            assertThat(r.caseId()).isEqualTo("case-7");
            assertThat(r.maxTokens()).isEqualTo(512);
            assertThat(r.temperature()).isZero();
        });
    }

    @Test
    void recordsTheAttemptsWhenTheModelCannotBeAsked() {
        ScriptedChatClient client = new ScriptedChatClient("not json");
        LlmStages stages = stages(client, StageInputs.chained());

        assertThatThrownBy(() -> stages.draftIssue(report)).isInstanceOf(ModelException.class);

        StageAttempts attempts = stages.attempts().get(0);
        assertThat(attempts.parsed()).isFalse();
        assertThat(attempts.attempt()).isEqualTo(2);
        assertThat(attempts.errors()).hasSize(2).last().asString().startsWith("model call failed: ");
    }

    private static LlmStages stages(dev.repofix.model.ChatClient client, StageInputs inputs) {
        return new LlmStages(client, r -> "CONTEXT-MARKER", 3, inputs, 1024);
    }
}
