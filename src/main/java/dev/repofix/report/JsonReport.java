package dev.repofix.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.ModelUsage;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.validate.BehaviourComparison;
import dev.repofix.validate.PhaseTimes;
import dev.repofix.validate.TestSelection;
import dev.repofix.validate.Validation;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The run record as JSON ({@code repofix.run/2}, described by {@code docs/report.schema.json}).
 * Field names are a contract with scripts, the benchmark and the history: add fields
 * freely, rename or remove only with a new {@code schema}. {@link RunRecordReader} reads
 * it back.
 */
public final class JsonReport {
    public static final String SCHEMA = "repofix.run/2";

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public String render(RunResult r) {
        ObjectNode root = mapper.createObjectNode();
        root.put("schema", SCHEMA);
        root.put("runId", r.runId());
        root.put("status", r.status().name());
        root.put("headline", Headline.of(r));
        root.put("source", r.source());
        root.put("commit", r.commit().orElse(null));
        root.put("build", r.build());
        root.put("testCommand", r.testCommand());
        root.put("reproduce", r.reproduce());
        root.put("model", r.model());
        root.put("sandbox", r.sandbox());
        origin(root.putObject("origin"), r.origin());
        root.put("startedAt", r.startedAt().toString());
        root.put("totalMillis", r.total().toMillis());
        millis(root, "suiteMillis", r.suiteTime());
        root.putObject("tokens").put("input", r.inputTokens()).put("output", r.outputTokens());
        root.put("costUsd", r.costUsd().orElse(null));
        if (r.error().isPresent()) {
            error(root.putObject("error"), r.error().get());
        } else {
            root.putNull("error");
        }
        stages(root.putArray("stages"), r.stages());
        root.put("passingCount", r.passingCount());
        ArrayNode flaky = root.putArray("flaky");
        r.flaky().forEach(flaky::add);
        tests(root.putArray("failing"), r.failing());
        ArrayNode environment = root.putArray("environment");
        r.environment().forEach(e -> environment.addObject().put("test", e.test()).put("kind", e.kind().name())
                .put("missing", e.missing()).put("said", e.said()).put("setup", e.setup()));
        if (r.issue().isPresent()) {
            ObjectNode n = root.putObject("issue");
            n.put("title", r.issue().get().title());
            n.put("description", r.issue().get().description());
            n.put("explanation", r.issue().get().explanation());
            n.put("bugType", r.issue().get().bugType());
        } else {
            root.putNull("issue");
        }
        if (r.localization().isPresent()) {
            locations(root.putArray("locations"), r.localization().get().locations());
        } else {
            root.putNull("locations");
        }
        candidates(root.putArray("candidates"), r.candidates());
        root.put("fix", r.fixId().orElse(null));
        root.put("patch", r.fix().map(PatchCandidate::diff).orElse(null));
        ArrayNode fixCaveats = root.putArray("fixCaveats");
        r.fixId().map(r::caveats).orElse(List.of()).forEach(fixCaveats::add);
        root.put("buildLog", r.buildLog());
        ArrayNode notes = root.putArray("notes");
        r.notes().forEach(notes::add);
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void origin(ObjectNode n, RunOrigin o) {
        n.put("trigger", o.trigger());
        n.put("repository", o.repository().orElse(null));
        n.put("pullRequest", o.pullRequest().orElse(null));
        n.put("headSha", o.headSha().orElse(null));
    }

    private static void error(ObjectNode n, RunError e) {
        n.put("kind", e.kind().name()).put("stage", e.stage()).put("message", e.message());
    }

    private static void stages(ArrayNode out, List<StageRecord> stages) {
        for (StageRecord s : stages) {
            ObjectNode n = out.addObject();
            n.put("stage", s.stage()).put("status", s.status().name()).put("elapsedMillis", s.elapsed().toMillis())
                    .put("summary", s.summary());
            if (s.model().isPresent()) {
                ModelUsage m = s.model().get();
                ObjectNode mn = n.putObject("model");
                mn.put("attempts", m.attempts()).put("maxAttempts", m.maxAttempts());
                mn.put("parsedOn", m.parsedOn().isPresent() ? m.parsedOn().getAsInt() : null);
                mn.put("inputTokens", m.inputTokens()).put("outputTokens", m.outputTokens());
                mn.put("costUsd", m.costUsd().orElse(null));
                ArrayNode errors = mn.putArray("parseErrors");
                m.parseErrors().forEach(errors::add);
                mn.put("outcome", m.outcome().name());
            } else {
                n.putNull("model");
            }
            if (s.error().isPresent()) {
                error(n.putObject("error"), s.error().get());
            } else {
                n.putNull("error");
            }
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

    private static void candidates(ArrayNode out, List<CandidateRecord> candidates) {
        for (CandidateRecord record : candidates) {
            PatchCandidate c = record.candidate();
            ObjectNode n = out.addObject();
            n.put("id", c.id()).put("origin", c.strategy()).put("file", c.file()).put("line", c.line())
                    .put("description", c.description()).put("diff", c.diff());
            record.behaviour().ifPresent(b -> behaviour(n.putObject("behaviour"), b));
            record.caveats().forEach(n.putArray("caveats")::add);
            if (record.validation().isEmpty()) {
                n.putNull("validation");
                continue;
            }
            Validation v = record.validation().get();
            ObjectNode vn = n.putObject("validation");
            vn.put("verdict", v.verdict().name());
            vn.put("elapsedMillis", v.elapsed().toMillis());
            vn.put("detail", v.detail());
            ObjectNode f2p = vn.putObject("failToPass");
            v.fixed().forEach(f2p.putArray("passed")::add);
            v.stillFailing().forEach(f2p.putArray("failed")::add);
            v.broken().forEach(vn.putObject("passToPass").putArray("broken")::add);
            ArrayNode evidence = vn.putArray("evidence");
            v.evidence().forEach(evidence::add);
            phases(vn.putObject("phasesMillis"), v.phases());
            selection(vn, v.selection());
        }
    }

    /** How a VALID alternative behaves against the fix on the probe's inputs (present only where probed). */
    private static void behaviour(ObjectNode n, BehaviourComparison b) {
        switch (b) {
            case BehaviourComparison.Differs d -> n.put("result", "differs").put("call", d.call()).put("fix", d.fix())
                    .put("alternative", d.alternative()).put("tried", d.tried());
            case BehaviourComparison.NoDifference s -> n.put("result", "same").put("tried", s.tried());
            case BehaviourComparison.NotCompared x -> n.put("result", "not-compared").put("why", x.why());
        }
    }

    /** Which tests the deciding run ran: the whole suite or the classes selected, and why; null when none ran. */
    private static void selection(ObjectNode vn, Optional<TestSelection> selection) {
        if (selection.isEmpty()) {
            vn.putNull("testSelection");
            return;
        }
        ObjectNode n = vn.putObject("testSelection");
        switch (selection.get()) {
            case TestSelection.WholeSuite w -> n.put("mode", "whole-suite").put("reason", w.why());
            case TestSelection.Selected s -> {
                n.put("mode", "selected").put("reason", s.why());
                s.ran().forEach(n.putArray("ran")::add);
                s.skipped().forEach(n.putArray("skipped")::add);
                s.testFiles().forEach(n.putArray("testFiles")::add);
            }
        }
    }

    private static void phases(ObjectNode n, PhaseTimes p) {
        millis(n, "apply", p.apply());
        millis(n, "build", p.build());
        millis(n, "screen", p.screen());
        millis(n, "fullRun", p.fullRun());
        millis(n, "modifiedTests", p.modifiedTests());
    }

    private static void millis(ObjectNode n, String name, Optional<Duration> d) {
        n.put(name, d.map(Duration::toMillis).orElse(null));
    }
}
