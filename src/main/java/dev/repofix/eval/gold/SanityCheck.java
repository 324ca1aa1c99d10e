package dev.repofix.eval.gold;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.result.CaseResult;
import dev.repofix.eval.result.ResultStatus;
import dev.repofix.eval.result.ResultStore;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The dynamic check of a benchmark's cases: the gold patch must make every FAIL_TO_PASS
 * test pass with PASS_TO_PASS green (a case where it does not is BROKEN), the empty patch
 * must not (else the tests do not show the bug: BROKEN too), and gold run several times
 * must come out the same every time (else FLAKY). Broken and flaky cases are then kept out
 * of the scores by {@code eval run --sanity}, and listed apart, never silently.
 */
public final class SanityCheck {
    static final String SCHEMA = "repofix.eval-sanity/1";

    /** What the check says of a case. */
    public enum Status { OK, BROKEN, FLAKY, ERROR }

    /** One case's verdict; {@code reason} is empty for OK. */
    public record Verdict(String caseId, Status status, String reason) {
        public Verdict {
            Objects.requireNonNull(caseId, "caseId");
            Objects.requireNonNull(status, "status");
            Objects.requireNonNull(reason, "reason");
        }
    }

    private SanityCheck() {}

    /**
     * The verdict of every case, in case order, from gold's results (one per repeat) and
     * the empty patch's.
     */
    public static List<Verdict> judge(List<EvalCase> cases, List<CaseResult> gold, List<CaseResult> empty) {
        Map<String, List<CaseResult>> goldById = gold.stream().collect(Collectors.groupingBy(CaseResult::caseId));
        Map<String, List<CaseResult>> emptyById = empty.stream().collect(Collectors.groupingBy(CaseResult::caseId));
        List<Verdict> out = new ArrayList<>();
        for (EvalCase c : cases) {
            List<CaseResult> g = goldById.getOrDefault(c.id(), List.of());
            List<CaseResult> e = emptyById.getOrDefault(c.id(), List.of());
            if (g.isEmpty()) {
                continue; // another shard's case
            }
            out.add(verdict(c.id(), g, e));
        }
        return out;
    }

    private static Verdict verdict(String id, List<CaseResult> gold, List<CaseResult> empty) {
        List<CaseResult> errors = new ArrayList<>(gold.stream().filter(r -> r.status() == ResultStatus.ERROR).toList());
        errors.addAll(empty.stream().filter(r -> r.status() == ResultStatus.ERROR).toList());
        if (!errors.isEmpty()) {
            return new Verdict(id, Status.ERROR, "not checked: " + errors.get(0).error().orElse("infrastructure error"));
        }
        long fixed = gold.stream().filter(SanityCheck::fixed).count();
        if (fixed > 0 && fixed < gold.size()) {
            return new Verdict(id, Status.FLAKY, "the reference patch passed " + fixed + " of " + gold.size()
                    + " runs: " + outcomes(gold));
        }
        if (fixed == 0) {
            CaseResult first = gold.get(0);
            // A case its run already found broken says why itself; else gold's verdict says it.
            return new Verdict(id, Status.BROKEN, first.status() == ResultStatus.SCORED
                    ? "the reference patch does not pass: " + why(first) : first.error().orElse(first.status().name()));
        }
        if (empty.stream().anyMatch(SanityCheck::fixed)) {
            return new Verdict(id, Status.BROKEN, "the empty patch passes too: the tests do not show the bug");
        }
        return new Verdict(id, Status.OK, "");
    }

    private static boolean fixed(CaseResult r) {
        return r.status() == ResultStatus.SCORED && r.record().map(RunResult::status).orElse(null) == RunStatus.FIXED;
    }

    private static String outcomes(List<CaseResult> results) {
        return results.stream().map(r -> r.record().map(x -> x.status().name()).orElse(r.status().name()))
                .collect(Collectors.joining(", "));
    }

    /** Why gold did not pass: the run's reason for a broken case, else its candidate's verdict and evidence. */
    private static String why(CaseResult r) {
        if (r.status() != ResultStatus.SCORED) {
            return r.error().orElse(r.status().name());
        }
        return r.record().flatMap(rec -> rec.candidates().stream().findFirst()).flatMap(CandidateRecord::validation)
                .map(v -> v.verdict() + (v.detail().isBlank() ? "" : ": " + v.detail().lines().findFirst().orElse("")))
                .orElse(r.record().map(rec -> rec.status().name()).orElse("no run"));
    }

    /** Writes the verdicts as {@code sanity.json}. */
    public static void write(Path file, List<Verdict> verdicts) {
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = json.createObjectNode();
        root.put("schema", SCHEMA);
        ArrayNode cases = root.putArray("cases");
        verdicts.forEach(v -> cases.addObject().put("id", v.caseId()).put("status", v.status().name())
                .put("reason", v.reason()));
        ResultStore.writeAtomically(file, root.toPrettyString() + "\n");
    }

    /**
     * The broken and flaky cases of a {@code sanity.json}, by id.
     *
     * @throws RepofixException (input) naming the file and what is wrong with it
     */
    public static Map<String, Verdict> read(Path file) {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (IOException e) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, "cannot read " + file + ": "
                    + e.getMessage() + "; give the sanity.json that 'repofix eval check --run' wrote");
        }
        if (root == null || !SCHEMA.equals(root.path("schema").asText())) {
            throw new RepofixException(RepofixException.ErrorKind.INPUT, file + " is not a sanity.json ("
                    + SCHEMA + "); give the one that 'repofix eval check --run' wrote");
        }
        Map<String, Verdict> out = new LinkedHashMap<>();
        for (JsonNode c : root.path("cases")) {
            Status status;
            try {
                status = Status.valueOf(c.path("status").asText());
            } catch (IllegalArgumentException e) {
                throw new RepofixException(RepofixException.ErrorKind.INPUT, file + ": case "
                        + c.path("id").asText() + " has status '" + c.path("status").asText() + "'; expected one of "
                        + List.of(Status.values()));
            }
            if (status == Status.BROKEN || status == Status.FLAKY) {
                out.put(c.path("id").asText(), new Verdict(c.path("id").asText(), status, c.path("reason").asText()));
            }
        }
        return out;
    }
}
