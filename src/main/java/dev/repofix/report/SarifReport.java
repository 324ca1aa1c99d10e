package dev.repofix.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The result as SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html),
 * for code-scanning UIs: suspected lines and failing tests as results, the valid patch as
 * a fix. Pure; never returns null.
 */
public final class SarifReport {
    public static final String SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
    public static final String SARIF_VERSION = "2.1.0";
    public static final String TOOL_VERSION = "0.1.0";
    public static final String SUSPECTED_FAULT = "repofix/suspected-fault";
    public static final String FAILING_TEST = "repofix/failing-test";
    /** Paths are repository-relative; a SARIF consumer maps this base to its checkout. */
    static final String SRCROOT = "%SRCROOT%";
    private static final int MAX_LOCATIONS = 10;
    /** The driver's rules, in order: a result's ruleIndex is its rule's position here. */
    private static final List<String> RULES = List.of(SUSPECTED_FAULT, FAILING_TEST);
    private static final List<String> RULE_TEXTS = List.of("A line suspected of causing the failing tests",
            "A test that fails before any patch");

    private final ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public String render(RunResult r) {
        ObjectNode root = mapper.createObjectNode();
        root.put("$schema", SCHEMA);
        root.put("version", SARIF_VERSION);
        ObjectNode run = root.putArray("runs").addObject();
        driver(run.putObject("tool").putObject("driver"));
        ObjectNode invocation = run.putArray("invocations").addObject();
        // SARIF's own place for "the tool could not finish": an ERROR or a CANCELLED run.
        invocation.put("executionSuccessful", r.status() != RunStatus.ERROR && r.status() != RunStatus.CANCELLED);
        r.error().ifPresent(e -> invocation.putArray("toolExecutionNotifications").addObject()
                .put("level", e.kind() == RunError.Kind.CANCELLED ? "warning" : "error")
                .putObject("message").put("text", text(e.stage() + ": " + e.message())));
        ArrayNode results = run.putArray("results");
        if (r.status() != RunStatus.TESTS_PASS) {
            results(r).forEach(results::add);
        }
        run.putObject("properties").put("status", r.status().name()).put("headline", Headline.of(r))
                .put("runId", r.runId()).put("model", r.model());
        try {
            return mapper.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void driver(ObjectNode driver) {
        driver.put("name", "repofix").put("version", TOOL_VERSION);
        ArrayNode rules = driver.putArray("rules");
        for (int i = 0; i < RULES.size(); i++) {
            rules.addObject().put("id", RULES.get(i)).putObject("shortDescription").put("text", RULE_TEXTS.get(i));
        }
    }

    private List<ObjectNode> results(RunResult r) {
        List<Location> locations = r.localization().map(l -> l.top(MAX_LOCATIONS)).orElse(List.of());
        List<ObjectNode> suspected = new ArrayList<>();
        for (int i = 0; i < locations.size(); i++) {
            suspected.add(suspected(i + 1, locations.get(i), r.issue()));
        }
        List<ObjectNode> all = new ArrayList<>(suspected);
        r.failing().forEach(t -> all.add(failing(t)));
        r.fix().ifPresent(fix -> {
            int fixed = r.fixValidation().map(v -> v.fixed().size()).orElse(0);
            String description = fix.description() + " (VALID: " + fixed + " failing tests now pass)";
            Optional<ObjectNode> carrier = carrier(fix, locations, suspected, all);
            SarifFix.of(fix.patch(), text(description))
                    .ifPresent(node -> carrier.ifPresent(c -> c.putArray("fixes").add(node)));
        });
        return all;
    }

    /** The result the fix belongs to: the suspected line it edits, else the first result. */
    private static Optional<ObjectNode> carrier(PatchCandidate fix, List<Location> locations,
            List<ObjectNode> suspected, List<ObjectNode> all) {
        for (int i = 0; i < locations.size(); i++) {
            if (locations.get(i).file().equals(fix.file()) && locations.get(i).line() == fix.line()) {
                return Optional.of(suspected.get(i));
            }
        }
        return all.stream().findFirst();
    }

    /** The rank, not the score: a model's lines are scored 1/(rank+1), which would read as a confidence. */
    private ObjectNode suspected(int rank, Location l, Optional<IssueDraft> issue) {
        String text = "suspected line (rank " + rank + "): " + l.reason();
        ObjectNode result = result(SUSPECTED_FAULT, "warning",
                issue.map(i -> i.title() + " — " + text).orElse(text));
        physicalLocation(result, l.file(), l.line()).putObject("snippet").put("text", Markdown.visible(l.content()));
        return result;
    }

    private ObjectNode failing(TestResult t) {
        String firstLine = t.message().lines().findFirst().orElse("");
        ObjectNode result = result(FAILING_TEST, "error",
                t.id() + ": " + (firstLine.isBlank() ? t.status().name() : firstLine));
        if (!t.frames().isEmpty()) {
            // Frames are in-repository ones, deepest first: the first is where it was thrown.
            StackFrame frame = t.frames().get(0);
            physicalLocation(result, frame.file(), frame.line());
        }
        return result;
    }

    private ObjectNode result(String ruleId, String level, String message) {
        ObjectNode result = mapper.createObjectNode();
        result.put("ruleId", ruleId).put("ruleIndex", RULES.indexOf(ruleId)).put("level", level);
        result.putObject("message").put("text", text(message));
        return result;
    }

    /**
     * A message's plain text: the run's words {@link Markdown#visible}, with {@code [} and
     * {@code ]} escaped by a backslash (and a backslash before one of them or before another
     * backslash), since a SARIF viewer reads {@code [text](target)} in plain text as an
     * embedded link (SARIF 2.1.0, 3.11.6). No {@code markdown} property is written: a viewer
     * renders that one as Markdown, and it would need {@link Markdown#text}.
     */
    static String text(String s) {
        String v = Markdown.visible(s);
        StringBuilder out = new StringBuilder(v.length());
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            boolean escapes = c == '\\' && i + 1 < v.length() && "\\[]".indexOf(v.charAt(i + 1)) >= 0;
            if (c == '[' || c == ']' || escapes) {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** Adds {@code locations[0].physicalLocation} to {@code result}; returns its region. */
    private static ObjectNode physicalLocation(ObjectNode result, String file, int line) {
        ObjectNode physical = result.putArray("locations").addObject().putObject("physicalLocation");
        artifactLocation(physical.putObject("artifactLocation"), file);
        return physical.putObject("region").put("startLine", line);
    }

    /** Fills an artifactLocation for a repository-relative path. */
    static void artifactLocation(ObjectNode node, String path) {
        node.put("uri", uri(path)).put("uriBaseId", SRCROOT);
    }

    /** SARIF wants a URI reference: spaces and non-ASCII characters percent-encoded. */
    private static String uri(String path) {
        try {
            return new URI(null, null, path, null).toASCIIString();
        } catch (URISyntaxException e) {
            return path;
        }
    }
}
