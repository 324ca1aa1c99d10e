package dev.repofix.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.config.RepofixException;
import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.ModelUsage;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.pipeline.StageStatus;
import dev.repofix.stage.AnswerOutcome;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.EnvironmentFailure;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestStatus;
import dev.repofix.validate.BehaviourComparison;
import dev.repofix.validate.PhaseTimes;
import dev.repofix.validate.TestSelection;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * Reads a saved {@code report.json} back into the run record, so that a run can be
 * published (or kept) without running anything. The document is untrusted: it must
 * match the schema before any field is used, and a record that does not hold together
 * (a fix that is no candidate) is refused too.
 */
public final class RunRecordReader {
    private final ObjectMapper mapper = new ObjectMapper();
    private final ReportSchema schema = new ReportSchema();

    /**
     * @param json  the document
     * @param where named in errors, e.g. the file's path
     * @throws RepofixException (input) saying what does not match, and what to do
     */
    public RunResult read(String json, String where) {
        JsonNode root;
        try {
            root = schema.check(mapper, json, JsonReport.SCHEMA, "publish it with the repofix version that wrote it");
        } catch (IllegalArgumentException e) {
            throw refused(where, e.getMessage());
        }
        try {
            return record(root);
        } catch (IllegalArgumentException | NullPointerException e) {
            throw refused(where, "its fields do not hold together: " + e.getMessage());
        }
    }

    private static RepofixException refused(String where, String why) {
        return new RepofixException(RepofixException.ErrorKind.INPUT, "cannot read the run record " + where + ": "
                + why);
    }

    private static RunResult record(JsonNode r) {
        return new RunResult(r.get("runId").asText(), r.get("source").asText(), text(r.get("commit")),
                r.get("build").asText(), r.get("testCommand").asText(), r.get("reproduce").asText(),
                r.get("model").asText(), r.get("sandbox").asText(), RunStatus.valueOf(r.get("status").asText()), list(r.get("failing"),
                        RunRecordReader::test), r.get("passingCount").asInt(), strings(r.get("flaky")),
                issue(r.get("issue")), locations(r.get("locations")), candidates(r.get("candidates")),
                text(r.get("fix")), r.get("buildLog").asText(), list(r.get("stages"), RunRecordReader::stage),
                error(r.get("error")), strings(r.get("notes")), origin(r.get("origin")),
                Instant.parse(r.get("startedAt").asText()), Duration.ofMillis(r.get("totalMillis").asLong()),
                millis(r.get("suiteMillis")), r.has("environment") ? list(r.get("environment"), RunRecordReader::environment)
                        : List.of());
    }

    private static RunOrigin origin(JsonNode n) {
        JsonNode pr = n.get("pullRequest");
        return new RunOrigin(n.get("trigger").asText(), text(n.get("repository")),
                pr.isNull() ? Optional.empty() : Optional.of(pr.asInt()), text(n.get("headSha")));
    }

    private static Optional<RunError> error(JsonNode n) {
        return n.isNull() ? Optional.empty() : Optional.of(new RunError(RunError.Kind.valueOf(n.get("kind").asText()),
                n.get("stage").asText(), n.get("message").asText()));
    }

    private static StageRecord stage(JsonNode n) {
        return new StageRecord(n.get("stage").asText(), StageStatus.valueOf(n.get("status").asText()),
                Duration.ofMillis(n.get("elapsedMillis").asLong()), n.get("summary").asText(), usage(n.get("model")),
                error(n.get("error")));
    }

    private static Optional<ModelUsage> usage(JsonNode n) {
        if (n.isNull()) {
            return Optional.empty();
        }
        JsonNode parsed = n.get("parsedOn");
        OptionalInt parsedOn = parsed.isNull() ? OptionalInt.empty() : OptionalInt.of(parsed.asInt());
        // Records written before outcomes were kept say only whether an answer parsed.
        AnswerOutcome outcome = n.hasNonNull("outcome") ? AnswerOutcome.valueOf(n.get("outcome").asText())
                : parsedOn.isPresent() ? AnswerOutcome.USABLE : AnswerOutcome.NOT_PARSED;
        return Optional.of(new ModelUsage(n.get("attempts").asInt(), n.get("maxAttempts").asInt(), parsedOn,
                n.get("inputTokens").asLong(), n.get("outputTokens").asLong(), number(n.get("costUsd")),
                strings(n.get("parseErrors")), outcome));
    }

    private static EnvironmentFailure environment(JsonNode n) {
        return new EnvironmentFailure(n.get("test").asText(), EnvironmentFailure.Kind.valueOf(n.get("kind").asText()),
                n.get("missing").asText(), n.get("said").asText(), n.get("setup").asText());
    }

    private static TestResult test(JsonNode n) {
        return new TestResult(n.get("id").asText(), TestStatus.valueOf(n.get("status").asText()),
                n.get("message").asText(), n.get("trace").asText(), list(n.get("frames"),
                        f -> new StackFrame(f.get("file").asText(), f.get("line").asInt(), f.get("function").asText())));
    }

    private static Optional<IssueDraft> issue(JsonNode n) {
        return n.isNull() ? Optional.empty() : Optional.of(new IssueDraft(n.get("title").asText(),
                n.get("description").asText(), n.get("explanation").asText(), n.get("bugType").asText()));
    }

    private static Optional<Localization> locations(JsonNode n) {
        return n.isNull() ? Optional.empty() : Optional.of(new Localization(list(n, l -> new Location(
                l.get("file").asText(), l.get("line").asInt(), l.get("content").asText(), l.get("score").asDouble(),
                l.get("reason").asText()))));
    }

    private static List<CandidateRecord> candidates(JsonNode n) {
        return list(n, c -> {
            PatchCandidate candidate = new PatchCandidate(c.get("id").asText(), c.get("origin").asText(),
                    c.get("file").asText(), c.get("line").asInt(), c.get("description").asText(),
                    PatchText.read(c.get("diff").asText()));
            JsonNode v = c.get("validation");
            // Records written before caveats existed have none.
            List<String> caveats = c.has("caveats") ? list(c.get("caveats"), JsonNode::asText) : List.of();
            return new CandidateRecord(candidate, v.isNull() ? Optional.empty()
                    : Optional.of(validation(candidate.id(), v)), caveats, behaviour(c.get("behaviour")));
        });
    }

    /** Absent where the candidate was not probed against the fix (and in records written before). */
    private static Optional<BehaviourComparison> behaviour(JsonNode n) {
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        return Optional.of(switch (n.get("result").asText()) {
            case "differs" -> new BehaviourComparison.Differs(n.get("call").asText(), n.get("fix").asText(),
                    n.get("alternative").asText(), n.get("tried").asInt());
            case "same" -> new BehaviourComparison.NoDifference(n.get("tried").asInt());
            default -> new BehaviourComparison.NotCompared(n.get("why").asText());
        });
    }

    private static Validation validation(String id, JsonNode v) {
        JsonNode p = v.get("phasesMillis");
        PhaseTimes phases = new PhaseTimes(millis(p.get("apply")), millis(p.get("build")), millis(p.get("screen")), millis(p.get("fullRun")),
                millis(p.get("modifiedTests")));
        return new Validation(id, Verdict.valueOf(v.get("verdict").asText()), strings(v.get("failToPass").get("passed")),
                strings(v.get("failToPass").get("failed")), strings(v.get("passToPass").get("broken")),
                v.get("detail").asText(), strings(v.get("evidence")), Duration.ofMillis(v.get("elapsedMillis").asLong()),
                phases, selection(v.get("testSelection")));
    }

    /** Absent or null in records written before the field was added, or when no deciding run was made. */
    private static Optional<TestSelection> selection(JsonNode n) {
        if (n == null || n.isNull()) {
            return Optional.empty();
        }
        String why = n.get("reason").asText();
        return Optional.of(n.get("mode").asText().equals("selected")
                ? new TestSelection.Selected(strings(n.get("testFiles")), strings(n.get("ran")),
                        strings(n.get("skipped")), why)
                : new TestSelection.WholeSuite(why));
    }

    private static Optional<Duration> millis(JsonNode n) {
        // Absent in records written before the field was added.
        return n == null || n.isNull() ? Optional.empty() : Optional.of(Duration.ofMillis(n.asLong()));
    }

    private static Optional<String> text(JsonNode n) {
        return n.isNull() ? Optional.empty() : Optional.of(n.asText());
    }

    private static Optional<Double> number(JsonNode n) {
        return n.isNull() ? Optional.empty() : Optional.of(n.asDouble());
    }

    private static List<String> strings(JsonNode n) {
        return list(n, JsonNode::asText);
    }

    private static <T> List<T> list(JsonNode array, Function<JsonNode, T> item) {
        List<T> out = new ArrayList<>();
        array.forEach(e -> out.add(item.apply(e)));
        return out;
    }
}
