package dev.repofix.eval.inject;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.model.ChatClient;
import dev.repofix.model.ChatMessage;
import dev.repofix.model.ChatRequest;
import dev.repofix.model.ChatResponse;
import dev.repofix.repair.source.SourceLanguage;
import dev.repofix.stage.BugType;
import dev.repofix.stage.JsonExtractor;
import dev.repofix.stage.JsonShape;
import dev.repofix.workspace.Workspace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The model-driven injector: a chat model is asked to insert one realistic bug of a given
 * type of the taxonomy into a given function, answers with a strict JSON edit of one line
 * (read by the stage package's {@link JsonExtractor}, asked again when it does not parse),
 * and the edit is kept only when the tests show it, by the same checks as the operator
 * injector ({@link BugInjector#tryGroup}). What is dropped is counted by reason.
 */
public final class ModelInjector {
    static final String STAGE = "inject";
    static final JsonShape EDIT = JsonShape.object("line", "buggy");
    static final String MALFORMED = "the model's answer was no usable edit";
    private static final int MAX_TOKENS = 1024;

    private final ChatClient client;
    private final BugInjector injector;
    private final int attempts;

    /** @param attempts answers asked for per function before it is dropped as malformed, at least 1 */
    public ModelInjector(ChatClient client, BugInjector injector, int attempts) {
        this.client = Objects.requireNonNull(client, "client");
        this.injector = Objects.requireNonNull(injector, "injector");
        if (attempts < 1) {
            throw new IllegalArgumentException("attempts must be at least 1");
        }
        this.attempts = attempts;
    }

    /** Every bug type a model may be asked for in {@code ws}: all but {@code other} and those of a language it lacks. */
    public static List<BugType> typesFor(Workspace ws) {
        Set<String> languages = new HashSet<>();
        ws.files().files().forEach(f -> SourceLanguage.forPath(f).ifPresent(l -> languages.add(
                l == SourceLanguage.PYTHON ? "python" : f.endsWith(".java") ? "java" : "other")));
        return Arrays.stream(BugType.values()).filter(b -> b != BugType.OTHER)
                .filter(b -> b.language().map(languages::contains).orElse(true)).toList();
    }

    /**
     * Up to {@code count} single-bug cases: functions of the source files in a seeded order,
     * each asked for the next of {@code types} in turn.
     *
     * @param types the bug types to ask for; not empty
     */
    public BugInjector.Outcome inject(Workspace ws, Optional<String> testCommand, int count, long seed,
            List<BugType> types, Consumer<String> progress) {
        if (types.isEmpty()) {
            throw new IllegalArgumentException("name at least one bug type");
        }
        BugInjector.Prepared prepared = injector.prepare(ws, testCommand);
        List<SourceFunctions.Function> functions = new ArrayList<>(SourceFunctions.of(ws, prepared.build()));
        Collections.shuffle(functions, new Random(seed));
        List<BugInjector.Injected> kept = new ArrayList<>();
        Map<String, Integer> dropped = new HashMap<>();
        Set<String> used = new HashSet<>();
        int tries = 0;
        for (SourceFunctions.Function f : functions) {
            if (kept.size() >= count || tries >= count * BugInjector.TRIES_PER_CASE) {
                break;
            }
            BugType type = types.get(tries++ % types.size());
            Optional<BugInjector.Injection> edit = ask(f, type, dropped);
            if (edit.isEmpty() || !used.add(edit.get().file() + ":" + edit.get().line())) {
                progress.accept("dropped " + f.file() + ":" + f.first() + " " + f.name() + " (" + type.label()
                        + "): " + MALFORMED);
                continue;
            }
            BugInjector.Injection i = edit.get();
            String where = i.file() + ":" + i.line() + " " + i.description();
            switch (injector.tryGroup(ws, prepared, List.of(i))) {
                case BugInjector.Tried.Kept k -> {
                    kept.add(k.bug());
                    progress.accept("kept " + where + ": " + k.bug().failing().size() + " test(s) fail");
                }
                case BugInjector.Tried.Dropped d -> {
                    used.remove(i.file() + ":" + i.line());
                    dropped.merge(d.why(), 1, Integer::sum);
                    progress.accept("dropped " + where + ": " + d.why());
                }
            }
        }
        return new BugInjector.Outcome(kept, dropped);
    }

    /** The model's edit of {@code f}, asked again on an answer that is no edit; empty (counted) when none came. */
    private Optional<BugInjector.Injection> ask(SourceFunctions.Function f, BugType type, Map<String, Integer> dropped) {
        List<ChatMessage> messages = new ArrayList<>(List.of(ChatMessage.system(system()),
                ChatMessage.user(prompt(f, type))));
        for (int attempt = 1; attempt <= attempts; attempt++) {
            ChatResponse answer = client.complete(new ChatRequest(STAGE, f.file() + ":" + f.first(), messages,
                    MAX_TOKENS, 0.0));
            String problem;
            switch (JsonExtractor.extract(answer.text(), EDIT)) {
                case JsonExtractor.Result.Found found -> {
                    Optional<String> wrong = problem(found.json(), f);
                    if (wrong.isEmpty()) {
                        return Optional.of(injection(found.json(), f, type));
                    }
                    problem = wrong.get();
                }
                case JsonExtractor.Result.NotFound nf -> problem = nf.error();
            }
            dropped.merge("model answer retried: " + (problem.startsWith("line ") || problem.startsWith("buggy")
                    ? "an edit that does not fit the function" : "no JSON edit"), 1, Integer::sum);
            messages.add(ChatMessage.assistant(answer.text()));
            messages.add(ChatMessage.user("That answer cannot be used: " + problem + ". Answer with one JSON object "
                    + "only: {\"line\": N, \"buggy\": \"the whole new line\", \"explanation\": \"...\"}."));
        }
        dropped.merge(MALFORMED + " in " + attempts + " attempt(s)", 1, Integer::sum);
        return Optional.empty();
    }

    /** What is wrong with an edit of {@code f}, for the model's next try; empty when it fits. */
    static Optional<String> problem(JsonNode edit, SourceFunctions.Function f) {
        if (!edit.path("line").canConvertToInt()) {
            return Optional.of("line must be a line number");
        }
        int line = edit.path("line").asInt();
        if (line < f.first() || line > f.last()) {
            return Optional.of("line " + line + " is not in the function (lines " + f.first() + "-" + f.last() + ")");
        }
        if (!edit.path("buggy").isTextual()) {
            return Optional.of("buggy must be the new text of that line, a string");
        }
        String buggy = stripNewline(edit.path("buggy").asText());
        if (buggy.contains("\n")) {
            return Optional.of("buggy must be one line, without line breaks");
        }
        if (buggy.strip().equals(f.line(line).strip())) {
            return Optional.of("buggy is the line as it is; change it");
        }
        return Optional.empty();
    }

    private static BugInjector.Injection injection(JsonNode edit, SourceFunctions.Function f, BugType type) {
        int line = edit.path("line").asInt();
        String why = edit.path("explanation").asText("").strip();
        return new BugInjector.Injection(f.file(), line, f.line(line), stripNewline(edit.path("buggy").asText()),
                BugInjector.Maker.model(type), "model-driven " + type.label() + (why.isEmpty() ? "" : ": " + why));
    }

    private static String stripNewline(String s) {
        return s.endsWith("\n") ? s.substring(0, s.length() - 1) : s;
    }

    static String system() {
        return "You insert realistic bugs into working code, for a debugging benchmark. The bug must be one a "
                + "developer could make, change one line only, keep the code loading (no syntax error, no missing "
                + "import of a module), and make the function behave wrongly. Answer with one JSON object only: "
                + "{\"line\": N, \"buggy\": \"the whole new text of line N, indentation included\", "
                + "\"explanation\": \"what the bug does\"}.";
    }

    static String prompt(SourceFunctions.Function f, BugType type) {
        StringBuilder out = new StringBuilder("Insert one bug of type \"" + type.label() + "\" (" + type.meaning()
                + ") into the function `" + f.name() + "` of " + f.file() + ", lines " + f.first() + "-" + f.last()
                + ":\n\n");
        for (int n = f.first(); n <= f.last(); n++) {
            out.append(n).append(": ").append(f.line(n)).append('\n');
        }
        return out.toString();
    }
}
