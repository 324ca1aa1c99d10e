package dev.repofix.eval.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A case to and from its JSON object, fields in snake_case in one stable order (the
 * order of docs/eval.md's table). Derived locations are not written: they follow from
 * the patch.
 */
final class CaseJson {
    static final ObjectMapper MAPPER = new ObjectMapper();

    private CaseJson() {}

    static ObjectNode toJson(EvalCase c) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("id", c.id());
        o.put("repo", c.repo());
        o.put("base_commit", c.baseCommit());
        c.testCommand().ifPresent(v -> o.put("test_command", v));
        o.put("language", c.language());
        strings(o, "fail_to_pass", c.failToPass());
        strings(o, "pass_to_pass", c.passToPass());
        o.putObject("issue").put("title", c.issue().title()).put("description", c.issue().description());
        c.explanation().ifPresent(v -> o.put("explanation", v));
        o.putObject("patch").put("source", c.patch().source()).put("test", c.patch().test());
        c.cause().ifPresent(l -> line(o.putObject("cause"), l));
        c.effect().ifPresent(l -> line(o.putObject("effect"), l));
        strings(o, "bug_types", c.bugTypes());
        c.difficulty().ifPresent(v -> o.put("difficulty", v));
        strings(o, "tags", c.tags());
        strings(o, "setup", c.setup());
        c.environmentSetupCommit().ifPresent(v -> o.put("environment_setup_commit", v));
        c.createdAt().ifPresent(v -> o.put("created_at", v));
        c.hints().ifPresent(v -> o.put("hints", v));
        c.version().ifPresent(v -> o.put("version", v));
        c.environment().ifPresent(e -> environment(o.putObject("environment"), e));
        strings(o, "test_files", c.testFiles());
        return o;
    }

    /** The case of a node the schema and the checks passed; {@code language} is the named or derived one. */
    static EvalCase fromJson(JsonNode o, String language) {
        return new EvalCase(o.get("id").asText(), o.get("repo").asText(), o.get("base_commit").asText(),
                text(o, "test_command"), language, strings(o, "fail_to_pass"), strings(o, "pass_to_pass"),
                new ReferenceIssue(o.at("/issue/title").asText(), o.at("/issue/description").asText()),
                text(o, "explanation"),
                new ReferencePatch(o.at("/patch/source").asText(), o.at("/patch/test").asText()),
                line(o, "cause"), line(o, "effect"), strings(o, "bug_types"), text(o, "difficulty"),
                strings(o, "tags"), strings(o, "setup"), text(o, "environment_setup_commit"),
                text(o, "created_at"), text(o, "hints"), text(o, "version"),
                o.has("environment") ? Optional.of(environment(o.get("environment"))) : Optional.empty(),
                strings(o, "test_files"));
    }

    private static void environment(ObjectNode o, CaseEnvironment e) {
        e.python().ifPresent(v -> o.put("python", v));
        e.packages().ifPresent(v -> o.put("packages", v));
        strings(o, "pip_packages", e.pipPackages());
        strings(o, "pre_install", e.preInstall());
        strings(o, "install", e.install());
        if (!e.env().isEmpty()) {
            ObjectNode env = o.putObject("env");
            e.env().forEach(env::put);
        }
        e.testCmd().ifPresent(v -> o.put("test_cmd", v));
    }

    /** The environment of a node the schema and the checks passed. */
    static CaseEnvironment environment(JsonNode o) {
        return new CaseEnvironment(text(o, "python"), text(o, "packages"), strings(o, "pip_packages"),
                strings(o, "pre_install"), strings(o, "install"), variables(o.path("env")), text(o, "test_cmd"));
    }

    static Map<String, String> variables(JsonNode env) {
        Map<String, String> out = new LinkedHashMap<>();
        env.properties().forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    static List<String> strings(JsonNode o, String field) {
        List<String> out = new ArrayList<>();
        o.path(field).forEach(n -> out.add(n.asText()));
        return out;
    }

    static List<CaseLine> lines(JsonNode array) {
        List<CaseLine> out = new ArrayList<>();
        array.forEach(n -> out.add(new CaseLine(n.get("file").asText(), n.get("line").asInt())));
        return out;
    }

    private static Optional<String> text(JsonNode o, String field) {
        return o.hasNonNull(field) ? Optional.of(o.get(field).asText()) : Optional.empty();
    }

    private static Optional<CaseLine> line(JsonNode o, String field) {
        JsonNode n = o.get(field);
        return n == null ? Optional.empty() : Optional.of(new CaseLine(n.get("file").asText(), n.get("line").asInt()));
    }

    private static void strings(ObjectNode o, String field, List<String> values) {
        if (!values.isEmpty()) {
            ArrayNode a = o.putArray(field);
            values.forEach(a::add);
        }
    }

    private static void line(ObjectNode o, CaseLine l) {
        o.put("file", l.file()).put("line", l.line());
    }
}
