package dev.repofix.eval.swebench;

import static dev.repofix.eval.cases.CaseFixtures.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.eval.cases.CaseException;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.CaseFixtures;
import dev.repofix.eval.cases.CaseLine;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.cases.ReferencePatch;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweBenchImportTest {
    @TempDir
    Path dir;

    private static final SweBenchImport.Settings NONE = new SweBenchImport.Settings(Map.of(), Optional.empty(), Map.of());

    /** An instance as SWE-bench publishes one, tests as lists. */
    static ObjectNode instance(String id) {
        ObjectNode i = JSON.createObjectNode();
        i.put("repo", "example/calc").put("instance_id", id).put("base_commit", "abc123")
                .put("patch", CaseFixtures.PYTHON_SOURCE).put("test_patch", CaseFixtures.PYTHON_TEST)
                .put("problem_statement", "\n  add() subtracts  \n\nCalling add(1, 2) gives -1.\n")
                .put("hints_text", "").put("created_at", "2023-02-23T10:00:00Z").put("version", "1.3")
                .put("environment_setup_commit", "def456").put("unknown_field", 7);
        i.putArray("FAIL_TO_PASS").add("tests/test_ops.py::test_add");
        i.putArray("PASS_TO_PASS").add("tests/test_ops.py::test_sub");
        return i;
    }

    private record Imported(List<EvalCase> cases, SweBenchImport.Summary summary) {}

    private Imported importArray(SweBenchImport.Settings settings, ObjectNode... instances) throws Exception {
        ArrayNode array = JSON.createArrayNode();
        List.of(instances).forEach(array::add);
        Path file = Files.writeString(dir.resolve("instances.json"), JSON.writerWithDefaultPrettyPrinter()
                .writeValueAsString(array));
        return importFile(file, settings);
    }

    private Imported importFile(Path file, SweBenchImport.Settings settings) {
        List<EvalCase> cases = new ArrayList<>();
        SweBenchImport.Summary summary = new SweBenchImport(new CaseFile(), settings).read(file, cases::add);
        return new Imported(cases, summary);
    }

    @Test
    void importsAJsonArrayOfInstancesWithListsOfTests() throws Exception {
        Imported result = importArray(NONE, instance("example__calc-1"));

        assertThat(result.summary()).isEqualTo(new SweBenchImport.Summary(1, List.of()));
        EvalCase c = result.cases().get(0);
        assertThat(c.id()).isEqualTo("example__calc-1");
        assertThat(c.repo()).isEqualTo("https://github.com/example/calc");
        assertThat(c.baseCommit()).isEqualTo("abc123");
        assertThat(c.language()).isEqualTo("python");
        assertThat(c.testCommand()).isEmpty();
        assertThat(c.failToPass()).containsExactly("tests/test_ops.py::test_add");
        assertThat(c.passToPass()).containsExactly("tests/test_ops.py::test_sub");
        assertThat(c.issue()).isEqualTo(new ReferenceIssue("add() subtracts",
                "\n  add() subtracts  \n\nCalling add(1, 2) gives -1.\n"));
        assertThat(c.patch()).isEqualTo(new ReferencePatch(CaseFixtures.PYTHON_SOURCE, CaseFixtures.PYTHON_TEST));
        assertThat(c.hints()).isEmpty();
        assertThat(c.tags()).containsExactly("swe-bench", "version:1.3");
        assertThat(c.environmentSetupCommit()).contains("def456");
        assertThat(c.createdAt()).contains("2023-02-23T10:00:00Z");
        assertThat(c.setup()).isEmpty();
        assertThat(c.locations()).containsExactly(new CaseLine("calc/ops.py", 4));
    }

    @Test
    void theTestFilesAreWhatTheTestPatchTouchesButDataAndDeletedFiles() throws Exception {
        ObjectNode i = instance("example__calc-2");
        i.put("test_patch", CaseFixtures.PYTHON_TEST + """
                diff --git a/tests/data/cases.json b/tests/data/cases.json
                --- a/tests/data/cases.json
                +++ b/tests/data/cases.json
                @@ -1,1 +1,1 @@
                -[1]
                +[1, 2]
                diff --git a/tests/test_old.py b/tests/test_old.py
                deleted file mode 100644
                --- a/tests/test_old.py
                +++ /dev/null
                @@ -1,2 +0,0 @@
                -def test_old():
                -    pass
                diff --git a/tests/unit/test_more.py b/tests/unit/test_more.py
                new file mode 100644
                --- /dev/null
                +++ b/tests/unit/test_more.py
                @@ -0,0 +1,2 @@
                +def test_more():
                +    pass
                """);

        Imported result = importArray(NONE, i);

        assertThat(result.summary().refused()).isEmpty();
        assertThat(result.cases().get(0).testFiles()).containsExactly("tests/test_ops.py", "tests/unit/test_more.py");
    }

    @Test
    void importsJsonLinesWithTestsEncodedAsJsonStrings() throws Exception {
        ObjectNode one = instance("a-1");
        one.put("FAIL_TO_PASS", "[\"tests/test_ops.py::test_add\"]").put("PASS_TO_PASS", "[]");
        ObjectNode two = instance("a-2");
        two.put("hints_text", "look at ops.py");
        Path file = Files.writeString(dir.resolve("instances.jsonl"), one + "\n\n" + two + "\n");

        Imported result = importFile(file, NONE);

        assertThat(result.summary().refused()).isEmpty();
        assertThat(result.cases()).extracting(EvalCase::id).containsExactly("a-1", "a-2");
        assertThat(result.cases().get(0).failToPass()).containsExactly("tests/test_ops.py::test_add");
        assertThat(result.cases().get(0).passToPass()).isEmpty();
        assertThat(result.cases().get(1).hints()).contains("look at ops.py");
    }

    @Test
    void aRepoMapPointsARepositoryAtALocalPathAndASetupMapOverridesTheSharedSetup() throws Exception {
        ObjectNode other = instance("other-1");
        other.put("repo", "example/other");
        SweBenchImport.Settings settings = new SweBenchImport.Settings(Map.of("example/calc", "/srv/mirrors/calc"),
                Optional.of("pip install -e ."), Map.of("example/other", "pip install -e .[test]\npip install pytest==7.4"));

        Imported result = importArray(settings, instance("calc-1"), other);

        assertThat(result.cases()).extracting(EvalCase::repo)
                .containsExactly("/srv/mirrors/calc", "https://github.com/example/other");
        assertThat(result.cases().get(0).setup()).containsExactly("pip install -e .");
        assertThat(result.cases().get(1).setup()).containsExactly("pip install -e .[test]", "pip install pytest==7.4");
    }

    @Test
    void specsGiveACaseTheEnvironmentOfItsRepositoryAndVersionOverTheRepositorysSetup() throws Exception {
        Path specsFile = Files.writeString(dir.resolve("specs.yaml"), """
                example/calc:
                  "1.3":
                    python: "3.9"
                    pip_packages: [pytest]
                    install: python -m pip install -e .
                    test_cmd: pytest -rA
                """);
        ObjectNode otherVersion = instance("calc-2");
        otherVersion.put("version", "1.4");
        SweBenchImport.Settings settings = new SweBenchImport.Settings(Map.of(), Optional.empty(),
                Map.of("example/calc", "pip install -e ."), SweBenchSpecs.read(specsFile).specs());

        Imported result = importArray(settings, instance("calc-1"), otherVersion);

        assertThat(result.summary()).isEqualTo(new SweBenchImport.Summary(2, List.of(), 1));
        EvalCase specified = result.cases().get(0);
        assertThat(specified.version()).contains("1.3");
        assertThat(specified.environment()).hasValueSatisfying(e -> {
            assertThat(e.python()).contains("3.9");
            assertThat(e.testCmd()).contains("pytest -rA");
        });
        assertThat(specified.setup()).as("the environment replaces the repository's set-up").isEmpty();
        assertThat(specified.setupCommands()).containsExactly("python -m pip install pytest",
                "python -m pip install -e .");
        assertThat(specified.effectiveTestCommand()).contains("pytest -rA");
        EvalCase unspecified = result.cases().get(1);
        assertThat(unspecified.version()).contains("1.4");
        assertThat(unspecified.environment()).as("no spec for 1.4").isEmpty();
        assertThat(unspecified.setup()).containsExactly("pip install -e .");
        assertThat(new CaseFile().problems(specified)).as("the imported case is a good case").isEmpty();
    }

    @Test
    void convertsDjangoStyleTestNamesToClassAndMethodIds() throws Exception {
        ObjectNode django = instance("django__django-1");
        django.putArray("FAIL_TO_PASS").add("test_add (tests.test_ops.OpsTests)");
        django.putArray("PASS_TO_PASS").add("test_sub (tests.test_ops.OpsTests.test_sub)")
                .add("test_mul (tests.test_ops.OpsTests)\nMultiplies two numbers.");

        Imported result = importArray(NONE, django);

        assertThat(result.summary().refused()).isEmpty();
        assertThat(result.cases().get(0).failToPass()).containsExactly("tests.test_ops.OpsTests#test_add");
        assertThat(result.cases().get(0).passToPass())
                .containsExactly("tests.test_ops.OpsTests#test_sub", "tests.test_ops.OpsTests#test_mul");
    }

    @Test
    void findsTheFileOfABareTestNameInTheTestPatch() throws Exception {
        ObjectNode sympy = instance("sympy__sympy-1");
        sympy.putArray("FAIL_TO_PASS").add("test_add");
        sympy.putArray("PASS_TO_PASS").add("test_sub");

        Imported result = importArray(NONE, sympy);

        assertThat(result.cases().get(0).failToPass()).containsExactly("tests/test_ops.py::test_add");
        assertThat(result.cases().get(0).passToPass()).containsExactly("tests/test_ops.py::test_sub");
    }

    @Test
    void refusesAnInstanceWhoseTestsCannotBeToldAndImportsTheRest() throws Exception {
        ObjectNode vague = instance("vague-1");
        vague.putArray("FAIL_TO_PASS").add("Adds two numbers correctly.");
        ObjectNode noTests = instance("empty-1");
        noTests.put("FAIL_TO_PASS", "[]");
        ObjectNode inTests = instance("swapped-1");
        inTests.put("patch", CaseFixtures.PYTHON_TEST);

        Imported result = importArray(NONE, instance("good-1"), vague, noTests, inTests, instance("good-1"));

        assertThat(result.cases()).extracting(EvalCase::id).containsExactly("good-1");
        assertThat(result.summary().refused()).containsExactly(
                "vague-1 (instance 2): refused: FAIL_TO_PASS names tests whose file or class cannot be told, so no "
                        + "run could find them: ['Adds two numbers correctly.'] (repofix ids are "
                        + "tests/test_x.py::test_y or package.module.Class#test_name)",
                "empty-1 (instance 3): refused: FAIL_TO_PASS is empty: a case needs at least one test that the fix "
                        + "makes pass",
                "swapped-1 (instance 4): refused: it is no good case: patch.source: touches tests/test_ops.py, which "
                        + "is a test path for python; move that change to patch.test",
                "good-1 (instance 5): refused: its instance_id is in the file twice; the first was imported");
    }

    @Test
    void refusesARepoThatIsNoGitHubOwnerAndName() throws Exception {
        ObjectNode url = instance("url-1");
        url.put("repo", "https://example.org/calc.git");

        Imported result = importArray(NONE, url);

        assertThat(result.cases()).isEmpty();
        assertThat(result.summary().refused()).containsExactly("url-1 (instance 1): refused: repo must be a GitHub "
                + "owner/name, as SWE-bench writes it: 'https://example.org/calc.git'");
    }

    @Test
    void cutsALongFirstLineToATitle() {
        String line = "x".repeat(200);
        assertThat(SweBenchImport.title("\n\n" + line + "\nmore")).hasSize(120).endsWith("...");
        assertThat(SweBenchImport.title("  Short title  \nbody")).isEqualTo("Short title");
    }

    @Test
    void aFileThatIsNoJsonArrayIsAnInputError() throws Exception {
        Path file = Files.writeString(dir.resolve("bad.json"), "[{\"instance_id\": ");
        assertThatThrownBy(() -> importFile(file, NONE)).isInstanceOf(CaseException.class)
                .hasMessageContaining("is not a JSON array of task instances");
    }
}
