package dev.repofix.eval.cases;

import static dev.repofix.eval.cases.CaseFixtures.maven;
import static dev.repofix.eval.cases.CaseFixtures.pytest;
import static dev.repofix.eval.cases.CaseFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CaseFileTest {
    @TempDir
    Path dir;

    private final CaseFile caseFile = new CaseFile();

    @Test
    void readsAGoodFileOfMavenAndPytestCases() {
        Path file = write(dir.resolve("cases.jsonl"), List.of(maven("calc-1"), "", "   ", pytest("ops-1")));

        List<EvalCase> cases = caseFile.read(file);

        assertThat(cases).extracting(EvalCase::id).containsExactly("calc-1", "ops-1");
        EvalCase java = cases.get(0);
        assertThat(java.language()).isEqualTo("java");
        assertThat(java.testCommand()).contains("mvn -B test");
        assertThat(java.failToPass()).containsExactly("com.example.CalcTest#addsTwoNumbers");
        assertThat(java.locations()).containsExactly(new CaseLine("src/main/java/com/example/Calc.java", 5));
        EvalCase python = cases.get(1);
        assertThat(python.language()).isEqualTo("python");
        assertThat(python.testCommand()).isEmpty();
        assertThat(python.cause()).contains(new CaseLine("calc/ops.py", 4));
        assertThat(python.effect()).contains(new CaseLine("tests/test_ops.py", 5));
        assertThat(python.setup()).containsExactly("pip install -e .");
        assertThat(python.hints()).contains("see ops.py");
        assertThat(python.locations()).containsExactly(new CaseLine("calc/ops.py", 4));
    }

    @Test
    void reportsEveryProblemOfTheFileWithItsLineAndField() {
        ObjectNode noTests = maven("no-tests");
        noTests.putArray("fail_to_pass");
        ObjectNode noIssue = maven("no-issue");
        noIssue.remove("issue");
        Path file = write(dir.resolve("cases.jsonl"), List.of(maven("a"), noTests, maven("a"),
                "# a comment", "{not json", noIssue));

        CaseFile.Scan scan = caseFile.scan(file, c -> { });

        String f = file.toString();
        assertThat(scan.problems()).map(CaseProblem::toString).containsExactly(
                f + ":2: fail_to_pass: must list at least one test",
                f + ":3: id: duplicate id 'a': line 1 has it too; ids must be unique in a file",
                f + ":4: comment lines are not allowed in JSON Lines; delete the line",
                f + ":5: not valid JSON: Unexpected character ('n' (code 110)): was expecting double-quote to start "
                        + "field name",
                f + ":6: issue: is required");
        assertThat(scan.cases()).isEqualTo(6);
        assertThat(scan.casesWithProblems()).isEqualTo(5);
    }

    @Test
    void passesOnlyTheGoodCasesOnWhileScanning() {
        ObjectNode bad = maven("bad");
        bad.put("id", "has space");
        Path file = write(dir.resolve("cases.jsonl"), List.of(maven("good-1"), bad, pytest("good-2")));
        List<String> seen = new ArrayList<>();

        CaseFile.Scan scan = caseFile.scan(file, c -> seen.add(c.id()));

        assertThat(seen).containsExactly("good-1", "good-2");
        assertThat(scan.problems()).map(CaseProblem::toString)
                .containsExactly(file + ":2: id: must be 1 to 200 characters of A-Z a-z 0-9 . _ - (it names files)");
    }

    @Test
    void reportsAPatchThatDoesNotParseOrIsEmpty() {
        ObjectNode garbage = maven("garbage");
        garbage.with("patch").put("source", "this is no diff\n");
        ObjectNode blank = maven("blank");
        blank.with("patch").put("source", "\n  \n");
        Path file = write(dir.resolve("c.jsonl"), List.of(garbage, blank));

        assertThat(problems(file)).containsExactly(
                file + ":1: patch.source: does not parse as a unified diff: not a patch: expected a unified diff "
                        + "(--- a/file, +++ b/file, @@ hunks) or SEARCH/REPLACE edit blocks",
                file + ":2: patch.source: must change at least one source file: it is empty");
    }

    @Test
    void reportsASourcePatchThatTouchesTestsAndATestPatchThatTouchesSource() {
        ObjectNode swapped = maven("swapped");
        swapped.with("patch").put("source", CaseFixtures.JAVA_SOURCE + CaseFixtures.JAVA_TEST)
                .put("test", CaseFixtures.JAVA_SOURCE);
        Path file = write(dir.resolve("c.jsonl"), List.of(swapped));

        assertThat(problems(file)).containsExactly(
                file + ":1: patch.source: touches src/test/java/com/example/CalcTest.java, which is a test path for "
                        + "java; move that change to patch.test",
                file + ":1: patch.test: touches src/main/java/com/example/Calc.java, which is not a test path for "
                        + "java; move that change to patch.source");
    }

    @Test
    void reportsStatedLocationsThatDifferFromTheDerivedOnes() {
        ObjectNode right = pytest("right");
        right.putArray("locations").addObject().put("file", "calc/ops.py").put("line", 4);
        ObjectNode wrong = pytest("wrong");
        wrong.putArray("locations").addObject().put("file", "calc/ops.py").put("line", 3);
        Path file = write(dir.resolve("c.jsonl"), List.of(right, wrong));

        assertThat(problems(file)).containsExactly(file + ":2: locations: differ from those derived from patch.source "
                + "(drop the field to use the derived ones): not stated [calc/ops.py:4] not derived [calc/ops.py:3]");
    }

    @Test
    void reportsALineBelowOneAnUnknownFieldAndAnUnknownLanguage() {
        ObjectNode c = pytest("c");
        c.with("cause").put("line", 0);
        c.put("langauge", "python");
        c.put("language", "cobol");
        Path file = write(dir.resolve("c.jsonl"), List.of(c));

        assertThat(problems(file)).hasSize(3)
                .anySatisfy(p -> assertThat(p).startsWith(file + ":1: cause.line: ").contains("1"))
                .anySatisfy(p -> assertThat(p).isEqualTo(file + ":1: langauge: is not a field of a case "
                        + "(see docs/eval.md, \"Case format\")"))
                .anySatisfy(p -> assertThat(p).startsWith(file + ":1: language: "));
    }

    @Test
    void reportsTestIdsOfAnotherShapeAndATestInBothLists() {
        ObjectNode java = maven("java");
        java.putArray("fail_to_pass").add("CalcTest.addsTwoNumbers");
        java.putArray("pass_to_pass").add("com.example.CalcTest#addsZero").add("CalcTest.addsTwoNumbers");
        ObjectNode python = pytest("python");
        python.putArray("fail_to_pass").add("test_add (tests.test_ops.OpsTest)");
        Path file = write(dir.resolve("c.jsonl"), List.of(java, python));

        assertThat(problems(file)).containsExactly(
                file + ":1: fail_to_pass[0]: 'CalcTest.addsTwoNumbers' is not a test id of the form pkg.ClassTest#method",
                file + ":1: pass_to_pass[1]: 'CalcTest.addsTwoNumbers' is not a test id of the form pkg.ClassTest#method",
                file + ":1: pass_to_pass[1]: 'CalcTest.addsTwoNumbers' is in fail_to_pass too; a test either fails "
                        + "before the fix or passes",
                file + ":2: fail_to_pass[0]: 'test_add (tests.test_ops.OpsTest)' is not a test id of the form "
                        + "tests/test_x.py::test_y (pytest) or package.module.Class#test_name (unittest)");
    }

    @Test
    void refusesToReadAFileWithProblemsAndNamesThemAll() {
        ObjectNode bad = maven("bad");
        bad.putArray("fail_to_pass");
        Path file = write(dir.resolve("c.jsonl"), List.of(maven("ok"), bad));

        assertThatThrownBy(() -> caseFile.read(file)).isInstanceOf(CaseException.class)
                .hasMessageContaining("1 problem(s) in " + file)
                .hasMessageContaining(file + ":2: fail_to_pass: must list at least one test");
    }

    @Test
    void aLineOverTheLimitIsOneProblemAndTheNextLineStillReads() throws Exception {
        Path file = dir.resolve("big.jsonl");
        try (var out = Files.newBufferedWriter(file)) {
            out.write("{\"id\":\"");
            out.write("x".repeat(CaseFile.MAX_LINE));
            out.write("\"}\n");
            out.write(pytest("after").toString());
            out.write("\n");
        }
        List<String> seen = new ArrayList<>();

        CaseFile.Scan scan = caseFile.scan(file, c -> seen.add(c.id()));

        assertThat(scan.problems()).map(CaseProblem::toString)
                .containsExactly(file + ":1: line is longer than 16 Mi characters; a case's patches must be smaller");
        assertThat(seen).containsExactly("after");
    }

    @Test
    void aMissingFileIsAnInputErrorNamingIt() {
        Path file = dir.resolve("nope.jsonl");
        assertThatThrownBy(() -> caseFile.scan(file, c -> { })).isInstanceOf(CaseException.class)
                .hasMessageContaining("no case file at " + file);
    }

    @Test
    void writesCasesBackOnePerLineInAStableOrderThatReadsAgain() throws Exception {
        Path file = write(dir.resolve("in.jsonl"), List.of(pytest("ops-1"), maven("calc-1")));
        List<EvalCase> cases = caseFile.read(file);
        StringWriter out = new StringWriter();

        CaseFile.write(cases, out);

        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("{\"id\":\"ops-1\",\"repo\":\"../calc-py\",\"base_commit\":\"v1.2\","
                + "\"language\":\"python\",\"fail_to_pass\":[\"tests/test_ops.py::test_add\"],\"issue\":{");
        Path again = Files.writeString(dir.resolve("out.jsonl"), out.toString());
        assertThat(caseFile.read(again)).isEqualTo(cases);
        assertThat(caseFile.problems(cases.get(0))).isEmpty();
    }

    @Test
    void readsAndWritesACasesVersionAndEnvironment() throws Exception {
        ObjectNode c = pytest("ops-2");
        c.remove("setup");
        c.put("version", "1.10");
        ObjectNode env = c.putObject("environment");
        env.put("python", "3.10").put("packages", "requirements.txt").put("test_cmd", "pytest -rA");
        env.putArray("pip_packages").add("'attrs<24'");
        env.putArray("pre_install").add("sed -i 's/a/b/' setup.cfg");
        env.putArray("install").add("python -m pip install -e .");
        env.putObject("env").put("CALC_MODE", "strict").put("LANG", "C.UTF-8");
        Path file = write(dir.resolve("env.jsonl"), List.of(c));

        EvalCase read = caseFile.read(file).get(0);

        assertThat(read.version()).contains("1.10");
        CaseEnvironment e = read.environment().orElseThrow();
        assertThat(e.python()).contains("3.10");
        assertThat(e.env()).containsExactly(java.util.Map.entry("CALC_MODE", "strict"),
                java.util.Map.entry("LANG", "C.UTF-8"));
        assertThat(read.setupCommands()).containsExactly("python -m pip install -r requirements.txt",
                "python -m pip install 'attrs<24'", "sed -i 's/a/b/' setup.cfg", "python -m pip install -e .");
        assertThat(read.effectiveTestCommand()).contains("pytest -rA");
        StringWriter out = new StringWriter();
        CaseFile.write(List.of(read), out);
        assertThat(caseFile.read(Files.writeString(dir.resolve("again.jsonl"), out.toString()))).containsExactly(read);
    }

    @Test
    void reportsAnEnvironmentsBadVariableNamesUnknownKeysAndACondaEnvironment() {
        ObjectNode c = pytest("ops-3");
        ObjectNode env = c.putObject("environment");
        env.put("packages", "environment.yml").put("pyhton", "3.9");
        env.putObject("env").put("MY-VAR", "1").put("PYTHONPATH", "src");
        Path file = write(dir.resolve("bad-env.jsonl"), List.of(c));

        assertThat(problems(file)).containsExactly(
                file + ":1: environment.pyhton: is not a field of a case (see docs/eval.md, \"Case format\")");
        env.remove("pyhton");
        Path again = write(dir.resolve("bad-env2.jsonl"), List.of(c));
        assertThat(problems(again)).containsExactly(
                again + ":1: environment: packages 'environment.yml' asks for a conda environment, which repofix does "
                        + "not make; list the packages in pip_packages",
                again + ":1: environment: env names a variable 'MY-VAR': a name is letters, digits and _, not "
                        + "starting with a digit",
                again + ":1: environment: env sets PYTHONPATH, which repofix sets for the environment it prepares; "
                        + "leave it out");
    }

    @Test
    void aCaseBuiltInCodeIsCheckedLikeALineOfAFile() {
        EvalCase swapped = new EvalCase("x", "r", "c", Optional.empty(), "python", List.of("tests/test_ops.py::test_add"),
                List.of(), new ReferenceIssue("t", "d"), Optional.empty(),
                new ReferencePatch(CaseFixtures.PYTHON_TEST, ""), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), List.of(), List.of(), Optional.empty(), Optional.empty(), Optional.empty());

        assertThat(caseFile.problems(swapped)).containsExactly(
                "patch.source: touches tests/test_ops.py, which is a test path for python; move that change to patch.test");
    }

    @Test
    void readsAndWritesTheTestFilesWhoseTestsACaseRuns() throws Exception {
        ObjectNode scoped = pytest("ops-1");
        scoped.putArray("test_files").add("tests/test_ops.py").add("tests/unit/test_more.py");
        List<EvalCase> cases = caseFile.read(write(dir.resolve("in.jsonl"), List.of(scoped, maven("calc-1"))));
        StringWriter out = new StringWriter();

        CaseFile.write(cases, out);

        assertThat(cases.get(0).testFiles()).containsExactly("tests/test_ops.py", "tests/unit/test_more.py");
        assertThat(cases.get(1).testFiles()).isEmpty();
        assertThat(out.toString().lines().toList().get(0))
                .contains("\"test_files\":[\"tests/test_ops.py\",\"tests/unit/test_more.py\"]");
        assertThat(out.toString().lines().toList().get(1)).doesNotContain("test_files");
        assertThat(caseFile.read(Files.writeString(dir.resolve("out.jsonl"), out.toString()))).isEqualTo(cases);
    }

    @Test
    void reportsTestFilesOutsideTheRepositoryOrOffTheLanguagesTestPaths() {
        ObjectNode python = pytest("python");
        python.putArray("test_files").add("tests/test_ops.py").add("../other/tests/test_x.py").add("/abs/test_y.py")
                .add("-k tests/test_z.py").add("calc/ops.py");
        Path file = write(dir.resolve("c.jsonl"), List.of(python));

        assertThat(problems(file)).containsExactly(
                file + ":1: test_files[1]: '../other/tests/test_x.py' must be a repository-relative path with '/' and "
                        + "no '..' that does not start with '-'",
                file + ":1: test_files[2]: '/abs/test_y.py' must be a repository-relative path with '/' and no '..' "
                        + "that does not start with '-'",
                file + ":1: test_files[3]: '-k tests/test_z.py' must be a repository-relative path with '/' and no "
                        + "'..' that does not start with '-'",
                file + ":1: test_files[4]: 'calc/ops.py' is not a test path for python; name the test files whose "
                        + "tests run");
    }

    private List<String> problems(Path file) {
        return caseFile.scan(file, c -> { }).problems().stream().map(CaseProblem::toString).toList();
    }
}
