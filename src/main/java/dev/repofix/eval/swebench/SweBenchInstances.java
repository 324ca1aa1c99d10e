package dev.repofix.eval.swebench;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.result.ResultStore;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cases as SWE-bench task instances (one JSON object per line), the shape
 * {@link SweBenchImport} reads back: {@code instance_id}, {@code repo} as
 * {@code owner/name}, {@code base_commit}, {@code patch}, {@code test_patch},
 * {@code problem_statement}, {@code FAIL_TO_PASS} and {@code PASS_TO_PASS} as JSON-encoded
 * lists (as SWE-bench's datasets hold them), {@code created_at}, {@code hints_text},
 * {@code environment_setup_commit}. What SWE-bench has no field for (tags, bug types,
 * cause and effect, set-up) stays behind. Pure.
 */
public final class SweBenchInstances {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern GITHUB = Pattern.compile("https?://github\\.com/([\\w.-]+/[\\w.-]+?)(\\.git)?/?");

    private SweBenchInstances() {}

    /**
     * The instances of {@code cases}, one line each.
     *
     * @param repoNames a case's {@code repo} (path or URL) to the {@code owner/name} to write for it; a GitHub
     *                  URL needs none, any other repository without one is written {@code local/<folder name>}
     */
    public static String render(List<EvalCase> cases, Map<String, String> repoNames) {
        StringBuilder out = new StringBuilder();
        for (EvalCase c : cases) {
            ObjectNode o = MAPPER.createObjectNode();
            o.put("instance_id", c.id());
            o.put("repo", repoName(c.repo(), repoNames));
            o.put("base_commit", c.baseCommit());
            o.put("patch", c.patch().source());
            o.put("test_patch", c.patch().test());
            o.put("problem_statement", statement(c.issue()));
            o.put("FAIL_TO_PASS", encoded(c.failToPass()));
            o.put("PASS_TO_PASS", encoded(c.passToPass()));
            c.createdAt().ifPresent(v -> o.put("created_at", v));
            o.put("hints_text", c.hints().orElse(""));
            c.environmentSetupCommit().ifPresent(v -> o.put("environment_setup_commit", v));
            out.append(o).append('\n');
        }
        return out.toString();
    }

    /** Writes the instances of {@code cases} to {@code out}, replacing it whole. */
    public static void write(List<EvalCase> cases, Map<String, String> repoNames, Path out) {
        ResultStore.writeAtomically(out.toAbsolutePath(), render(cases, repoNames));
    }

    /** The {@code owner/name} a case's repository is written as. */
    static String repoName(String repo, Map<String, String> repoNames) {
        String named = repoNames.get(repo);
        if (named != null) {
            return named;
        }
        Matcher m = GITHUB.matcher(repo);
        if (m.matches()) {
            return m.group(1);
        }
        String folder = Path.of(repo).normalize().getFileName().toString().replaceAll("[^A-Za-z0-9_.-]", "_");
        return "local/" + (folder.isEmpty() ? "repo" : folder);
    }

    /** The title, then the description unless it already starts with the title (as a commit message does). */
    private static String statement(ReferenceIssue issue) {
        return issue.description().strip().startsWith(issue.title().strip()) ? issue.description()
                : issue.title() + "\n\n" + issue.description();
    }

    private static String encoded(List<String> ids) {
        try {
            return MAPPER.writeValueAsString(ids);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a list of strings always writes as JSON", e);
        }
    }
}
