package dev.repofix.eval.swebench;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.repofix.eval.cases.CaseEnvironment;
import dev.repofix.eval.cases.CaseException;
import dev.repofix.eval.cases.CaseFile;
import dev.repofix.eval.cases.CaseLanguage;
import dev.repofix.eval.cases.EvalCase;
import dev.repofix.eval.cases.ReferenceIssue;
import dev.repofix.eval.cases.ReferencePatch;
import dev.repofix.patch.ChangeKind;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.Patch;
import dev.repofix.patch.PatchException;
import dev.repofix.patch.PatchParser;
import dev.repofix.workspace.Language;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * Reads SWE-bench task instances (a JSON array, JSON Lines, CSV or Parquet, see {@link InstanceFormat}; {@code instance_id},
 * {@code repo}, {@code base_commit}, {@code patch}, {@code test_patch},
 * {@code problem_statement}, {@code hints_text}, {@code FAIL_TO_PASS} and
 * {@code PASS_TO_PASS} as lists or JSON-encoded strings, {@code version},
 * {@code environment_setup_commit}, {@code created_at}; other fields ignored) as cases.
 * An instance that cannot be a good case is refused with the reason; the rest import.
 * It streams: one instance in memory at a time.
 */
public final class SweBenchImport {
    /** A title longer than this is cut: it is one line in a report. */
    static final int MAX_TITLE = 120;
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final Pattern GITHUB_NAME = Pattern.compile("[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+");

    private final CaseFile checks;
    private final Settings settings;

    /**
     * What the person importing says about the repositories. No component is null; maps are copied.
     *
     * @param repoMap  {@code owner/name} to a local path or another URL; others clone from GitHub
     * @param setup    setup commands for every case, one per line
     * @param setupMap {@code owner/name} to the setup commands of its cases, over {@code setup}
     * @param specs    the environments by repository and version, over {@code setupMap} and {@code setup}
     */
    public record Settings(Map<String, String> repoMap, Optional<String> setup, Map<String, String> setupMap,
            SweBenchSpecs specs) {
        public Settings {
            repoMap = Map.copyOf(repoMap);
            Objects.requireNonNull(setup, "setup");
            setupMap = Map.copyOf(setupMap);
            Objects.requireNonNull(specs, "specs");
        }

        /** Settings with no specs: every case gets the per-repository set-up. */
        public Settings(Map<String, String> repoMap, Optional<String> setup, Map<String, String> setupMap) {
            this(repoMap, setup, setupMap, SweBenchSpecs.none());
        }
    }

    /**
     * What an import did.
     *
     * @param imported how many cases were passed on
     * @param refused  one message per refused instance, naming it and why
     * @param specified how many of the imported cases got their environment from the specs
     */
    public record Summary(int imported, List<String> refused, int specified) {
        public Summary {
            refused = List.copyOf(refused);
        }

        /** An import with no environment from specs. */
        public Summary(int imported, List<String> refused) {
            this(imported, refused, 0);
        }
    }

    public SweBenchImport(CaseFile checks, Settings settings) {
        this.checks = checks;
        this.settings = settings;
    }

    /**
     * Reads every instance of {@code file} and passes each good case to {@code each}, in order.
     *
     * @throws CaseException when the file is missing, or is no JSON array, JSON Lines, CSV or Parquet file
     */
    public Summary read(Path file, Consumer<EvalCase> each) {
        Reading reading = new Reading(each);
        try {
            switch (InstanceFormat.of(file)) {
                case JSON_ARRAY -> readArray(file, reading);
                case JSON_LINES -> readLines(file, reading);
                case CSV -> CsvInstances.read(file, reading::instance);
                case PARQUET -> ParquetInstances.read(file, reading::instance);
            }
        } catch (NoSuchFileException e) {
            throw new CaseException("no SWE-bench file at " + file + "; give a JSON array or JSON Lines file of task instances");
        } catch (JsonProcessingException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, file + " is not a JSON array of task instances: "
                    + e.getOriginalMessage() + " (line " + e.getLocation().getLineNr() + ")", e);
        } catch (IOException e) {
            throw new CaseException(CaseException.ErrorKind.INPUT, "cannot read " + file + ": " + e, e);
        }
        return new Summary(reading.imported, reading.refused, reading.specified);
    }

    private static void readArray(Path file, Reading reading) throws IOException {
        try (JsonParser p = MAPPER.createParser(file.toFile())) {
            p.nextToken();
            int number = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                if (p.currentToken() == null) {
                    throw new CaseException(file + " ends inside its JSON array; the file is cut short");
                }
                JsonNode node = p.readValueAsTree();
                reading.instance("instance " + ++number, node);
            }
        }
    }

    private static void readLines(Path file, Reading reading) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            for (int number = 1; (line = in.readLine()) != null; number++) {
                if (line.isBlank()) {
                    continue;
                }
                try {
                    reading.instance("line " + number, MAPPER.readTree(line));
                } catch (JsonProcessingException e) {
                    reading.refused.add(file + ":" + number + ": refused: not valid JSON: " + e.getOriginalMessage());
                }
            }
        }
    }

    /** The state of one import: what was passed on, what was refused, the ids seen. */
    private final class Reading {
        private final Consumer<EvalCase> each;
        private final List<String> refused = new ArrayList<>();
        private final Set<String> ids = new HashSet<>();
        private int imported;
        private int specified;

        Reading(Consumer<EvalCase> each) {
            this.each = each;
        }

        void instance(String where, JsonNode node) {
            String id = node.path("instance_id").asText("");
            String name = id.isEmpty() ? where : id + " (" + where + ")";
            try {
                EvalCase c = convert(node);
                List<String> problems = checks.problems(c);
                if (!problems.isEmpty()) {
                    throw new Refusal("it is no good case: " + String.join("; ", problems));
                }
                if (!ids.add(c.id())) {
                    throw new Refusal("its instance_id is in the file twice; the first was imported");
                }
                each.accept(c);
                imported++;
                specified += c.environment().isPresent() ? 1 : 0;
            } catch (Refusal e) {
                refused.add(name + ": refused: " + e.getMessage());
            }
        }
    }

    private EvalCase convert(JsonNode node) {
        String id = required(node, "instance_id");
        if (!EvalCase.ID.matcher(id).matches()) {
            throw new Refusal("instance_id must be 1 to 200 of A-Z a-z 0-9 . _ - to name files");
        }
        String repo = required(node, "repo");
        if (!GITHUB_NAME.matcher(repo).matches()) {
            throw new Refusal("repo must be a GitHub owner/name, as SWE-bench writes it: '" + repo + "'");
        }
        Patch source = parse(required(node, "patch"), "patch");
        String testText = required(node, "test_patch");
        Patch testPatch = parse(testText, "test_patch");
        SweBenchTestIds tests = new SweBenchTestIds(testPatch);
        String statement = required(node, "problem_statement");
        List<String> tags = new ArrayList<>(List.of("swe-bench"));
        Optional<String> version = text(node, "version");
        version.ifPresent(v -> tags.add("version:" + v));
        // The environment of the instance's (repository, version), else the repository's set-up.
        Optional<CaseEnvironment> environment = version.flatMap(v -> settings.specs().environment(repo, v));
        String language = CaseLanguage.derive(source.paths());
        return new EvalCase(id, settings.repoMap().getOrDefault(repo, "https://github.com/" + repo),
                required(node, "base_commit"), Optional.empty(), language,
                testIds(node, "FAIL_TO_PASS", tests), testIds(node, "PASS_TO_PASS", tests),
                new ReferenceIssue(title(statement), statement), Optional.empty(),
                new ReferencePatch(node.get("patch").asText(), testText), Optional.empty(), Optional.empty(), List.of(),
                Optional.empty(), tags, environment.isPresent() ? List.of() : setup(repo),
                text(node, "environment_setup_commit"), text(node, "created_at"), text(node, "hints_text"), version,
                environment, testFiles(testPatch, language));
    }

    /**
     * The files whose tests a case runs, as SWE-bench's harness makes its test directives: the
     * files the test patch touches, in its order, but those it deletes (no runner can be given
     * them) and those not written in the case's language (data and fixtures, which SWE-bench
     * leaves out by their extension; for a {@code generic} case, those of no language).
     * Empty, the whole suite, when none is left.
     */
    static List<String> testFiles(Patch testPatch, String language) {
        Predicate<String> code = Language.ofKey(language)
                .<Predicate<String>>map(l -> path -> l.extensions().contains(Language.extension(path)) && !l.isStub(path))
                .orElse(path -> Language.ofPath(path).isPresent());
        return testPatch.files().stream().filter(f -> f.kind() != ChangeKind.DELETE).map(FilePatch::path)
                .filter(code).distinct().toList();
    }

    /** The first non-empty line, trimmed, cut to {@value #MAX_TITLE} characters. */
    static String title(String statement) {
        String first = statement.lines().map(String::strip).filter(l -> !l.isEmpty()).findFirst().orElse(statement.strip());
        return first.length() <= MAX_TITLE ? first : first.substring(0, MAX_TITLE - 3).stripTrailing() + "...";
    }

    private List<String> setup(String repo) {
        Optional<String> commands = Optional.ofNullable(settings.setupMap().get(repo)).or(settings::setup);
        return commands.map(c -> c.lines().map(String::strip).filter(l -> !l.isEmpty()).toList()).orElse(List.of());
    }

    private static List<String> testIds(JsonNode node, String field, SweBenchTestIds tests) {
        JsonNode value = node.get(field);
        if (value != null && value.isTextual()) {
            try {
                value = MAPPER.readTree(value.asText());
            } catch (JsonProcessingException e) {
                throw new Refusal(field + " is a string but not a JSON-encoded list: " + e.getOriginalMessage());
            }
        }
        if (value == null || !value.isArray()) {
            throw new Refusal(field + " must be a list of test names, or one encoded as a JSON string");
        }
        if (field.equals("FAIL_TO_PASS") && value.isEmpty()) {
            throw new Refusal("FAIL_TO_PASS is empty: a case needs at least one test that the fix makes pass");
        }
        List<String> ids = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        value.forEach(n -> tests.convert(n.asText()).ifPresentOrElse(ids::add, () -> unknown.add(n.asText())));
        if (!unknown.isEmpty()) {
            throw new Refusal(field + " names tests whose file or class cannot be told, so no run could find them: "
                    + unknown.stream().map(u -> "'" + u.replace("\n", "\\n") + "'").toList()
                    + " (repofix ids are tests/test_x.py::test_y or package.module.Class#test_name)");
        }
        return ids;
    }

    private static Patch parse(String text, String field) {
        try {
            return PatchParser.parse(text);
        } catch (PatchException e) {
            throw new Refusal(field + " does not parse as a unified diff: " + e.getMessage());
        }
    }

    private static String required(JsonNode node, String field) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual() || value.asText().isBlank()) {
            throw new Refusal(field + " is missing or empty");
        }
        return value.asText();
    }

    private static Optional<String> text(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value == null || value.isNull() || value.asText().isBlank() ? Optional.empty() : Optional.of(value.asText());
    }

    /** Why one instance is not imported; caught per instance, never leaves this class. */
    private static final class Refusal extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Refusal(String message) {
            super(message, null, false, false);
        }
    }
}
