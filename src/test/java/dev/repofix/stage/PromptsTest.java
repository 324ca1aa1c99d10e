package dev.repofix.stage;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.MavenBuild;
import dev.repofix.model.ChatMessage;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.FileIndex;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class PromptsTest {
    private static final IssueDraft ISSUE = new IssueDraft("T", "D", "E", "unknown");

    @Test
    void asksEachStageForItsJsonShape() {
        FailureReport report = report(List.of(failing(1, "boom")), "");

        assertThat(user(Prompts.issue(report, "CODE"))).contains("\"title\"", "\"explanation\"", "JSON only", "CODE");
        assertThat(user(Prompts.localization(report, "CODE", ISSUE))).contains("\"file\"", "\"line\"", "\"content\"", "## Issue");
        assertThat(user(Prompts.patch(report, "", ISSUE, List.of()))).contains("\"diff\"", "<<<<<<< SEARCH")
                .doesNotContain("## Code", "## Suspected lines");
    }

    @Test
    void stageOneListsTheBugTypesOfTheTaxonomy() {
        String prompt = user(Prompts.issue(report(List.of(failing(1, "boom")), ""), ""));

        assertThat(prompt).contains("\"bugType\": \"<the bug's type: one label of the list below>\"");
        for (BugType t : BugType.values()) {
            assertThat(prompt).contains("- " + t.label() + ": " + t.meaning());
        }
    }

    @Test
    void trimsLongTracesAndManyFailures() {
        List<TestResult> failing = IntStream.rangeClosed(1, 12).mapToObj(i -> failing(i, "line\n".repeat(40))).toList();

        String prompt = user(Prompts.issue(report(failing, ""), ""));

        assertThat(prompt).contains("Failing tests (12)", "... (25 more lines)", "... and 4 more failing tests")
                .doesNotContain("T#t9 ");
    }

    @Test
    void showsTheLogTailOnlyWhenNoTestSaysWhy() {
        String log = IntStream.rangeClosed(1, 50).mapToObj(i -> "log " + i).reduce("", (a, b) -> a + b + "\n");
        TestResult silent = new TestResult("T#t", TestStatus.ERRORED, "", "", List.of());

        assertThat(user(Prompts.issue(report(List.of(silent), log), ""))).contains("log 50", "log 21").doesNotContain("log 20\n");
        assertThat(user(Prompts.issue(report(List.of(failing(1, "x")), log), ""))).doesNotContain("log 50");
    }

    @Test
    void withoutMessagesShowsTestIdsAndFramesButNoMessageTraceOrLog() {
        TestResult framed = new TestResult("T#framed", TestStatus.FAILED, "SECRET-MESSAGE", "SECRET-TRACE\n\tat x",
                List.of(new StackFrame("src/A.java", 7, "run")));
        TestResult silent = new TestResult("T#silent", TestStatus.ERRORED, "", "", List.of());
        StageInputs origin = StageInputs.chained().withoutMessages();

        String prompt = user(Prompts.issue(report(List.of(framed, silent), "LOG-LINE"), "", origin));

        assertThat(prompt).contains("T#framed (FAILED)", "at src/A.java:7 (run)", "T#silent (ERRORED)")
                .doesNotContain("SECRET-MESSAGE", "SECRET-TRACE", "LOG-LINE");
        assertThat(user(Prompts.issue(report(List.of(silent), "LOG-LINE"), ""))).contains("LOG-LINE");
    }

    @Test
    void showsTheGivenExplanationToLocalizationAndPatch() {
        StageInputs exp = StageInputs.chained().withExplanation("WHY-IT-FAILS");
        FailureReport report = report(List.of(failing(1, "x")), "");

        assertThat(user(Prompts.localization(report, "", ISSUE, exp))).contains("## Explanation\n\nWHY-IT-FAILS");
        assertThat(user(Prompts.patch(report, "", ISSUE, List.of(), exp))).contains("## Explanation\n\nWHY-IT-FAILS");
        assertThat(user(Prompts.patch(report, "", ISSUE, List.of()))).doesNotContain("## Explanation");
        assertThat(StageInputs.chained().withExplanation("  ").explanation()).isEmpty();
    }

    @Test
    void anIssueWithoutTextIsNotShown() {
        FailureReport report = report(List.of(failing(1, "x")), "");

        assertThat(user(Prompts.patch(report, "", new IssueDraft("", " ", "", "unknown"), List.of())))
                .doesNotContain("## Issue");
        assertThat(user(Prompts.patch(report, "", new IssueDraft("T", "D", "", "unknown"), List.of())))
                .contains("## Issue\n\nT\n\nD\n\nFix the bug");
    }

    @Test
    void retryCarriesTheError() {
        ChatMessage retry = Prompts.retry("no JSON found", Prompts.LOCATIONS);

        assertThat(retry.role()).isEqualTo(ChatMessage.Role.USER);
        assertThat(retry.content()).contains("no JSON found", "a JSON array of objects with keys \"file\", \"line\"");
    }

    private static TestResult failing(int i, String trace) {
        return new TestResult("T#t" + i, TestStatus.FAILED, "message " + i, trace, List.of());
    }

    private static FailureReport report(List<TestResult> failing, String log) {
        return new FailureReport("mvn test", new TestRun(failing), failing, log, new FileIndex(Path.of("."), List.of()),
                new MavenBuild());
    }

    private static String user(List<ChatMessage> messages) {
        assertThat(messages.get(0).role()).isEqualTo(ChatMessage.Role.SYSTEM);
        return messages.get(1).content();
    }
}
