package dev.repofix.eval.cases;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.build.TestPathRules;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchException;
import dev.repofix.patch.PatchParser;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The checks of one case beyond its schema: that the patches parse and split by the
 * language's test-path rules, that test ids have the shape results carry, and that
 * stated locations are the derived ones. Pure; the case's node matched the schema.
 */
final class CaseChecks {
    private final JsonNode node;
    private final List<CaseFinding> findings = new ArrayList<>();

    private CaseChecks(JsonNode node) {
        this.node = node;
    }

    /** The checked case's language (named, else derived) and what is wrong with it. */
    record Result(String language, List<CaseFinding> findings) {
        Result {
            findings = List.copyOf(findings);
        }
    }

    static Result check(JsonNode node) {
        return new CaseChecks(node).run();
    }

    private Result run() {
        Optional<Patch> source = parse("patch.source");
        Optional<Patch> test = node.at("/patch/test").asText().isBlank() ? Optional.empty() : parse("patch.test");
        String language = node.hasNonNull("language") ? node.get("language").asText()
                : CaseLanguage.derive(paths(source, test));
        TestPathRules rules = TestPathRules.of(language);
        source.ifPresent(p -> checkSource(p, rules, language));
        test.ifPresent(p -> p.paths().stream().filter(path -> !rules.isTestPath(path)).forEach(path -> add("patch.test",
                "touches " + path + ", which is not a test path for " + language + "; move that change to patch.source")));
        checkTestIds(language);
        checkEnvironment();
        checkTestFiles(rules, language);
        return new Result(language, findings);
    }

    private Optional<Patch> parse(String field) {
        String text = node.at("/" + field.replace('.', '/')).asText();
        if (text.isBlank()) {
            add(field, "must change at least one source file: it is empty");
            return Optional.empty();
        }
        try {
            return Optional.of(PatchParser.parse(text));
        } catch (PatchException e) {
            add(field, "does not parse as a unified diff: " + e.getMessage());
            return Optional.empty();
        }
    }

    private static List<String> paths(Optional<Patch> source, Optional<Patch> test) {
        Set<String> paths = new LinkedHashSet<>();
        source.ifPresent(p -> paths.addAll(p.paths()));
        if (paths.isEmpty()) {
            test.ifPresent(p -> paths.addAll(p.paths()));
        }
        return List.copyOf(paths);
    }

    private void checkSource(Patch source, TestPathRules rules, String language) {
        source.paths().stream().filter(rules::isTestPath).forEach(path -> add("patch.source", "touches " + path
                + ", which is a test path for " + language + "; move that change to patch.test"));
        boolean numbered = source.files().stream().flatMap(f -> f.hunks().stream())
                .allMatch(ReferenceLocations::numbered);
        if (!numbered) {
            add("patch.source", "has a hunk without line numbers (`@@ @@` or an edit block); reference locations "
                    + "need `@@ -start,count +start,count @@` headers, as `git diff` writes them");
            return;
        }
        if (node.has("locations")) {
            checkLocations(ReferenceLocations.derive(source));
        }
    }

    private void checkLocations(List<CaseLine> derived) {
        Set<CaseLine> stated = new TreeSet<>(CaseJson.lines(node.get("locations")));
        Set<CaseLine> missing = new TreeSet<>(derived);
        missing.removeAll(stated);
        Set<CaseLine> extra = new TreeSet<>(stated);
        extra.removeAll(new HashSet<>(derived));
        if (!missing.isEmpty() || !extra.isEmpty()) {
            add("locations", "differ from those derived from patch.source (drop the field to use the derived ones):"
                    + (missing.isEmpty() ? "" : " not stated " + missing) + (extra.isEmpty() ? "" : " not derived " + extra));
        }
    }

    private void checkTestIds(String language) {
        Set<String> failing = new HashSet<>(CaseJson.strings(node, "fail_to_pass"));
        for (String field : List.of("fail_to_pass", "pass_to_pass")) {
            List<String> ids = CaseJson.strings(node, field);
            for (int i = 0; i < ids.size(); i++) {
                String id = ids.get(i);
                String at = field + "[" + i + "]";
                CaseTestIds.problem(id, language).ifPresent(why -> add(at, why));
                if (field.equals("pass_to_pass") && failing.contains(id)) {
                    add(at, "'" + id + "' is in fail_to_pass too; a test either fails before the fix or passes");
                }
            }
        }
    }

    private void checkEnvironment() {
        JsonNode env = node.get("environment");
        if (env == null || !env.isObject()) {
            return;
        }
        CaseEnvironment.problems(text(env, "python"), text(env, "packages"), CaseJson.variables(env.path("env")))
                .forEach(why -> add("environment", why));
    }

    private static Optional<String> text(JsonNode o, String field) {
        return o.hasNonNull(field) ? Optional.of(o.get(field).asText()) : Optional.empty();
    }

    /** Each test file a path inside the repository that the language's rules call a test, as a run can name it. */
    private void checkTestFiles(TestPathRules rules, String language) {
        List<String> files = CaseJson.strings(node, "test_files");
        for (int i = 0; i < files.size(); i++) {
            String file = files.get(i);
            String at = "test_files[" + i + "]";
            if (file.startsWith("/") || file.contains("\\") || file.matches("[A-Za-z]:.*")
                    || List.of(file.split("/")).contains("..") || file.startsWith("-")) {
                add(at, "'" + file + "' must be a repository-relative path with '/' and no '..' that does not start "
                        + "with '-'");
            } else if (!rules.isTestPath(file)) {
                add(at, "'" + file + "' is not a test path for " + language + "; name the test files whose tests run");
            }
        }
    }

    private void add(String field, String why) {
        findings.add(new CaseFinding(field, why));
    }
}
