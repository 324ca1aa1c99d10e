package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole benchmark as a team runs one: two Maven cases written by hand and four pytest
 * instances in SWE-bench's format, imported, checked, run by gold in two shards, merged,
 * reported and exported back to SWE-bench's predictions format; the empty patch and the
 * builtin engine over the same cases. Slow: every Maven case runs Maven several times.
 */
@Tag("slow")
class EvalMavenAndSweBenchEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CALC = """
            package org.calc;

            public final class Calc {
                private Calc() {}

                public static int add(int a, int b) {
                    return a - b;
                }

                public static int multiply(int a, int b) {
                    return a * b;
                }

                public static int max(int a, int b) {
                    return a < b ? a : b;
                }
            }
            """;
    private static final String CALC_TEST = """
            package org.calc;

            import static org.junit.jupiter.api.Assertions.assertEquals;

            import org.junit.jupiter.api.Test;

            class CalcTest {
                @Test
                void multiplies() {
                    assertEquals(6, Calc.multiply(2, 3));
                }
            }
            """;

    @TempDir
    Path temp;

    private RunOutput eval(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"), args);
    }

    @Test
    void importCheckShardedGoldMergeReportAndExportOverMavenAndSweBenchCases() throws IOException {
        Map<String, String> sourcePatches = new LinkedHashMap<>();
        List<String> lines = new ArrayList<>(mavenCases(sourcePatches));
        Path instances = sweBenchInstances(sourcePatches);
        Path imported = temp.resolve("swe-cases.jsonl");

        RunOutput importRun = eval("eval", "import", "--format", "swebench", "--file", instances.toString(), "--out",
                imported.toString(), "--repo-map", "example/ages=" + temp.resolve("ages"));
        assertThat(importRun.exitCode()).as(importRun.stdout() + importRun.stderr()).isZero();
        assertThat(importRun.stdout()).contains("imported 4 cases");
        lines.addAll(Files.readAllLines(imported).stream().filter(l -> !l.isBlank()).toList());
        Path cases = Files.writeString(temp.resolve("all.jsonl"), String.join("\n", lines) + "\n");
        RunOutput check = eval("eval", "check", "--cases", cases.toString());
        assertThat(check.exitCode()).as(check.stdout() + check.stderr()).isZero();

        for (String shard : List.of("1", "2")) {
            RunOutput run = eval("eval", "run", "--cases", cases.toString(), "--model", "gold", "--shard", shard + "/2",
                    "--out", temp.resolve("gold-" + shard).toString());
            assertThat(run.exitCode()).as(run.stderr()).isZero();
        }
        RunOutput merge = eval("eval", "merge", temp.resolve("gold-1").toString(), temp.resolve("gold-2").toString(),
                "--out", temp.resolve("gold").toString());
        assertThat(merge.exitCode()).as(merge.stderr()).isZero();
        assertThat(passRate("gold")).as("gold fixes every case").isEqualTo("6/6");

        RunOutput export = eval("eval", "export", "--format", "swebench", "--results", temp.resolve("gold").toString(),
                "--out", temp.resolve("predictions.jsonl").toString());
        assertThat(export.exitCode()).as(export.stderr()).isZero();
        Map<String, String> predicted = new LinkedHashMap<>();
        for (String line : Files.readAllLines(temp.resolve("predictions.jsonl"))) {
            JsonNode p = JSON.readTree(line);
            predicted.put(p.path("instance_id").asText(), p.path("model_patch").asText());
            assertThat(p.path("model_name_or_path").asText()).isEqualTo("gold");
        }
        assertThat(predicted).isEqualTo(sourcePatches);
        printTimes(temp.resolve("report-gold/cases.csv"));

        RunOutput empty = eval("eval", "run", "--cases", cases.toString(), "--model", "empty", "--out",
                temp.resolve("empty").toString());
        assertThat(empty.exitCode()).as(empty.stderr()).isZero();
        assertThat(passRate("empty")).as("the empty patch fixes nothing").isEqualTo("0/6");

        RunOutput builtin = eval("eval", "run", "--cases", cases.toString(), "--max-candidates", "5", "--out",
                temp.resolve("builtin").toString());
        assertThat(builtin.exitCode()).as(builtin.stderr()).isZero();
        List<JsonNode> results = EvalRunEndToEndTest.results(temp.resolve("builtin"));
        assertThat(results).hasSize(6).allSatisfy(r -> {
            assertThat(r.path("model").asText()).isEqualTo("builtin");
            assertThat(r.path("status").asText()).isEqualTo("SCORED");
            assertThat(r.path("record").path("status").asText()).isIn("FIXED", "NOT_FIXED");
        });
        System.out.println("builtin: " + results.stream().map(r -> r.path("case_id").asText() + " "
                + r.path("record").path("status").asText()).toList() + ", Pass " + passRate("builtin"));
    }

    /** Pass over the results in OUT/{name}, as {@code eval report}'s JSON gives it. */
    private String passRate(String name) throws IOException {
        RunOutput report = eval("eval", "report", "--results", temp.resolve(name).toString(), "--out",
                temp.resolve("report-" + name).toString());
        assertThat(report.exitCode()).as(report.stderr()).isZero();
        JsonNode json = JSON.readTree(temp.resolve("report-" + name + "/report.json").toFile());
        assertThat(json.path("results").path("scored").asInt()).as(json.toString()).isEqualTo(6);
        JsonNode pass = json.path("settings").get(0).path("overall").path("pass");
        return pass.path("hits").asInt() + "/" + pass.path("n").asInt();
    }

    /** Where each gold case's time went, from the report's per-case table. */
    private static void printTimes(Path csv) throws IOException {
        List<String> rows = Files.readAllLines(csv);
        List<String> header = List.of(rows.get(0).split(","));
        StringBuilder out = new StringBuilder("gold, ms per case (wall = baseline + stages + validation + rest):\n");
        for (String row : rows.subList(1, rows.size())) {
            String[] cells = row.split(",");
            out.append(String.format("  %-20s wall %6s baseline %6s stages %5s validation %6s%n",
                    cells[header.indexOf("case_id")], cells[header.indexOf("wall_ms")],
                    cells[header.indexOf("baseline_ms")], cells[header.indexOf("stages_ms")],
                    cells[header.indexOf("validation_ms")]));
        }
        System.out.print(out);
    }

    /** Two Maven cases on a repository made here, as case-file lines; their source patches by id. */
    private List<String> mavenCases(Map<String, String> sourcePatches) {
        Path repo = FixtureRepos.gitRepo(temp.resolve("calc"), Map.of("pom.xml", FixtureRepos.JUNIT_POM,
                "src/main/java/org/calc/Calc.java", CALC,
                "src/test/java/org/calc/CalcTest.java", CALC_TEST));
        String commit = head(repo);
        List<String> lines = new ArrayList<>();
        lines.add(mavenCase(repo, commit, "calc-add", 7, "        return a - b;", "        return a + b;", "AddTest",
                "addsTwoNumbers", "assertEquals(5, Calc.add(2, 3));", "add subtracts", sourcePatches));
        lines.add(mavenCase(repo, commit, "calc-max", 15, "        return a < b ? a : b;",
                "        return a > b ? a : b;", "MaxTest", "maxIsTheLarger", "assertEquals(3, Calc.max(2, 3));",
                "max returns the smaller", sourcePatches));
        return lines;
    }

    private static String mavenCase(Path repo, String commit, String id, int line, String before, String after,
            String testClass, String testMethod, String assertion, String title, Map<String, String> sourcePatches) {
        String file = "src/main/java/org/calc/Calc.java";
        String source = "--- a/" + file + "\n+++ b/" + file + "\n@@ -" + line + " +" + line + " @@\n-" + before + "\n+"
                + after + "\n";
        List<String> test = List.of("package org.calc;", "", "import static org.junit.jupiter.api.Assertions.assertEquals;",
                "", "import org.junit.jupiter.api.Test;", "", "class " + testClass + " {", "    @Test",
                "    void " + testMethod + "() {", "        " + assertion, "    }", "}");
        String testPath = "src/test/java/org/calc/" + testClass + ".java";
        StringBuilder testPatch = new StringBuilder("--- /dev/null\n+++ b/" + testPath + "\n@@ -0,0 +1," + test.size()
                + " @@\n");
        test.forEach(l -> testPatch.append('+').append(l).append('\n'));
        ObjectNode c = JSON.createObjectNode().put("id", id).put("repo", repo.toString()).put("base_commit", commit)
                .put("language", "java");
        c.putArray("fail_to_pass").add("org.calc." + testClass + "#" + testMethod);
        c.putArray("pass_to_pass").add("org.calc.CalcTest#multiplies");
        c.putObject("issue").put("title", title).put("description", title + ": " + assertion + " fails");
        c.putObject("patch").put("source", source).put("test", testPatch.toString());
        sourcePatches.put(id, source);
        return c.toString();
    }

    /**
     * The four pytest fixture bugs as SWE-bench task instances: repository by owner/name,
     * source and test patches apart, FAIL_TO_PASS as a JSON-encoded string and PASS_TO_PASS
     * as a list, as the data set mixes both.
     */
    private Path sweBenchInstances(Map<String, String> sourcePatches) throws IOException {
        Path fixtureCases = EvalFixtures.caseFile(temp);
        ArrayNode instances = JSON.createArrayNode();
        for (String line : Files.readAllLines(fixtureCases)) {
            if (line.isBlank()) {
                continue;
            }
            JsonNode c = JSON.readTree(line);
            String id = "example__ages-" + c.path("id").asText();
            ObjectNode i = instances.addObject().put("repo", "example/ages").put("instance_id", id)
                    .put("base_commit", c.path("base_commit").asText())
                    .put("patch", c.path("patch").path("source").asText())
                    .put("test_patch", c.path("patch").path("test").asText())
                    .put("problem_statement", c.path("issue").path("title").asText() + "\n\n"
                            + c.path("issue").path("description").asText())
                    .put("hints_text", "").put("created_at", "2024-01-02T03:04:05Z").put("version", "1.0")
                    .put("environment_setup_commit", c.path("base_commit").asText())
                    .put("FAIL_TO_PASS", JSON.writeValueAsString(c.path("fail_to_pass")));
            i.set("PASS_TO_PASS", c.path("pass_to_pass"));
            sourcePatches.put(id, c.path("patch").path("source").asText());
        }
        return Files.writeString(temp.resolve("instances.json"), JSON.writerWithDefaultPrettyPrinter()
                .writeValueAsString(instances));
    }

    private static String head(Path repo) {
        try (Git git = Git.open(repo.toFile())) {
            return git.getRepository().resolve("HEAD").name();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
