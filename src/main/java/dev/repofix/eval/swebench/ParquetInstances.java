package dev.repofix.eval.swebench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.repofix.eval.cases.CaseException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.function.BiConsumer;
import org.apache.parquet.ParquetReadOptions;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.io.MessageColumnIO;
import org.apache.parquet.io.RecordReader;
import org.apache.parquet.schema.GroupType;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.Type;

/**
 * Task instances from an Apache Parquet file, as SWE-bench's data sets ship them: one instance
 * per row, read by Apache Parquet's own reader from the local file (no Hadoop file system).
 * Strings stay strings (so {@code FAIL_TO_PASS} is the JSON-encoded list the data sets hold),
 * lists become arrays, a timestamp ({@code created_at} in some dumps: INT64 with its unit, or
 * the older INT96) becomes its ISO-8601 text, a date its ISO date; a null is an absent field.
 * One row group is in memory at a time.
 */
final class ParquetInstances {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final long JULIAN_EPOCH_DAY = 2_440_588L;

    private ParquetInstances() {}

    /**
     * Passes each row to {@code each} as an object of its columns, in order, named {@code row N}.
     *
     * @throws CaseException (input) when the file cannot be read as Parquet
     */
    static void read(Path file, BiConsumer<String, JsonNode> each) {
        try (Rows rows = new Rows(file)) {
            for (ObjectNode row = rows.next(); row != null; row = rows.next()) {
                each.accept("row " + rows.number, row);
            }
        }
    }

    /** The rows of one file; the reader's failures become one input error naming the file and row. */
    private static final class Rows implements AutoCloseable {
        private final Path file;
        private final ParquetFileReader reader;
        private final MessageType schema;
        private final MessageColumnIO columns;
        private RecordReader<Group> group;
        private long left;
        private long number;

        Rows(Path file) {
            this.file = file;
            try {
                reader = ParquetFileReader.open(new LocalInputFile(file),
                        ParquetReadOptions.builder(new PlainParquetConfiguration()).build());
                schema = reader.getFileMetaData().getSchema();
                columns = new ColumnIOFactory().getColumnIO(schema);
            } catch (IOException | RuntimeException e) {
                throw unreadable(e);
            }
        }

        /** The next row; null after the last. */
        ObjectNode next() {
            try {
                while (left == 0) {
                    PageReadStore pages = reader.readNextRowGroup();
                    if (pages == null) {
                        return null;
                    }
                    group = columns.getRecordReader(pages, new GroupRecordConverter(schema));
                    left = pages.getRowCount();
                }
                left--;
                number++;
                return object(group.read());
            } catch (IOException | RuntimeException e) {
                throw unreadable(e);
            }
        }

        private CaseException unreadable(Exception e) {
            return new CaseException(CaseException.ErrorKind.INPUT, "cannot read " + file + " as Parquet"
                    + (number > 0 ? " at row " + number : "") + ": " + e.getMessage()
                    + "; give a Parquet file of task instances (one per row)", e);
        }

        @Override
        public void close() {
            try {
                reader.close();
            } catch (IOException e) {
                // read to the end already, or failing with its own error: nothing left to lose
            }
        }
    }

    static ObjectNode object(Group g) {
        ObjectNode node = NODES.objectNode();
        GroupType type = g.getType();
        for (int i = 0; i < type.getFieldCount(); i++) {
            int n = g.getFieldRepetitionCount(i);
            if (n == 0) {
                continue;
            }
            if (type.getType(i).isRepetition(Type.Repetition.REPEATED)) {
                ArrayNode values = node.putArray(type.getFieldName(i));
                for (int j = 0; j < n; j++) {
                    values.add(value(g, i, j));
                }
            } else {
                node.set(type.getFieldName(i), value(g, i, 0));
            }
        }
        return node;
    }

    private static JsonNode value(Group g, int field, int index) {
        Type type = g.getType().getType(field);
        if (!type.isPrimitive()) {
            Group child = g.getGroup(field, index);
            return type.getLogicalTypeAnnotation() instanceof LogicalTypeAnnotation.ListLogicalTypeAnnotation
                    ? list(child) : object(child);
        }
        PrimitiveType p = type.asPrimitiveType();
        LogicalTypeAnnotation logical = p.getLogicalTypeAnnotation();
        return switch (p.getPrimitiveTypeName()) {
            case BINARY, FIXED_LEN_BYTE_ARRAY -> NODES.textNode(g.getBinary(field, index).toStringUsingUTF8());
            case INT96 -> NODES.textNode(int96(g.getInt96(field, index).toByteBuffer()).toString());
            case INT64 -> logical instanceof LogicalTypeAnnotation.TimestampLogicalTypeAnnotation ts
                    ? NODES.textNode(timestamp(g.getLong(field, index), ts)) : NODES.numberNode(g.getLong(field, index));
            case INT32 -> logical instanceof LogicalTypeAnnotation.DateLogicalTypeAnnotation
                    ? NODES.textNode(LocalDate.ofEpochDay(g.getInteger(field, index)).toString())
                    : NODES.numberNode(g.getInteger(field, index));
            case BOOLEAN -> NODES.booleanNode(g.getBoolean(field, index));
            case FLOAT -> NODES.numberNode(g.getFloat(field, index));
            case DOUBLE -> NODES.numberNode(g.getDouble(field, index));
        };
    }

    /**
     * A LIST group's elements: the standard three levels ({@code repeated group list { element }}),
     * or the older two, where the repeated field is the element itself.
     */
    private static ArrayNode list(Group list) {
        ArrayNode out = NODES.arrayNode();
        if (list.getType().getFieldCount() != 1) {
            return out;
        }
        Type repeated = list.getType().getType(0);
        for (int j = 0; j < list.getFieldRepetitionCount(0); j++) {
            if (!repeated.isPrimitive() && repeated.asGroupType().getFieldCount() == 1) {
                Group entry = list.getGroup(0, j);
                out.add(entry.getFieldRepetitionCount(0) == 0 ? NODES.nullNode() : value(entry, 0, 0));
            } else {
                out.add(value(list, 0, j));
            }
        }
        return out;
    }

    private static String timestamp(long value, LogicalTypeAnnotation.TimestampLogicalTypeAnnotation type) {
        Instant at = switch (type.getUnit()) {
            case MILLIS -> Instant.ofEpochMilli(value);
            case MICROS -> Instant.EPOCH.plus(value, ChronoUnit.MICROS);
            case NANOS -> Instant.EPOCH.plusNanos(value);
        };
        // A timestamp not adjusted to UTC is a local date and time: written without a zone.
        return type.isAdjustedToUTC() ? at.toString() : at.atOffset(ZoneOffset.UTC).toLocalDateTime().toString();
    }

    /** Impala's INT96 timestamp: nanoseconds of the day, then the Julian day, little-endian. */
    private static Instant int96(ByteBuffer bytes) {
        ByteBuffer b = bytes.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        long nanosOfDay = b.getLong();
        long julianDay = Integer.toUnsignedLong(b.getInt());
        return Instant.EPOCH.plus(julianDay - JULIAN_EPOCH_DAY, ChronoUnit.DAYS).plusNanos(nanosOfDay);
    }
}
