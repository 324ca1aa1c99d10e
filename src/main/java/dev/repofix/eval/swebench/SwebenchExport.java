package dev.repofix.eval.swebench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.eval.score.Scores;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.PatchCandidate;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * Predictions in SWE-bench's format: one JSON object per line, {@code instance_id},
 * {@code model_name_or_path}, {@code model_patch}, as its evaluation harness reads them, and
 * {@value #PROVEN}, which the harness ignores: whether repofix saw the patch pass its own
 * validation (a VALID candidate). Without proof a case exports the first candidate that applied,
 * a patch repofix saw fail; {@code onlyValid} leaves such cases out.
 */
public final class SwebenchExport {
    /** The field that says whether repofix proved the patch; SWE-bench reads only its three and ignores it. */
    public static final String PROVEN = "repofix_proven";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private SwebenchExport() {}

    /**
     * What an export wrote.
     *
     * @param predictions the lines written
     * @param leftOut     cases left out by {@code onlyValid}: no patch of theirs passed validation
     */
    public record Written(int predictions, int leftOut) {}

    /** The predictions file's text and what it holds. */
    record Rendered(String jsonl, Written written) {}

    /**
     * Writes the predictions of the results in {@code results} to {@code out}.
     *
     * @param onlyValid only the cases whose patch passed validation
     * @throws RepofixException (input) when there is no result to export or a case has several
     */
    public static Written write(Path results, Path out, Optional<String> setting, OptionalInt sample,
            boolean onlyValid) {
        List<CaseResult> all = new ResultStore(results).results();
        Rendered rendered = render(all, setting, sample, onlyValid);
        if (rendered.written().predictions() == 0 && rendered.written().leftOut() == 0) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "no results to export in " + results
                    + (setting.isPresent() || sample.isPresent() ? " for the --setting / --sample given" : "")
                    + "; pass the --out folder of 'repofix eval run' or 'repofix eval merge'");
        }
        ResultStore.writeAtomically(out.toAbsolutePath(), rendered.jsonl());
        return rendered.written();
    }

    /**
     * @param setting only results of this setting, when given
     * @param sample  only results of this sample, when given
     * @throws RepofixException (input) when a case still has several results: the harness takes one per instance
     */
    public static String render(List<CaseResult> results, Optional<String> setting, OptionalInt sample) {
        return render(results, setting, sample, false).jsonl();
    }

    /** As {@link #render(List, Optional, OptionalInt)}; with {@code onlyValid}, a case with no proven patch is left out. */
    static Rendered render(List<CaseResult> results, Optional<String> setting, OptionalInt sample, boolean onlyValid) {
        List<CaseResult> chosen = results.stream()
                .filter(r -> setting.isEmpty() || r.setting().equals(setting))
                .filter(r -> sample.isEmpty() || r.sample().equals(sample)).toList();
        Map<String, List<CaseResult>> byCase = chosen.stream().collect(Collectors.groupingBy(CaseResult::caseId,
                java.util.TreeMap::new, Collectors.toList()));
        StringBuilder out = new StringBuilder();
        int written = 0;
        int leftOut = 0;
        for (Map.Entry<String, List<CaseResult>> e : byCase.entrySet()) {
            if (e.getValue().size() > 1) {
                throw new RepofixException(RepofixException.ErrorKind.INPUT, "case " + e.getKey() + " has "
                        + e.getValue().size() + " results (" + e.getValue().stream().map(CaseResult::key)
                        .collect(Collectors.joining(", ")) + ") but SWE-bench takes one prediction per instance; "
                        + "choose one with --setting and --sample");
            }
            CaseResult r = e.getValue().get(0);
            // A FLAKY or BROKEN case's tests prove nothing, whatever its record says.
            boolean proven = r.status() == ResultStatus.SCORED && r.record().flatMap(RunResult::fix).isPresent();
            if (onlyValid && !proven) {
                leftOut++;
                continue;
            }
            Map<String, Object> line = new LinkedHashMap<>();
            line.put("instance_id", r.caseId());
            line.put("model_name_or_path", r.model());
            line.put("model_patch", r.record().map(SwebenchExport::modelPatch).orElse(""));
            line.put(PROVEN, proven);
            try {
                out.append(MAPPER.writeValueAsString(line)).append('\n');
            } catch (JsonProcessingException ex) {
                throw new UncheckedIOException(ex);
            }
            written++;
        }
        return new Rendered(out.toString(), new Written(written, leftOut));
    }

    /** The fix's patch when a candidate was VALID, else the first candidate that applied, else "". */
    static String modelPatch(RunResult record) {
        return record.fix().or(() -> Scores.firstApplied(record).map(c -> c.candidate())).map(PatchCandidate::diff)
                .orElse("");
    }
}
