package dev.repofix.eval.result;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.config.RepofixException;
import dev.repofix.eval.cases.CaseReference;
import dev.repofix.eval.cases.LineRef;
import dev.repofix.pipeline.RunResult;
import dev.repofix.report.JsonReport;
import dev.repofix.report.JsonSchemaFile;
import dev.repofix.report.RunRecordReader;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A case result and a run manifest as JSON ({@code repofix.eval-result/1}, described by
 * {@code docs/eval-result.schema.json}) and back. A result read back is untrusted: it must
 * match the schema, and its run record must read as a {@code repofix.run/2} record.
 */
public final class ResultJson {
    public static final String SCHEMA = "repofix.eval-result/1";
    public static final String MANIFEST_SCHEMA = "repofix.eval-run/1";

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final JsonReport records = new JsonReport();
    private final RunRecordReader reader = new RunRecordReader();
    private final JsonSchemaFile schema = new JsonSchemaFile(ResultJson.class, "eval-result.schema.json");

    public String render(CaseResult r) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("case_id", r.caseId());
        root.put("setting", r.setting().orElse(null));
        root.put("sample", r.sample().isPresent() ? r.sample().getAsInt() : null);
        root.put("model", r.model());
        root.put("status", r.status().name());
        root.put("context_tokens", r.contextTokens().isPresent() ? r.contextTokens().getAsInt() : null);
        reference(root.putObject("reference"), r.reference());
        if (r.record().isPresent()) {
            root.set("record", tree(records.render(r.record().get())));
        } else {
            root.putNull("record");
        }
        if (r.issueScore().isPresent()) {
            IssueScore s = r.issueScore().get();
            root.putObject("issue_score").put("reproducibility", s.reproducibility()).put("relevance", s.relevance())
                    .put("explanation", s.explanation()).put("overall", s.overall()).put("score", s.score())
                    .put("judge_model", s.judgeModel()).put("prompt_version", s.promptVersion());
        } else {
            root.putNull("issue_score");
        }
        root.put("error", r.error().orElse(null));
        r.setupLog().ifPresent(l -> root.put("setup_log", l));
        root.put("wall_ms", r.times().wallMs());
        root.putObject("phase_ms").put("baseline", r.times().baselineMs()).put("stages", r.times().stagesMs())
                .put("validation", r.times().validationMs());
        return write(root);
    }

    /**
     * @param where named in errors, e.g. the file's path
     * @throws RepofixException (input) saying what does not match
     */
    public CaseResult read(String json, String where) {
        JsonNode root;
        try {
            root = schema.check(mapper, json, SCHEMA, "read it with the repofix version that wrote it");
        } catch (IllegalArgumentException e) {
            throw refused(where, e.getMessage());
        }
        try {
            JsonNode record = root.get("record");
            return new CaseResult(root.get("case_id").asText(), text(root.get("setting")), integer(root.get("sample")),
                    root.get("model").asText(), ResultStatus.valueOf(root.get("status").asText()),
                    integer(root.get("context_tokens")), reference(root.get("reference")),
                    record.isNull() ? Optional.empty() : Optional.of(reader.read(write(record), where + " (record)")),
                    issueScore(root.get("issue_score")), text(root.get("error")), times(root),
                    text(root.path("setup_log")).filter(l -> !l.isEmpty()));
        } catch (IllegalArgumentException e) {
            throw refused(where, "its fields do not hold together: " + e.getMessage());
        }
    }

    public String render(RunManifest m) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", MANIFEST_SCHEMA);
        root.put("cases_file", m.casesFile());
        root.put("cases_sha256", m.casesSha256());
        root.putObject("shard").put("index", m.shardIndex()).put("count", m.shardCount());
        root.put("model", m.model());
        m.settings().forEach(root.putArray("settings")::add);
        root.put("started_at", m.startedAt().toString());
        root.put("repofix_version", m.version());
        ArrayNode missing = root.putArray("missing_shards");
        m.missingShards().forEach(missing::add);
        return write(root);
    }

    /** @throws RepofixException (input) naming the field that is missing or wrong */
    public RunManifest readManifest(String json, String where) {
        JsonNode r = parse(json, where, MANIFEST_SCHEMA);
        try {
            return new RunManifest(required(r, "cases_file", where).asText(), required(r, "cases_sha256", where).asText(),
                    required(r.path("shard"), "index", where).asInt(), required(r.path("shard"), "count", where).asInt(),
                    required(r, "model", where).asText(), strings(r.path("settings")),
                    Instant.parse(required(r, "started_at", where).asText()),
                    required(r, "repofix_version", where).asText(), strings(r.path("missing_shards")));
        } catch (IllegalArgumentException | java.time.format.DateTimeParseException e) {
            throw refused(where, e.getMessage());
        }
    }

    private static JsonNode required(JsonNode n, String field, String where) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            throw refused(where, "it has no '" + field + "'");
        }
        return v;
    }

    private JsonNode parse(String json, String where, String expected) {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw refused(where, "it is not JSON (" + e.getOriginalMessage() + ")");
        }
        if (root == null || !root.isObject()) {
            throw refused(where, "it is not a JSON object");
        }
        if (!expected.equals(root.path("schema").asText())) {
            throw refused(where, "its schema is '" + root.path("schema").asText() + "', not " + expected
                    + "; read it with the repofix version that wrote it");
        }
        return root;
    }

    private static RepofixException refused(String where, String why) {
        return new RepofixException(RepofixException.ErrorKind.INPUT, "cannot read the eval result " + where + ": "
                + why);
    }

    private static void reference(ObjectNode n, CaseReference ref) {
        n.put("language", ref.language());
        ref.bugTypes().forEach(n.putArray("bug_types")::add);
        ArrayNode locations = n.putArray("locations");
        ref.locations().forEach(l -> line(locations.addObject(), l));
        optionalLine(n, "cause", ref.cause());
        optionalLine(n, "effect", ref.effect());
        n.put("source_patch", ref.sourcePatch());
        ref.failToPass().forEach(n.putArray("fail_to_pass")::add);
    }

    private static void optionalLine(ObjectNode n, String name, Optional<LineRef> l) {
        if (l.isPresent()) {
            line(n.putObject(name), l.get());
        } else {
            n.putNull(name);
        }
    }

    private static void line(ObjectNode n, LineRef l) {
        n.put("file", l.file()).put("line", l.line());
    }

    private static CaseReference reference(JsonNode n) {
        List<LineRef> locations = new ArrayList<>();
        n.get("locations").forEach(l -> locations.add(line(l)));
        return new CaseReference(n.get("language").asText(), strings(n.get("bug_types")), locations,
                optionalLine(n.get("cause")), optionalLine(n.get("effect")), n.get("source_patch").asText(),
                strings(n.get("fail_to_pass")));
    }

    private static Optional<LineRef> optionalLine(JsonNode n) {
        return n == null || n.isNull() ? Optional.empty() : Optional.of(line(n));
    }

    private static LineRef line(JsonNode n) {
        return new LineRef(n.get("file").asText(), n.get("line").asInt());
    }

    private static Optional<IssueScore> issueScore(JsonNode n) {
        return n.isNull() ? Optional.empty() : Optional.of(new IssueScore(n.get("reproducibility").asDouble(),
                n.get("relevance").asDouble(), n.get("explanation").asDouble(), n.get("overall").asDouble(),
                n.get("score").asDouble(), n.get("judge_model").asText(), n.get("prompt_version").asText()));
    }

    private static CaseTimes times(JsonNode root) {
        JsonNode p = root.get("phase_ms");
        return new CaseTimes(root.get("wall_ms").asLong(), p.get("baseline").asLong(), p.get("stages").asLong(),
                p.get("validation").asLong());
    }

    private static Optional<String> text(JsonNode n) {
        return n.isNull() ? Optional.empty() : Optional.of(n.asText());
    }

    private static OptionalInt integer(JsonNode n) {
        return n.isNull() ? OptionalInt.empty() : OptionalInt.of(n.asInt());
    }

    private static List<String> strings(JsonNode n) {
        List<String> out = new ArrayList<>();
        n.forEach(e -> out.add(e.asText()));
        return out;
    }

    private JsonNode tree(String json) {
        try {
            return mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String write(JsonNode n) {
        try {
            return mapper.writeValueAsString(n) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
