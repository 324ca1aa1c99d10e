package dev.repofix.eval.result;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** Output folders of benchmark runs as 'eval run' leaves them, for the eval and CLI tests. */
public final class ResultDirs {
    public static final String SHA = "5e".repeat(32);

    private ResultDirs() {}

    /** Shard {@code index}/{@code count}: a manifest and one scored result per case (not fixed). */
    public static Path shard(Path dir, int index, int count, String sha, String... caseIds) {
        ResultStore store = new ResultStore(dir);
        store.writeManifest(new RunManifest("cases.jsonl", sha, index, count, "openai:gpt-test", List.of("origin"),
                Instant.parse("2026-01-0" + index + "T00:00:00Z"), "0.1.0", List.of()));
        for (String id : caseIds) {
            Results r = Results.scored();
            r.caseId = id;
            store.write(r.build());
        }
        return dir;
    }

    /** One unsharded run: case {@code fixed} fixed with {@link Results#FIX}, {@code missed} not. */
    public static Path run(Path dir, String fixed, String missed) {
        shard(dir, 1, 1, SHA, missed);
        Results r = Results.scored().predicting(Results.at(Results.CALC, 11)).fixedWith(Results.FIX);
        r.caseId = fixed;
        new ResultStore(dir).write(r.build());
        return dir;
    }

    /** The fix {@link #run} writes. */
    public static String fixDiff() {
        return Results.FIX;
    }
}
