package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.env.EnvironmentStore;
import dev.repofix.env.StoredEnvironment;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.eclipse.jgit.api.Git;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SWE-bench task instances of a repository whose history has two versions needing two versions of
 * a dependency ({@code calcdep} 1.0 has {@code add_all}, 2.0 only {@code sum_of}), imported with a
 * spec file keyed by (repository, version) as SWE-bench's harness keys its environments: each
 * version's environment is set up once (a venv with its wheel, from a local wheel folder: no
 * network) and shared by gold's, the empty patch's and a later run's cases; gold passes and the
 * empty patch fails with nothing set up by hand. The spec's variables reach the set-up and the tests.
 */
class EvalEnvironmentSpecsEndToEndTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private Path wheels;
    private Path repo;
    private final Map<String, String> commits = new LinkedHashMap<>();

    @BeforeEach
    void versionedRepository() throws Exception {
        wheels = Files.createDirectories(temp.resolve("wheels"));
        wheel(wheels, "1.0", "def add_all(xs):\n    return sum(xs)\n");
        wheel(wheels, "2.0", "def sum_of(xs):\n    return sum(xs)\n");
        repo = temp.resolve("calc");
        try (Git git = Git.init().setDirectory(repo.toFile()).setInitialBranch("main").call()) {
            commits.put("1.0", commit(git, "1.0", "add_all(xs[1:])"));
            commits.put("2.0", commit(git, "2.0", "sum_of(xs[:-1])"));
        }
    }

    private RunOutput repofix(String... args) {
        return RunOutput.run(temp.resolve("work"), temp.resolve("unused"),
                Map.of("REPOFIX_CACHE_DIR", temp.resolve("cache").toString()), args);
    }

    @Test
    void eachVersionsEnvironmentIsSetUpOnceAndSharedByGoldTheEmptyPatchAndALaterRun() throws Exception {
        Path specs = Files.writeString(temp.resolve("specs.yaml"), """
                example/calc:
                  "1.0":
                    pip_packages: ["--no-index", "--find-links", "%1$s", "calcdep==1.0"]
                    pre_install: ["echo built >> '%2$s/builds-1.0'"]
                    install: ["test \\"$CALC_MODE\\" = strict"]
                    eval_commands: ["export CALC_MODE=strict"]
                  "2.0":
                    python: "%3$s"
                    pip_packages: ["--no-index", "--find-links", "%1$s", "calcdep==2.0"]
                    pre_install: ["echo built >> '%2$s/builds-2.0'"]
                    env: {CALC_MODE: strict}
                """.formatted(wheels, temp, pathPythonVersion()));
        Path cases = temp.resolve("cases.jsonl");

        RunOutput imported = repofix("eval", "import", "--format", "swebench", "--file", instances("1.0", "2.0").toString(),
                "--repo-map", "example/calc=" + repo, "--specs", specs.toString(), "--out", cases.toString());

        assertThat(imported.exitCode()).as(imported.stdout() + imported.stderr()).isZero();
        assertThat(imported.stdout()).contains("imported 2 cases").contains("2 with an environment from " + specs);
        List<JsonNode> written = EvalFixtures.jsonLines(cases);
        assertThat(written).extracting(c -> c.path("version").asText()).containsExactly("1.0", "2.0");
        assertThat(written.get(0).path("environment").path("env").path("CALC_MODE").asText()).isEqualTo("strict");

        RunOutput check = repofix("eval", "check", "--cases", cases.toString(), "--run", "--out",
                temp.resolve("sanity").toString());

        assertThat(check.exitCode()).as(check.stdout() + check.stderr()).isZero();
        assertThat(check.stdout()).contains("calc-1: OK").contains("calc-2: OK");
        List<JsonNode> gold = EvalRunEndToEndTest.results(temp.resolve("sanity/gold"));
        List<JsonNode> empty = EvalRunEndToEndTest.results(temp.resolve("sanity/empty"));
        assertThat(gold).extracting(r -> r.path("record").path("status").asText()).containsExactly("FIXED", "FIXED");
        assertThat(empty).extracting(r -> r.path("record").path("status").asText())
                .containsExactly("NOT_FIXED", "NOT_FIXED");
        assertThat(List.of(gold.get(0), gold.get(1), empty.get(0), empty.get(1))).allSatisfy(r -> assertThat(
                r.path("record").path("failing").toString()).as("the versions' dependency and variable in the tests")
                .doesNotContain("test_dependency_is_the_versions").doesNotContain("test_mode_reaches_the_tests"));
        assertThat(empty).allSatisfy(r -> assertThat(setupSummary(r)).endsWith("(reused)"));
        assertThat(builds("1.0")).as("version 1.0 set up once").isEqualTo(1);
        assertThat(builds("2.0")).as("version 2.0 set up once").isEqualTo(1);
        List<StoredEnvironment> stored = new EnvironmentStore(temp.resolve("cache"), Clock.systemUTC()).list();
        assertThat(stored).as("two versions, two environments").hasSize(2)
                .allSatisfy(e -> assertThat(e.description()).contains("env: CALC_MODE"));
        for (JsonNode r : gold) {
            Path log = temp.resolve("sanity/gold").resolve(r.path("setup_log").asText());
            assertThat(log).as("the set-up log is kept with the results").isRegularFile();
            String version = r.path("case_id").asText().equals("calc-1") ? "1.0" : "2.0";
            assertThat(Files.readString(log)).contains("calcdep==" + version)
                    .contains("Successfully installed calcdep-" + version);
        }
        assertThat(empty.get(0).path("setup_log").asText()).isEqualTo(gold.get(0).path("setup_log").asText());

        RunOutput run = repofix("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out",
                temp.resolve("run").toString());

        assertThat(run.exitCode()).as(run.stdout() + run.stderr()).isZero();
        assertThat(EvalRunEndToEndTest.results(temp.resolve("run"))).allSatisfy(r -> {
            assertThat(r.path("record").path("status").asText()).isEqualTo("FIXED");
            assertThat(setupSummary(r)).endsWith("(reused)");
            assertThat(temp.resolve("run").resolve(r.path("setup_log").asText())).isRegularFile();
        });
        assertThat(builds("1.0") + builds("2.0")).as("nothing set up again").isEqualTo(2);
    }

    @Test
    void anInterpreterTheMachineLacksIsTheCasesErrorInOneLine() throws Exception {
        Path specs = Files.writeString(temp.resolve("specs.json"), """
                {"example/calc": {"1.0": {"python": "3.1", "pip_packages": ["calcdep==1.0"]}}}
                """);
        Path cases = temp.resolve("cases.jsonl");
        RunOutput imported = repofix("eval", "import", "--format", "swebench", "--file", instances("1.0").toString(),
                "--repo-map", "example/calc=" + repo, "--specs", specs.toString(), "--out", cases.toString());
        assertThat(imported.exitCode()).as(imported.stderr()).isZero();

        repofix("eval", "run", "--cases", cases.toString(), "--model", "gold", "--out", temp.resolve("run").toString());

        JsonNode result = EvalRunEndToEndTest.results(temp.resolve("run")).getFirst();
        assertThat(result.path("status").asText()).isEqualTo("ERROR");
        String error = result.path("error").asText();
        assertThat(error).startsWith("the case's environment set-up failed: no Python 3.1 for the case's environment: ")
                .contains("no installed Python satisfies 3.1").doesNotContain("\n")
                .doesNotContain("Exception").doesNotContain("at dev.repofix");
    }

    private int builds(String version) throws IOException {
        Path file = temp.resolve("builds-" + version);
        return Files.exists(file) ? Files.readAllLines(file).size() : 0;
    }

    private static String setupSummary(JsonNode result) {
        for (JsonNode s : result.path("record").path("stages")) {
            if (s.path("stage").asText().equals("setup")) {
                return s.path("summary").asText();
            }
        }
        return "no setup stage";
    }

    /** The {@code major.minor} of the {@code python3} on PATH, which the set-up would take anyway. */
    private static String pathPythonVersion() throws Exception {
        Process p = new ProcessBuilder("python3", "-c", "import sys; print('%d.%d' % sys.version_info[:2])").start();
        String version = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(p.waitFor()).isZero();
        return version;
    }

    /** Commits the project at {@code version}: its code calls the dependency as that version offers, with a bug. */
    private String commit(Git git, String version, String call) throws Exception {
        Map<String, String> files = Map.of(
                "calc/__init__.py", "",
                "calc/core.py", "import calcdep\n\n\ndef total(xs):\n    return calcdep." + call + "\n",
                "tests/__init__.py", "",
                "tests/test_core.py", """
                        import os
                        import unittest

                        import calcdep


                        class CoreTest(unittest.TestCase):
                            def test_dependency_is_the_versions(self):
                                self.assertEqual(calcdep.VERSION, "%s")

                            def test_mode_reaches_the_tests(self):
                                self.assertEqual(os.environ.get("CALC_MODE"), "strict")
                        """.formatted(version));
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = repo.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        Files.writeString(repo.resolve(".gitignore"), "__pycache__/\n");
        git.add().addFilepattern(".").call();
        return git.commit().setMessage("version " + version).setAuthor("t", "t@example.org")
                .setCommitter("t", "t@example.org").setSign(false).call().name();
    }

    /** SWE-bench task instances {@code calc-1}, {@code calc-2}, ... of the versions given, in a JSON array. */
    private Path instances(String... versions) throws IOException {
        ArrayNode all = JSON.createArrayNode();
        for (int i = 0; i < versions.length; i++) {
            String version = versions[i];
            String call = version.equals("1.0") ? "add_all" : "sum_of";
            String bug = version.equals("1.0") ? "xs[1:]" : "xs[:-1]";
            ObjectNode n = all.addObject();
            n.put("instance_id", "calc-" + (i + 1)).put("repo", "example/calc").put("base_commit", commits.get(version))
                    .put("version", version).put("problem_statement", "total() misses an item\n\ntotal([1, 2, 3]) "
                            + "is not 6.")
                    .put("patch", "diff --git a/calc/core.py b/calc/core.py\n--- a/calc/core.py\n+++ b/calc/core.py\n"
                            + "@@ -5 +5 @@\n-    return calcdep." + call + "(" + bug + ")\n+    return calcdep." + call
                            + "(xs)\n")
                    .put("test_patch", "diff --git a/tests/test_total.py b/tests/test_total.py\nnew file mode 100644\n"
                            + "--- /dev/null\n+++ b/tests/test_total.py\n@@ -0,0 +1,8 @@\n+import unittest\n+\n"
                            + "+from calc.core import total\n+\n+\n+class TotalTest(unittest.TestCase):\n"
                            + "+    def test_total_counts_every_item(self):\n"
                            + "+        self.assertEqual(total([1, 2, 3]), 6)\n");
            n.putArray("FAIL_TO_PASS").add("test_total_counts_every_item (tests.test_total.TotalTest)");
            n.putArray("PASS_TO_PASS").add("test_dependency_is_the_versions (tests.test_core.CoreTest)")
                    .add("test_mode_reaches_the_tests (tests.test_core.CoreTest)");
        }
        return Files.writeString(temp.resolve("instances.json"), all.toPrettyString());
    }

    /** A pure-Python wheel of {@code calcdep} {@code version}, made here: pip installs it with no index. */
    private static void wheel(Path dir, String version, String code) throws IOException {
        String info = "calcdep-" + version + ".dist-info/";
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("calcdep/__init__.py", "VERSION = \"" + version + "\"\n\n\n" + code);
        entries.put(info + "METADATA", "Metadata-Version: 2.1\nName: calcdep\nVersion: " + version + "\n");
        entries.put(info + "WHEEL", "Wheel-Version: 1.0\nGenerator: repofix-test\nRoot-Is-Purelib: true\n"
                + "Tag: py3-none-any\n");
        entries.put(info + "RECORD", String.join("", entries.keySet().stream().map(e -> e + ",,\n").toList())
                + info + "RECORD,,\n");
        try (OutputStream file = Files.newOutputStream(dir.resolve("calcdep-" + version + "-py3-none-any.whl"));
                ZipOutputStream zip = new ZipOutputStream(file)) {
            for (Map.Entry<String, String> e : entries.entrySet()) {
                zip.putNextEntry(new ZipEntry(e.getKey()));
                zip.write(e.getValue().getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
    }
}
