package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.CaseFixtures;
import dev.repofix.eval.cases.EvalCase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class EvalImportCommandTest {
    @TempDir
    Path dir;

    private RunOutput run(String... args) {
        return RunOutput.run(dir, dir, args);
    }

    private static ObjectNode instance(String id, String failToPass) {
        ObjectNode i = CaseFixtures.JSON.createObjectNode();
        i.put("repo", "example/calc").put("instance_id", id).put("base_commit", "abc123")
                .put("patch", CaseFixtures.PYTHON_SOURCE).put("test_patch", CaseFixtures.PYTHON_TEST)
                .put("problem_statement", "add() subtracts\n\nadd(1, 2) == -1")
                .put("FAIL_TO_PASS", "[\"" + failToPass + "\"]").put("PASS_TO_PASS", "[]");
        return i;
    }

    private Path instances(ObjectNode... instances) throws Exception {
        ArrayNode array = CaseFixtures.JSON.createArrayNode();
        List.of(instances).forEach(array::add);
        return Files.writeString(dir.resolve("swe.json"), array.toString());
    }

    @Test
    void writesACaseFileThatPassesTheCheck() throws Exception {
        Path in = instances(instance("example__calc-1", "tests/test_ops.py::test_add"));
        Path out = dir.resolve("cases.jsonl");

        RunOutput ran = run("eval", "import", "--format", "swebench", "--file", in.toString(), "--repo-map",
                "example/calc=" + dir.resolve("calc"), "--setup", "pip install -e .", "--out", out.toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.OK);
        assertThat(ran.stdout().lines()).containsExactly("imported 1 case to " + out);
        List<EvalCase> cases = new CaseFile().read(out);
        assertThat(cases).singleElement().satisfies(c -> {
            assertThat(c.repo()).isEqualTo(dir.resolve("calc").toString());
            assertThat(c.setup()).containsExactly("pip install -e .");
        });
        assertThat(run("eval", "check", "--cases", out.toString()).exitCode()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void specsGiveCasesTheirEnvironmentAndWarnAboutKeysReadPast() throws Exception {
        ObjectNode versioned = instance("example__calc-1", "tests/test_ops.py::test_add");
        versioned.put("version", "0.7");
        Path in = instances(versioned);
        Path specs = Files.writeString(dir.resolve("specs.yaml"), """
                example/calc:
                  "0.7": {python: "3.9", install: python -m pip install -e ., no_use_env: true}
                """);
        Path out = dir.resolve("cases.jsonl");

        RunOutput ran = run("eval", "import", "--format", "swebench", "--file", in.toString(), "--specs",
                specs.toString(), "--setup", "pip install -e .", "--out", out.toString());

        assertThat(ran.exitCode()).as(ran.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(ran.stdout().lines()).containsExactly("imported 1 case to " + out + "; 1 with an environment from "
                + specs);
        assertThat(ran.stderr()).contains("repofix: warning: " + specs + ": example/calc 0.7: [no_use_env]");
        assertThat(new CaseFile().read(out)).singleElement().satisfies(c -> {
            assertThat(c.version()).contains("0.7");
            assertThat(c.environment().orElseThrow().install()).containsExactly("python -m pip install -e .");
            assertThat(c.setup()).isEmpty();
        });
    }

    @Test
    void aSpecWithAnUnknownKeyIsAUsageErrorNamingItAndWritesNothing() throws Exception {
        Path in = instances(instance("example__calc-1", "tests/test_ops.py::test_add"));
        Path specs = Files.writeString(dir.resolve("specs.json"), "{\"example/calc\": {\"0.7\": {\"instal\": \"x\"}}}");
        Path out = dir.resolve("cases.jsonl");

        RunOutput ran = run("eval", "import", "--format", "swebench", "--file", in.toString(), "--specs",
                specs.toString(), "--out", out.toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(ran.stderr()).contains("example/calc 0.7: unknown key(s) [instal]");
        assertThat(out).doesNotExist();
    }

    @Test
    void importsACsvExportAndRefusesAFileOfNoKnownFormatWithExitTwo() throws Exception {
        ObjectNode one = instance("example__calc-1", "tests/test_ops.py::test_add");
        CsvSchema header = CsvSchema.builder().addColumns(List.of("repo", "instance_id", "base_commit", "patch",
                "test_patch", "problem_statement", "FAIL_TO_PASS", "PASS_TO_PASS"), CsvSchema.ColumnType.STRING)
                .build().withHeader();
        Path csv = dir.resolve("swe.csv");
        Files.writeString(csv, new CsvMapper().writer(header)
                .writeValueAsString(CaseFixtures.JSON.convertValue(one, Map.class)));
        Path binary = Files.write(dir.resolve("swe.bin"), new byte[] {0x1f, (byte) 0x8b, 8, 0});
        Path out = dir.resolve("cases.jsonl");

        RunOutput fromCsv = run("eval", "import", "--format", "swebench", "--file", csv.toString(), "--out",
                out.toString());
        RunOutput unknown = run("eval", "import", "--format", "swebench", "--file", binary.toString(), "--out",
                dir.resolve("none.jsonl").toString());

        assertThat(fromCsv.exitCode()).as(fromCsv.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(new CaseFile().read(out)).singleElement()
                .satisfies(c -> assertThat(c.failToPass()).containsExactly("tests/test_ops.py::test_add"));
        assertThat(unknown.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(unknown.stderr()).contains("cannot tell what " + binary + " is").doesNotContain("\tat ");
    }

    @Test
    void namesEachRefusedInstanceAndExitsTwoWithTheCount() throws Exception {
        Path in = instances(instance("good-1", "tests/test_ops.py::test_add"), instance("bad-1", "Adds numbers."));
        Path out = dir.resolve("cases.jsonl");

        RunOutput ran = run("eval", "import", "--format", "swebench", "--file", in.toString(), "--out", out.toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(ran.stdout().lines()).containsExactly("imported 1 case to " + out + "; 1 instance refused");
        assertThat(ran.stderr()).startsWith("repofix: bad-1 (instance 2): refused: FAIL_TO_PASS names tests whose file "
                + "or class cannot be told");
        assertThat(new CaseFile().read(out)).extracting(EvalCase::id).containsExactly("good-1");
    }

    @Test
    void anotherFormatIsAUsageErrorListingTheSupportedOnes() throws Exception {
        Path in = instances(instance("good-1", "tests/test_ops.py::test_add"));

        RunOutput ran = run("eval", "import", "--format", "defects4j", "--file", in.toString(), "--out",
                dir.resolve("o.jsonl").toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(ran.stderr()).contains("unknown --format 'defects4j'; supported: swebench");
        assertThat(dir.resolve("o.jsonl")).doesNotExist();
    }

    @Test
    void refusesToWriteOverTheFileItReads() throws Exception {
        Path in = instances(instance("good-1", "tests/test_ops.py::test_add"));
        String before = Files.readString(in);

        RunOutput ran = run("eval", "import", "--format", "swebench", "--file", in.toString(), "--out",
                dir.resolve(".").resolve(in.getFileName()).toString());

        assertThat(ran.exitCode()).isEqualTo(ExitCodes.USAGE);
        assertThat(ran.stderr()).contains("is the --file it reads; write the cases to another file");
        assertThat(Files.readString(in)).isEqualTo(before);
    }

    @Test
    void parsesRepeatedMapsWhoseValuesHoldEqualsSigns() {
        EvalImportCommand cmd = CommandLine.populateCommand(new EvalImportCommand(), "--format", "swebench",
                "--file", "swe.json", "--out", "cases.jsonl", "--repo-map", "a/b=/src/b", "--repo-map",
                "c/d=https://git.example/d.git", "--setup-map", "a/b=pip install x==1.0", "--setup", "make deps");

        assertThat(cmd.repoMap).containsExactly(Map.entry("a/b", "/src/b"), Map.entry("c/d", "https://git.example/d.git"));
        assertThat(cmd.setupMap).containsExactly(Map.entry("a/b", "pip install x==1.0"));
        assertThat(cmd.setup).isEqualTo("make deps");
        assertThat(cmd.file).isEqualTo(Path.of("swe.json"));
        assertThat(cmd.out).isEqualTo(Path.of("cases.jsonl"));
    }
}
