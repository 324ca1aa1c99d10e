package dev.repofix.eval.swebench;

import dev.repofix.eval.cases.CaseException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * How a file of task instances is written, told by its first bytes and its name: Parquet by its
 * {@code PAR1} magic, CSV by {@code .csv}, JSON by its first character ({@code [} an array,
 * {@code {} JSON Lines). Anything else is refused with what was seen and what is read.
 */
enum InstanceFormat {
    /** A JSON array of instances. */
    JSON_ARRAY,
    /** One JSON object per line. */
    JSON_LINES,
    /** A header row of field names, then one instance per row (RFC 4180 quoting). */
    CSV,
    /** An Apache Parquet file, one instance per row. */
    PARQUET;

    static final String READS = "a JSON array or JSON Lines (.json, .jsonl), CSV (.csv) or Parquet (.parquet) file "
            + "of task instances";
    private static final byte[] PARQUET_MAGIC = "PAR1".getBytes(StandardCharsets.US_ASCII);
    private static final int SNIFF = 4096;

    /**
     * The format of {@code file}.
     *
     * @throws CaseException (input) when the file is missing or is none of the formats
     */
    static InstanceFormat of(Path file) {
        byte[] head = head(file);
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (head.length >= PARQUET_MAGIC.length && Arrays.equals(head, 0, PARQUET_MAGIC.length, PARQUET_MAGIC, 0,
                PARQUET_MAGIC.length)) {
            return PARQUET;
        }
        if (name.endsWith(".parquet")) {
            throw new CaseException(file + " is named .parquet but is no Parquet file "
                    + "(it does not start with PAR1); give " + READS);
        }
        if (name.endsWith(".csv")) {
            return CSV;
        }
        int first = firstCharacter(head);
        if (first == '[') {
            return JSON_ARRAY;
        }
        if (first == '{' || first == -1) {
            return JSON_LINES; // an empty file is empty JSON Lines: nothing to import, nothing wrong
        }
        throw new CaseException("cannot tell what " + file + " is: it starts with "
                + shown(first) + ", where JSON starts with '[' or '{', it is not named .csv and has no Parquet "
                + "magic (PAR1); give " + READS);
    }

    private static byte[] head(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return in.readNBytes(SNIFF);
        } catch (NoSuchFileException e) {
            throw new CaseException("no file of task instances at " + file + "; give " + READS);
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, "cannot read " + file + ": " + e, e);
        }
    }

    /** The first byte after ASCII white space and a UTF-8 byte order mark, 0-255; -1 when there is none. */
    private static int firstCharacter(byte[] head) {
        int i = head.length >= 3 && (head[0] & 0xFF) == 0xEF && (head[1] & 0xFF) == 0xBB && (head[2] & 0xFF) == 0xBF
                ? 3 : 0;
        while (i < head.length && (head[i] == ' ' || head[i] == '\t' || head[i] == '\r' || head[i] == '\n')) {
            i++;
        }
        return i < head.length ? head[i] & 0xFF : -1;
    }

    private static String shown(int c) {
        return c < 0x20 || c > 0x7E ? String.format(Locale.ROOT, "byte 0x%02X (a binary file?)", c)
                : "'" + (char) c + "'";
    }
}
