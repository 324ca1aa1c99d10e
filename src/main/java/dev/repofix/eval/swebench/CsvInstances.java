package dev.repofix.eval.swebench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.repofix.eval.cases.CaseException;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * Task instances from CSV, as a data set's CSV export writes them: a header row of field names,
 * then one instance per row, every value a string (so {@code FAIL_TO_PASS} and
 * {@code PASS_TO_PASS} are JSON-encoded lists, as in the JSON form). Quoted values may hold
 * commas, quotes and line breaks. An empty value is an absent field.
 */
final class CsvInstances {
    private static final CsvMapper CSV = new CsvMapper();

    private CsvInstances() {}

    /**
     * Passes each row to {@code each} as an object of its header's fields, in order, named {@code row N}.
     *
     * @throws CaseException (input) when a row does not parse (a stray quote, more values than the header)
     */
    static void read(Path file, BiConsumer<String, JsonNode> each) {
        CsvSchema header = CsvSchema.emptySchema().withHeader();
        int row = 0;
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            skipByteOrderMark(in);
            MappingIterator<Map<String, String>> rows = CSV.readerForMapOf(String.class).with(header).readValues(in);
            while (rows.hasNextValue()) {
                Map<String, String> values = rows.nextValue();
                row++;
                ObjectNode node = JsonNodeFactory.instance.objectNode();
                values.forEach((k, v) -> {
                    if (v != null && !v.isEmpty()) {
                        node.put(k.strip(), v);
                    }
                });
                each.accept("row " + row, node);
            }
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, file + " is no CSV of task instances: after row "
                    + row + ": " + e.getMessage() + "; give a header row of field names, then one instance per row", e);
        }
    }

    private static void skipByteOrderMark(Reader in) throws IOException {
        in.mark(1);
        if (in.read() != '\uFEFF') {
            in.reset();
        }
    }
}
