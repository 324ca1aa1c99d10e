package dev.repofix.history;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A writer in a child JVM: records runs one at a time and prints each id once its transaction
 * has committed, so that a test can kill it mid-run and know which runs finished.
 */
public final class HistoryWriterProcess {
    private HistoryWriterProcess() {}

    /** args: the JDBC URL, an id prefix, how many runs. */
    public static void main(String[] args) {
        HistoryStore store = HistoryStore.open(StoreLocation.of(args[0], Path.of(".")));
        int count = Integer.parseInt(args[2]);
        for (int i = 0; i < count; i++) {
            String id = args[1] + "-" + i;
            store.record(run(id, i));
            System.out.println("done " + id);
            System.out.flush();
        }
    }

    /** A run with many stage and candidate rows, so that a kill is likely to land inside a transaction. */
    static StoredRun run(String id, int i) {
        StoredRun base = HistoryRuns.fix(id, i % 2 == 0 ? "builtin" : "openai:gpt-4o", i % 3 == 0, i % 14);
        List<StageResult> stages = new ArrayList<>();
        List<CandidateVerdict> candidates = new ArrayList<>();
        for (int k = 0; k < 50; k++) {
            StageResult s = base.stages().get(k % base.stages().size());
            stages.add(new StageResult("", k, s.stage(), s.status(), s.millis(), s.attempts(), s.inputTokens(),
                    s.outputTokens(), s.costUsd(), s.summary()));
            CandidateVerdict c = base.candidates().get(k % base.candidates().size());
            candidates.add(new CandidateVerdict("", k, c.candidateId(), c.strategy(), c.file(), c.line(), c.verdict(),
                    c.millis()));
        }
        return new StoredRun(base.summary(), Map.of("i", String.valueOf(i)), stages, candidates, List.of(),
                base.record());
    }

    static Process start(StoreLocation where, String prefix, int count) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                HistoryWriterProcess.class.getName(), where.jdbcUrl(), prefix, String.valueOf(count))
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    /** Reads the writer's output until {@code count} runs are done (or it ends); the ids done. */
    static List<String> awaitFinished(Process writer, int count) throws IOException, InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(2));
        List<String> done = new ArrayList<>();
        BufferedReader out = new BufferedReader(new InputStreamReader(writer.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while (done.size() < count && Instant.now().isBefore(deadline) && (line = out.readLine()) != null) {
            if (line.startsWith("done ")) {
                done.add(line.substring(5));
            }
        }
        if (done.size() < count) {
            writer.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            throw new AssertionError("the writer finished " + done.size() + " of " + count + " runs in time");
        }
        return done;
    }
}
