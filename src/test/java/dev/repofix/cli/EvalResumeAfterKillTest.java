package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A benchmark run killed as the OOM killer or a cancelled CI runner kills it (SIGKILL, no
 * shutdown hook): {@code repofix eval run} in its own JVM over eight pytest cases, one at a
 * time, killed once some but not all results are written; a second run on the same OUT
 * keeps every result written before the kill untouched and runs only the rest.
 */
class EvalResumeAfterKillTest {
    private static final long WAIT_FOR_FIRST_RESULT_MS = 120_000;

    @TempDir
    Path temp;

    @Test
    void aRunKilledMidwayResumesKeepingEveryFinishedResultUntouched() throws Exception {
        Path cases = eightCases();
        Path out = temp.resolve("out");
        Map<String, Snapshot> beforeKill = runUntilSomeResultsThenKill(cases, out);

        assertThat(EvalRunEndToEndTest.evalFolders(temp.resolve("work1"))).as("the killed run's folder").hasSize(1);

        // The same work folder: the killed run's folder is removed, as this run's own is at its end.
        RunOutput again = RunOutput.run(temp.resolve("work1"), temp.resolve("unused"), "eval", "run", "--cases",
                cases.toString(), "--model", "gold", "--jobs", "1", "--out", out.toString());

        assertThat(again.exitCode()).as(again.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.evalFolders(temp.resolve("work1"))).isEmpty();
        assertThat(again.stdout()).contains((8 - beforeKill.size()) + " case run(s) this time, " + beforeKill.size()
                + " kept from before");
        Map<String, Snapshot> after = snapshot(out);
        for (Map.Entry<String, Snapshot> e : beforeKill.entrySet()) {
            assertThat(after.get(e.getKey())).as("%s, written before the kill, is left as it was", e.getKey())
                    .isEqualTo(e.getValue());
        }
        try (Stream<Path> files = Files.list(out.resolve("cases"))) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .as("one result per case and no temporary file left")
                    .containsExactlyInAnyOrderElementsOf(ids().stream().map(id -> id + ".json").toList());
        }
        List<JsonNode> results = EvalRunEndToEndTest.results(out);
        assertThat(results).extracting(r -> r.path("case_id").asText()).containsExactlyInAnyOrderElementsOf(ids());
        assertThat(results).extracting(r -> r.path("status").asText() + " " + r.path("record").path("status").asText())
                .containsOnly("SCORED FIXED");
    }

    /** Starts the run in a JVM of its own, waits for a first result and kills it with SIGKILL before the last. */
    private Map<String, Snapshot> runUntilSomeResultsThenKill(Path cases, Path out) throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Path log = temp.resolve("first-run.log");
        Process p = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "eval", "run", "--cases", cases.toString(), "--model", "gold", "--jobs", "1",
                "--sandbox", "local", "--work-dir", temp.resolve("work1").toString(), "--out", out.toString()))
                .redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.currentTimeMillis() + WAIT_FOR_FIRST_RESULT_MS;
            while (resultCount(out) == 0 && p.isAlive() && System.currentTimeMillis() < deadline) {
                Thread.sleep(20);
            }
            p.destroyForcibly();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(p.exitValue()).as("killed by SIGKILL, not ended by itself: %s", Files.readString(log))
                .isEqualTo(128 + 9);
        Map<String, Snapshot> written = snapshot(out);
        assertThat(written.size()).as("some results but not all before the kill: %s", Files.readString(log))
                .isBetween(1, 7);
        return written;
    }

    private static long resultCount(Path out) throws IOException {
        Path dir = out.resolve("cases");
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(f -> isResult(f.getFileName().toString())).count();
        }
    }

    private static boolean isResult(String name) {
        return name.endsWith(".json") && !name.startsWith(".");
    }

    /** A result file as it is on disk. */
    record Snapshot(FileTime modified, String content) {}

    private static Map<String, Snapshot> snapshot(Path out) throws IOException {
        Map<String, Snapshot> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(out.resolve("cases"))) {
            for (Path f : list.filter(f -> isResult(f.getFileName().toString())).toList()) {
                files.put(f.getFileName().toString(), new Snapshot(Files.getLastModifiedTime(f), Files.readString(f)));
            }
        }
        return files;
    }

    private static List<String> ids() {
        List<String> ids = new ArrayList<>();
        for (EvalFixtures.Bug b : EvalFixtures.BUGS) {
            ids.add(b.id());
            ids.add(b.id() + "-again");
        }
        return ids;
    }

    /** The four fixture bugs twice, under distinct ids: long enough a run to be killed halfway. */
    private Path eightCases() throws IOException {
        Path cases = EvalFixtures.caseFile(temp);
        ObjectMapper json = new ObjectMapper();
        List<String> lines = new ArrayList<>();
        for (String line : Files.readAllLines(cases)) {
            if (line.isBlank()) {
                continue;
            }
            lines.add(line);
            ObjectNode copy = (ObjectNode) json.readTree(line);
            copy.put("id", copy.path("id").asText() + "-again");
            lines.add(copy.toString());
        }
        Files.writeString(cases, String.join("\n", lines) + "\n");
        return cases;
    }
}
