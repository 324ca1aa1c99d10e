package dev.repofix.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.pipeline.RunResult;
import dev.repofix.stage.Location;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * GitLab's Code Quality report (a JSON array of issues), which a merge request shows
 * inline when a job lists it under {@code artifacts:reports:codequality}: the
 * suspected lines and where failing tests fail. A description is shown as plain text: the
 * run's words on one line, {@link Markdown#visibleLine}. Pure.
 */
public final class CodeQualityReport {
    static final String SUSPECTED = "repofix-suspected-fault";
    static final String FAILING = "repofix-failing-test";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CodeQualityReport() {}

    public static String render(RunResult result) {
        ArrayNode issues = JSON.createArrayNode();
        Set<String> seen = new LinkedHashSet<>();
        result.localization().ifPresent(l -> {
            for (Location loc : l.locations()) {
                String why = loc.reason().isBlank() ? loc.content().strip() : loc.reason();
                add(issues, seen, SUSPECTED, "major", "Suspected fault: " + Markdown.visibleLine(why, 300), loc.file(),
                        loc.line());
            }
        });
        for (TestResult t : result.failing()) {
            if (!t.frames().isEmpty()) {
                StackFrame f = t.frames().get(0); // in-repository frames, deepest first
                add(issues, seen, FAILING, "critical",
                        Markdown.visibleLine(t.id(), 300) + " fails: " + Markdown.visibleLine(t.message(), 300),
                        f.file(), f.line());
            }
        }
        try {
            return JSON.writeValueAsString(issues) + "\n";
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("cannot render the Code Quality report", e);
        }
    }

    private static void add(ArrayNode issues, Set<String> seen, String check, String severity, String description,
            String path, int line) {
        if (!seen.add(check + "\u0000" + path + "\u0000" + line)) {
            return;
        }
        ObjectNode issue = issues.addObject();
        issue.put("description", description).put("check_name", check)
                .put("fingerprint", fingerprint(check, path, line)).put("severity", severity);
        issue.putObject("location").put("path", path).putObject("lines").put("begin", line);
    }

    /** Stable across runs for the same finding, so GitLab can tell new ones from fixed ones. */
    static String fingerprint(String check, String path, int line) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(sha.digest((check + "\u0000" + path + "\u0000" + line)
                    .getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
