package dev.repofix.eval.cases;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A case file: JSON Lines, one {@link EvalCase} per line, blank lines allowed (docs/eval.md,
 * "Case format"). Reading checks every line, schema first, then what the schema cannot
 * say (patches parse and split by test paths, test ids have repofix's shape, stated
 * locations are the derived ones, ids are unique), and reports every problem of the file
 * at once. It streams: memory holds one line and the ids seen, whatever the file's size.
 */
public final class CaseFile {
    /** A line longer than this holds patches larger than {@code PatchParser} reads, twice over. */
    static final int MAX_LINE = 16 * 1024 * 1024;

    private final ObjectMapper json = JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();
    private final CaseSchema schema = new CaseSchema();

    /**
     * What a scan of a file found.
     *
     * @param cases    the cases in the file (non-blank lines), good or not
     * @param problems every problem, in line order; empty when the file is clean
     */
    public record Scan(int cases, List<CaseProblem> problems) {
        public Scan {
            problems = List.copyOf(problems);
        }

        /** How many cases have at least one problem. */
        public long casesWithProblems() {
            return problems.stream().mapToInt(CaseProblem::line).distinct().count();
        }
    }

    /**
     * The cases of a file when it has no problem.
     *
     * @throws CaseException listing every problem, or when the file cannot be read
     */
    public List<EvalCase> read(Path file) {
        List<EvalCase> cases = new ArrayList<>();
        Scan scan = scan(file, cases::add);
        if (!scan.problems().isEmpty()) {
            throw new CaseException(scan.problems().size() + " problem(s) in " + file + "; run `repofix eval check --cases "
                    + file + "` after fixing:\n" + String.join("\n", scan.problems().stream().map(CaseProblem::toString).toList()));
        }
        return List.copyOf(cases);
    }

    /**
     * Checks every line of {@code file} and passes each good case to {@code each}, in order.
     *
     * @throws CaseException when the file is missing or cannot be read
     */
    public Scan scan(Path file, Consumer<EvalCase> each) {
        String name = file.toString();
        List<CaseProblem> problems = new ArrayList<>();
        Map<String, Integer> ids = new HashMap<>();
        int cases = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            StringBuilder line = new StringBuilder();
            for (int number = 1; ; number++) {
                LineRead read = readLine(in, line);
                if (read == LineRead.END) {
                    break;
                }
                if (read == LineRead.COMPLETE && line.toString().isBlank()) {
                    continue;
                }
                cases++;
                int at = number;
                List<CaseFinding> findings = new ArrayList<>();
                EvalCase c = read == LineRead.TOO_LONG ? tooLong(findings) : parseLine(line.toString(), findings, ids, at);
                findings.forEach(f -> problems.add(new CaseProblem(name, at, f.field(), f.why())));
                if (c != null && findings.isEmpty()) {
                    each.accept(c);
                }
            }
        } catch (NoSuchFileException e) {
            throw new CaseException("no case file at " + file + "; give the path of a JSON Lines file (docs/eval.md)");
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, "cannot read case file " + file + ": " + e, e);
        }
        return new Scan(cases, problems);
    }

    /**
     * What is wrong with {@code kase} as a line of a case file (schema and checks; ids
     * across a file are the file's concern); empty when it is good.
     */
    public List<String> problems(EvalCase kase) {
        List<CaseFinding> findings = new ArrayList<>();
        check(CaseJson.toJson(kase), findings);
        return findings.stream().map(CaseFinding::toString).toList();
    }

    /** Writes {@code cases} as JSON Lines, one per line, fields in a stable order. */
    public static void write(Iterable<EvalCase> cases, Writer out) {
        try {
            for (EvalCase c : cases) {
                out.write(CaseJson.MAPPER.writeValueAsString(CaseJson.toJson(c)));
                out.write('\n');
            }
            out.flush();
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.RUNTIME, "cannot write cases: " + e, e);
        }
    }

    private EvalCase parseLine(String text, List<CaseFinding> findings, Map<String, Integer> ids, int line) {
        if (text.stripLeading().startsWith("#")) {
            findings.add(new CaseFinding("", "comment lines are not allowed in JSON Lines; delete the line"));
            return null;
        }
        JsonNode node;
        try {
            node = json.readTree(text);
        } catch (JsonProcessingException e) {
            findings.add(new CaseFinding("", "not valid JSON: " + e.getOriginalMessage()));
            return null;
        }
        if (!node.isObject()) {
            findings.add(new CaseFinding("", "must be a JSON object, one case per line"));
            return null;
        }
        JsonNode id = node.get("id");
        if (id != null && id.isTextual()) {
            Integer first = ids.putIfAbsent(id.asText(), line);
            if (first != null) {
                findings.add(new CaseFinding("id", "duplicate id '" + id.asText() + "': line " + first + " has it too; "
                        + "ids must be unique in a file"));
            }
        }
        return check(node, findings);
    }

    /** Schema first; the checks only on a node that matches it. The case when both pass, else null. */
    private EvalCase check(JsonNode node, List<CaseFinding> findings) {
        List<CaseFinding> bySchema = schema.check(node);
        findings.addAll(bySchema);
        if (!bySchema.isEmpty()) {
            return null;
        }
        CaseChecks.Result checked = CaseChecks.check(node);
        findings.addAll(checked.findings());
        return checked.findings().isEmpty() ? CaseJson.fromJson(node, checked.language()) : null;
    }

    private static EvalCase tooLong(List<CaseFinding> findings) {
        findings.add(new CaseFinding("", "line is longer than " + MAX_LINE / (1024 * 1024)
                + " Mi characters; a case's patches must be smaller"));
        return null;
    }

    private enum LineRead { COMPLETE, TOO_LONG, END }

    /** Reads one line into {@code line} (cleared first), keeping at most {@link #MAX_LINE} characters. */
    private static LineRead readLine(Reader in, StringBuilder line) throws IOException {
        line.setLength(0);
        boolean any = false;
        boolean tooLong = false;
        int c;
        while ((c = in.read()) != -1) {
            any = true;
            if (c == '\n') {
                break;
            }
            if (line.length() >= MAX_LINE) {
                tooLong = true;
                line.setLength(0);
            } else if (!tooLong && c != '\r') {
                line.append((char) c);
            }
        }
        if (!any) {
            return LineRead.END;
        }
        return tooLong ? LineRead.TOO_LONG : LineRead.COMPLETE;
    }
}
