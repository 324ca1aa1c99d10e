package dev.repofix.model;

import static dev.repofix.model.Requests.ask;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException.ErrorKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayChatClientTest {
    @TempDir
    Path dir;

    private static String line(String stage, String caseId, String hash, String text) {
        return "{\"stage\":\"" + stage + "\",\"caseId\":\"" + caseId + "\",\"request_hash\":\"" + hash
                + "\",\"text\":\"" + text + "\",\"model\":\"gpt-4o-2024-08-06\",\"input_tokens\":100,"
                + "\"output_tokens\":20}";
    }

    private static String hashOf(ChatRequest request) {
        return RequestKeys.messagesHash(request.messages());
    }

    @Test
    void answersTheExactRequestFirstThenByRecordedOrder() throws IOException {
        Path file = dir.resolve("answers.jsonl");
        Files.write(file, List.of(
                line("localize", "case-1", "0000", "first in order"),
                line("localize", "case-1", hashOf(ask("Where?")), "exact"),
                "",
                line("localize", "case-1", "1111", "second in order"),
                line("patch", "case-1", "2222", "other stage")));
        ReplayChatClient replay = new ReplayChatClient(file);

        ChatResponse exact = replay.complete(ask("Where?"));
        assertThat(exact.text()).isEqualTo("exact");
        assertThat(exact.cached()).isTrue();
        assertThat(exact.model()).isEqualTo("gpt-4o-2024-08-06");
        assertThat(exact.inputTokens()).isEqualTo(100);
        assertThat(replay.complete(ask("changed prompt")).text()).isEqualTo("first in order");
        assertThat(replay.complete(ask("changed again")).text()).isEqualTo("second in order");
        assertThat(replay.complete(ask("Where?")).text()).isEqualTo("exact");
        assertThat(replay.name()).isEqualTo("replay:answers.jsonl");
    }

    @Test
    void missingEntrySaysHowToRecordOne() throws IOException {
        Path file = dir.resolve("answers.jsonl");
        Files.write(file, List.of(line("patch", "case-1", "2222", "other stage")));

        assertThatThrownBy(() -> new ReplayChatClient(file).complete(ask("Where?")))
                .isInstanceOf(ModelException.class)
                .hasMessage("no recorded answer for stage localize case case-1 in " + file
                        + "; record one with --record")
                .extracting(e -> ((ModelException) e).kind()).isEqualTo(ErrorKind.INPUT);
    }

    @Test
    void missingFileOrBadLineIsAnInputError() throws IOException {
        Path bad = dir.resolve("bad.jsonl");
        Files.write(bad, List.of(line("issue", "c", "h", "ok"), "{\"stage\":\"issue\"}"));

        assertThatThrownBy(() -> new ReplayChatClient(dir.resolve("none.jsonl")))
                .hasMessageContaining("no recording at").hasMessageContaining("--record");
        assertThatThrownBy(() -> new ReplayChatClient(bad)).hasMessageContaining("line 2 of the recording");
    }

    @Test
    void recordingThenReplayingReproducesTheAnswers() {
        Path file = dir.resolve("runs/answers.jsonl");
        ScriptedChatClient model = new ScriptedChatClient();
        RecordingChatClient recorder = new RecordingChatClient(model, file);
        List<ChatRequest> requests = List.of(ask("Where?"), ask("Why?"),
                new ChatRequest("patch", "case-2", List.of(ChatMessage.user("Fix it")), 64, 0.0));
        List<String> live = new ArrayList<>();
        for (ChatRequest request : requests) {
            live.add(recorder.complete(request).text());
        }

        ReplayChatClient replay = new ReplayChatClient(file);
        List<String> replayed = new ArrayList<>();
        for (ChatRequest request : requests) {
            replayed.add(replay.complete(request).text());
        }

        assertThat(replayed).isEqualTo(live);
        assertThat(recorder.name()).isEqualTo("fake:fake-1");
    }

    @Test
    void recordingFromManyThreadsKeepsWholeLines() throws Exception {
        Path file = dir.resolve("answers.jsonl");
        RecordingChatClient recorder = new RecordingChatClient(new ScriptedChatClient(), file);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        for (int i = 0; i < 200; i++) {
            String question = "question " + i + " " + "x".repeat(2000);
            pool.submit(() -> recorder.complete(ask(question)));
        }
        pool.shutdown();
        assertThat(pool.awaitTermination(30, TimeUnit.SECONDS)).isTrue();

        assertThat(Files.readAllLines(file)).hasSize(200);
        assertThat(new ReplayChatClient(file).complete(ask("anything")).text()).startsWith("answer ");
    }
}
