package dev.repofix.testrun;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A source map (revision 3, https://sourcemaps.info/spec.html): from a line and column of
 * a compiled file to the original file and line. The Base64 VLQ {@code mappings} are
 * decoded here (a few dozen lines, no library). Immutable.
 */
final class SourceMap {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    private static final int VLQ_SHIFT = 5;
    private static final int VLQ_CONTINUATION = 1 << VLQ_SHIFT;
    private static final int VLQ_MASK = VLQ_CONTINUATION - 1;

    /** One mapped position: 0-based generated column, source index, 0-based original line. */
    private record Segment(int column, int source, int line) {}

    /** The original position of a compiled one: {@code source} as the map names it (with sourceRoot), 1-based line. */
    record Original(String source, int line) {}

    private final List<String> sources;
    /** Per generated line (0-based), its segments that map to a source, by column ascending. */
    private final List<List<Segment>> lines;

    private SourceMap(List<String> sources, List<List<Segment>> lines) {
        this.sources = sources;
        this.lines = lines;
    }

    /** Reads a map's JSON; empty when it is not a version-3 map with mappings. */
    static Optional<SourceMap> parse(String json) {
        try {
            JsonNode map = JSON.readTree(json);
            if (map == null || map.path("version").asInt() != 3 || !map.path("mappings").isTextual()) {
                return Optional.empty();
            }
            String root = map.path("sourceRoot").asText("");
            List<String> sources = new ArrayList<>();
            map.path("sources").forEach(s -> sources.add(root.isEmpty() || root.endsWith("/") ? root + s.asText()
                    : root + "/" + s.asText()));
            return Optional.of(new SourceMap(List.copyOf(sources), decode(map.path("mappings").asText())));
        } catch (IOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Where 1-based {@code line}, 1-based {@code column} of the compiled file came from: the segment at or before the column. */
    Optional<Original> original(int line, int column) {
        if (line < 1 || line > lines.size()) {
            return Optional.empty();
        }
        Segment found = null;
        for (Segment s : lines.get(line - 1)) {
            if (s.column() <= column - 1 || found == null) {
                found = s;
            }
        }
        if (found == null || found.source() < 0 || found.source() >= sources.size()) {
            return Optional.empty();
        }
        return Optional.of(new Original(sources.get(found.source()), found.line() + 1));
    }

    private static List<List<Segment>> decode(String mappings) {
        List<List<Segment>> out = new ArrayList<>();
        int source = 0;
        int originalLine = 0;
        int originalColumn = 0;
        for (String line : mappings.split(";", -1)) {
            List<Segment> segments = new ArrayList<>();
            int column = 0;
            for (String segment : line.split(",")) {
                if (segment.isEmpty()) {
                    continue;
                }
                int[] fields = vlq(segment);
                column += fields[0];
                if (fields.length >= 4) {
                    source += fields[1];
                    originalLine += fields[2];
                    originalColumn += fields[3];
                    segments.add(new Segment(column, source, originalLine));
                }
            }
            segments.sort(java.util.Comparator.comparingInt(Segment::column));
            out.add(segments);
        }
        return out;
    }

    /** The signed values of one segment. */
    static int[] vlq(String segment) {
        List<Integer> values = new ArrayList<>();
        int value = 0;
        int shift = 0;
        for (int i = 0; i < segment.length(); i++) {
            int digit = BASE64.indexOf(segment.charAt(i));
            if (digit < 0) {
                throw new IllegalArgumentException("not Base64 VLQ: " + segment);
            }
            value += (digit & VLQ_MASK) << shift;
            if ((digit & VLQ_CONTINUATION) != 0) {
                shift += VLQ_SHIFT;
            } else {
                values.add((value & 1) == 1 ? -(value >>> 1) : value >>> 1);
                value = 0;
                shift = 0;
            }
        }
        return values.stream().mapToInt(Integer::intValue).toArray();
    }
}
