package dev.repofix.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.validate.Validation;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The machine-readable result. Field names are a contract with scripts and the
 * benchmark: add fields freely, rename or remove only with a new {@code schema}.
 */
public final class JsonReport {
    public static final String SCHEMA = "repofix.run/1";

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public String render(RunResult r) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("status", r.status().name());
        root.put("headline", Headline.of(r));
        root.put("source", r.source());
        root.put("commit", r.commit().orElse(null));
        root.put("build", r.build());
        root.put("testCommand", r.testCommand());
        root.put("startedAt", r.startedAt().toString());
        root.put("totalMillis", r.total().toMillis());
        ObjectNode timings = root.putObject("timingsMillis");
        r.timings().forEach((k, v) -> timings.put(k, v.toMillis()));
        root.put("passingCount", r.passingCount());
        ArrayNode flaky = root.putArray("flaky");
        r.flaky().forEach(flaky::add);
        tests(root.putArray("failing"), r.failing());
        r.issue().ifPresent(i -> {
            ObjectNode n = root.putObject("issue");
            n.put("title", i.title());
            n.put("description", i.description());
            n.put("explanation", i.explanation());
            n.put("bugType", i.bugType());
        });
        r.localization().ifPresent(l -> locations(root.putArray("locations"), l.locations()));
        candidates(root.putArray("candidates"), r.candidates(), r.validations());
        r.fix().ifPresent(f -> root.put("fix", f.id()));
        root.put("patch", r.fix().map(PatchCandidate::diff).orElse(null));
        if (!r.buildLog().isEmpty()) {
            root.put("buildLog", r.buildLog());
        }
        ArrayNode notes = root.putArray("notes");
        r.notes().forEach(notes::add);
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void tests(ArrayNode out, List<TestResult> tests) {
        for (TestResult t : tests) {
            ObjectNode n = out.addObject();
            n.put("id", t.id());
            n.put("status", t.status().name());
            n.put("message", t.message());
            n.put("trace", t.trace());
            ArrayNode frames = n.putArray("frames");
            for (StackFrame f : t.frames()) {
                frames.addObject().put("file", f.file()).put("line", f.line()).put("function", f.function());
            }
        }
    }

    private static void locations(ArrayNode out, List<Location> locations) {
        for (Location l : locations) {
            out.addObject().put("file", l.file()).put("line", l.line()).put("content", l.content())
                    .put("score", l.score()).put("reason", l.reason());
        }
    }

    private static void candidates(ArrayNode out, List<PatchCandidate> candidates, List<Validation> validations) {
        for (PatchCandidate c : candidates) {
            ObjectNode n = out.addObject();
            n.put("id", c.id()).put("strategy", c.strategy()).put("file", c.file()).put("line", c.line())
                    .put("description", c.description()).put("diff", c.diff());
            validations.stream().filter(v -> v.candidateId().equals(c.id())).findFirst().ifPresent(v -> {
                ObjectNode vn = n.putObject("validation");
                vn.put("verdict", v.verdict().name());
                vn.put("elapsedMillis", v.elapsed().toMillis());
                vn.put("detail", v.detail());
                v.fixed().forEach(vn.withArray("failToPassFixed")::add);
                v.stillFailing().forEach(vn.withArray("stillFailing")::add);
                v.broken().forEach(vn.withArray("passToPassBroken")::add);
                v.evidence().forEach(vn.withArray("evidence")::add);
            });
        }
    }
}
