package dev.repofix.eval.result;

import static dev.repofix.eval.result.Results.CALC;
import static dev.repofix.eval.result.Results.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.repofix.config.RepofixException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultStoreTest {
    @TempDir
    Path out;

    @Test
    void writesOneFilePerCaseNamedByCaseSettingAndSampleAndReadsItBack() throws IOException {
        Results r = Results.scored().predicting(at(CALC, 11)).fixedWith(Results.FIX);
        r.setting = Optional.of("oracle");
        r.sample = OptionalInt.of(2);
        r.contextTokens = OptionalInt.of(8000);
        r.cause = Optional.of(at(CALC, 11));
        r.issueScore = Optional.of(new IssueScore(8, 7, 6, 7, 70, "judge", "v1"));
        CaseResult result = r.build();
        ResultStore store = new ResultStore(out);

        Path file = store.write(result);

        assertThat(file).isEqualTo(out.resolve("cases/calc-1.oracle.s2.json"));
        assertThat(Files.readString(file)).contains("\"schema\" : \"repofix.eval-result/1\"")
                .contains("\"schema\" : \"repofix.run/2\"");
        assertThat(store.results()).containsExactly(result);
    }

    @Test
    void aResultNamesTheSetupLogOfItsEnvironmentAndReadsItBack() throws IOException {
        CaseResult result = Results.scored().build().withSetupLog(Optional.of("environments/0123abcd.log"));
        ResultStore store = new ResultStore(out);

        Path file = store.write(result);

        assertThat(Files.readString(file)).contains("\"setup_log\" : \"environments/0123abcd.log\"");
        assertThat(store.results()).containsExactly(result);
        assertThat(Files.readString(store.write(Results.scored().build()))).doesNotContain("setup_log");
    }

    @Test
    void leavesNoTemporaryFileAndReplacesAnEarlierResultWhole() throws IOException {
        ResultStore store = new ResultStore(out);
        Results error = Results.scored();
        error.status = ResultStatus.ERROR;
        error.withRecord = false;
        error.error = Optional.of("disk full");
        store.write(error.build());

        store.write(Results.scored().build());

        try (Stream<Path> files = Files.list(out.resolve("cases"))) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("calc-1.json");
        }
        assertThat(store.results()).singleElement().extracting(CaseResult::status).isEqualTo(ResultStatus.SCORED);
    }

    @Test
    void resumeKeepsScoredBrokenAndFlakyResultsAndRetriesErrors() {
        ResultStore store = new ResultStore(out);
        store.write(withStatus("scored", ResultStatus.SCORED));
        store.write(withStatus("broken", ResultStatus.BROKEN));
        store.write(withStatus("flaky", ResultStatus.FLAKY));
        store.write(withStatus("errored", ResultStatus.ERROR));

        assertThat(store.resumable("scored")).isEqualTo(ResultStore.Resume.KEEP);
        assertThat(store.resumable("broken")).isEqualTo(ResultStore.Resume.KEEP);
        assertThat(store.resumable("flaky")).isEqualTo(ResultStore.Resume.KEEP);
        assertThat(store.resumable("errored")).isEqualTo(ResultStore.Resume.RETRY);
        assertThat(store.resumable("never-ran")).isEqualTo(ResultStore.Resume.RUN);
    }

    @Test
    void halfWrittenTemporaryFileIsIgnoredAndDeleted() throws IOException {
        ResultStore store = new ResultStore(out);
        store.write(Results.scored().build());
        Path stray = Files.writeString(out.resolve("cases/.calc-2.json.123456.tmp"), "{\"schema\": \"repofix.ev");

        assertThat(store.results()).extracting(CaseResult::caseId).containsExactly("calc-1");
        assertThat(stray).doesNotExist();
        assertThat(store.resumable("calc-2")).isEqualTo(ResultStore.Resume.RUN);
    }

    @Test
    void refusesAResultThatDoesNotMatchTheSchemaNamingTheFile() throws IOException {
        ResultStore store = new ResultStore(out);
        Path file = store.write(Results.scored().build());
        Files.writeString(file, Files.readString(file).replace("\"SCORED\"", "\"WON\""));

        assertThatThrownBy(store::results).isInstanceOf(RepofixException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("eval-result.schema.json")
                .hasMessageContaining("status");
    }

    @Test
    void refusesAResultWhoseRecordIsNoRunRecord() throws IOException {
        ResultStore store = new ResultStore(out);
        Path file = store.write(Results.scored().build());
        Files.writeString(file, Files.readString(file).replace("\"runId\" :", "\"runID\" :"));

        assertThatThrownBy(store::results).isInstanceOf(RepofixException.class)
                .hasMessageContaining("report.schema.json");
    }

    @Test
    void manifestReadsBackAsWritten() {
        ResultStore store = new ResultStore(out);
        RunManifest manifest = new RunManifest("cases.jsonl", "ab".repeat(32), 2, 3, "openai:gpt-test",
                List.of("origin", "oracle"), Instant.parse("2026-01-02T03:04:05Z"), "0.1.0", List.of());

        store.writeManifest(manifest);

        assertThat(store.manifest()).contains(manifest);
        assertThat(out.resolve("run.json")).exists();
    }

    @Test
    void caseFileDigestIsItsSha256InHex() throws IOException {
        // FIPS 180-2, appendix B.1: SHA-256("abc")
        Path cases = Files.writeString(out.resolve("cases.jsonl"), "abc");

        assertThat(RunManifest.sha256(cases))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThatThrownBy(() -> RunManifest.sha256(out.resolve("absent.jsonl"))).isInstanceOf(RepofixException.class)
                .hasMessageContaining("absent.jsonl");
    }

    private static CaseResult withStatus(String id, ResultStatus status) {
        Results r = Results.scored();
        r.caseId = id;
        r.status = status;
        return r.build();
    }
}
