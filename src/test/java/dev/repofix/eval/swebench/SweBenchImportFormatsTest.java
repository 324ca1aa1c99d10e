package dev.repofix.eval.swebench;

import static dev.repofix.eval.cases.CaseFixtures.JSON;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.repofix.eval.cases.CaseException;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.CaseFixtures;
import dev.repofix.eval.cases.EvalCase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code eval import} of the other files SWE-bench's data sets come as: CSV and Parquet, told apart from JSON. */
class SweBenchImportFormatsTest {
    private static final SweBenchImport.Settings NONE = new SweBenchImport.Settings(Map.of(), Optional.empty(), Map.of());
    /** The string columns of SWE-bench's data sets, in their order. */
    private static final List<String> COLUMNS = List.of("repo", "instance_id", "base_commit", "patch", "test_patch",
            "problem_statement", "hints_text", "created_at", "version", "FAIL_TO_PASS", "PASS_TO_PASS",
            "environment_setup_commit");

    @TempDir
    Path dir;

    /** An instance as the data sets hold it: every value a string, the test lists JSON-encoded. */
    private static ObjectNode flat(String id) {
        ObjectNode i = SweBenchImportTest.instance(id);
        i.remove("unknown_field");
        i.put("FAIL_TO_PASS", i.get("FAIL_TO_PASS").toString()).put("PASS_TO_PASS", i.get("PASS_TO_PASS").toString());
        return i;
    }

    /** A source patch of more than 30,000 characters: the reference fix, then a long hunk in a second file. */
    private static String largePatch() {
        String added = IntStream.range(0, 600).mapToObj(n -> String.format("+LIMIT_%03d = %d  # %s%n", n, n, "x".repeat(30)))
                .collect(Collectors.joining());
        String patch = CaseFixtures.PYTHON_SOURCE + "diff --git a/calc/limits.py b/calc/limits.py\n"
                + "--- a/calc/limits.py\n+++ b/calc/limits.py\n@@ -1,1 +1,601 @@\n LIMITS = True\n" + added;
        assertThat(patch.length()).isGreaterThan(30_000);
        return patch;
    }

    private List<EvalCase> importOk(Path file) {
        List<EvalCase> cases = new ArrayList<>();
        SweBenchImport.Summary summary = new SweBenchImport(new CaseFile(), NONE).read(file, cases::add);
        assertThat(summary.refused()).isEmpty();
        return cases;
    }

    private List<EvalCase> importJsonLines(ObjectNode... instances) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (ObjectNode i : instances) {
            lines.append(i).append('\n');
        }
        return importOk(Files.writeString(dir.resolve("same.jsonl"), lines));
    }

    @Test
    void csvWithQuotedLineBreaksAndJsonEncodedTestListsImportsAsItsJsonLinesDo() throws Exception {
        ObjectNode one = flat("example__calc-1");
        one.put("patch", largePatch()).put("problem_statement", "add() subtracts, \"badly\"\r\n\nsee, ops.py\n");
        ObjectNode two = flat("example__calc-2");
        two.put("hints_text", "");
        CsvSchema header = CsvSchema.builder().addColumns(COLUMNS, CsvSchema.ColumnType.STRING).build().withHeader();
        Path csv = dir.resolve("instances.csv");
        new CsvMapper().writer(header).writeValues(csv.toFile()).writeAll(List.of(row(one), row(two))).close();

        List<EvalCase> cases = importOk(csv);

        assertThat(cases).isEqualTo(importJsonLines(one, two));
        assertThat(cases.get(0).patch().source()).hasSizeGreaterThan(30_000).isEqualTo(one.get("patch").asText());
        assertThat(cases.get(0).failToPass()).containsExactly("tests/test_ops.py::test_add");
        assertThat(cases.get(1).hints()).isEmpty();
    }

    @Test
    void csvWithAByteOrderMarkReadsItsFirstColumn() throws Exception {
        CsvSchema header = CsvSchema.builder().addColumns(COLUMNS, CsvSchema.ColumnType.STRING).build().withHeader();
        String text = new CsvMapper().writer(header).writeValueAsString(row(flat("example__calc-1")));
        Path csv = Files.writeString(dir.resolve("bom.csv"), "\uFEFF" + text);

        assertThat(importOk(csv)).extracting(EvalCase::repo).containsExactly("https://github.com/example/calc");
    }

    @Test
    void aCsvRowWithMoreValuesThanItsHeaderIsAnInputErrorNamingTheRow() throws Exception {
        Path csv = Files.writeString(dir.resolve("bad.csv"), "instance_id,repo\na-1,example/calc\na-2,x,y,z\n");

        assertThatThrownBy(() -> importOk(csv)).isInstanceOf(CaseException.class)
                .hasMessageContaining("bad.csv is no CSV of task instances: after row 1");
    }

    @Test
    void parquetWithSweBenchsColumnsImportsAsItsJsonLinesDoALargeRowIncluded() throws Exception {
        ObjectNode one = flat("example__calc-1");
        one.put("patch", largePatch());
        ObjectNode two = flat("example__calc-2");
        two.remove("environment_setup_commit");
        Path parquet = dir.resolve("test-00000-of-00001.parquet");
        MessageType schema = stringSchema(COLUMNS);
        write(parquet, schema, CompressionCodecName.SNAPPY, List.of(group(schema, one), group(schema, two)));

        List<EvalCase> cases = importOk(parquet);

        assertThat(cases).isEqualTo(importJsonLines(one, two));
        assertThat(cases.get(0).patch().source()).isEqualTo(one.get("patch").asText());
        assertThat(cases.get(0).createdAt()).contains("2023-02-23T10:00:00Z");
        assertThat(cases.get(1).environmentSetupCommit()).isEmpty();
    }

    @Test
    void parquetWithATimestampCreatedAtAndListsOfTestsImports() throws Exception {
        List<String> strings = COLUMNS.stream().filter(c -> !c.equals("created_at") && !c.endsWith("_TO_PASS")).toList();
        Types.MessageTypeBuilder b = Types.buildMessage();
        strings.forEach(c -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c));
        b.optional(PrimitiveTypeName.INT64)
                .as(LogicalTypeAnnotation.timestampType(true, LogicalTypeAnnotation.TimeUnit.MICROS)).named("created_at");
        for (String list : List.of("FAIL_TO_PASS", "PASS_TO_PASS")) {
            b.optionalList().optionalElement(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(list);
        }
        MessageType schema = b.named("schema");
        ObjectNode one = flat("example__calc-1");
        Group row = new SimpleGroupFactory(schema).newGroup();
        strings.forEach(c -> row.append(c, one.get(c).asText()));
        Instant created = Instant.parse("2023-02-23T10:00:00.123456Z");
        row.append("created_at", ChronoUnit.MICROS.between(Instant.EPOCH, created));
        row.addGroup("FAIL_TO_PASS").addGroup("list").append("element", "tests/test_ops.py::test_add");
        row.addGroup("PASS_TO_PASS"); // an empty list
        Path parquet = dir.resolve("instances.parquet");
        write(parquet, schema, CompressionCodecName.ZSTD, List.of(row));

        List<EvalCase> cases = importOk(parquet);

        assertThat(cases).hasSize(1);
        assertThat(cases.get(0).createdAt()).contains("2023-02-23T10:00:00.123456Z");
        assertThat(cases.get(0).failToPass()).containsExactly("tests/test_ops.py::test_add");
        assertThat(cases.get(0).passToPass()).isEmpty();
    }

    @Test
    void theParquetMagicWinsOverTheNameAndANamedFileWithoutItIsRefused() throws Exception {
        MessageType schema = stringSchema(COLUMNS);
        Path misnamed = dir.resolve("instances.json");
        write(misnamed, schema, CompressionCodecName.GZIP, List.of(group(schema, flat("example__calc-1"))));
        assertThat(importOk(misnamed)).hasSize(1);

        Path fake = Files.writeString(dir.resolve("fake.parquet"), "[]");
        assertThatThrownBy(() -> importOk(fake)).isInstanceOf(CaseException.class)
                .hasMessageContaining("fake.parquet is named .parquet but is no Parquet file (it does not start with PAR1)");
    }

    @Test
    void aCutParquetFileIsAnInputErrorNotATrace() throws Exception {
        MessageType schema = stringSchema(COLUMNS);
        Path whole = dir.resolve("whole.parquet");
        write(whole, schema, CompressionCodecName.SNAPPY, List.of(group(schema, flat("example__calc-1"))));
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.parquet"), java.util.Arrays.copyOf(bytes, bytes.length / 2));

        assertThatThrownBy(() -> importOk(cut)).isInstanceOf(CaseException.class)
                .hasMessageContaining("cannot read " + cut + " as Parquet");
    }

    @Test
    void aFileOfNoKnownFormatIsRefusedSayingWhatIsRead() throws Exception {
        Path gzip = Files.write(dir.resolve("instances.bin"), new byte[] {0x1f, (byte) 0x8b, 8, 0});
        Path tsv = Files.writeString(dir.resolve("instances.tsv"), "instance_id\trepo\n", StandardCharsets.UTF_8);

        assertThatThrownBy(() -> importOk(gzip)).isInstanceOf(CaseException.class)
                .hasMessageContaining("cannot tell what " + gzip + " is: it starts with byte 0x1F (a binary file?)")
                .hasMessageContaining("CSV (.csv) or Parquet (.parquet)");
        assertThatThrownBy(() -> importOk(tsv)).isInstanceOf(CaseException.class)
                .hasMessageContaining("it starts with 'i'");
    }

    private static Map<String, String> row(ObjectNode instance) {
        Map<String, String> row = new java.util.LinkedHashMap<>();
        COLUMNS.forEach(c -> row.put(c, instance.path(c).asText("")));
        return row;
    }

    private static MessageType stringSchema(List<String> columns) {
        Types.MessageTypeBuilder b = Types.buildMessage();
        columns.forEach(c -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c));
        return b.named("schema");
    }

    /** A row of strings; a field the instance lacks is null, as in the data sets. */
    private static Group group(MessageType schema, JsonNode instance) {
        Group g = new SimpleGroupFactory(schema).newGroup();
        for (Iterator<Map.Entry<String, JsonNode>> it = instance.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> f = it.next();
            if (schema.containsField(f.getKey())) {
                g.append(f.getKey(), f.getValue().asText());
            }
        }
        return g;
    }

    private static void write(Path file, MessageType schema, CompressionCodecName codec, List<Group> rows)
            throws IOException {
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(file)).withType(schema)
                .withConf(new PlainParquetConfiguration()).withCompressionCodec(codec).build()) {
            for (Group g : rows) {
                w.write(g);
            }
        }
    }
}
