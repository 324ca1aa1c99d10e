package dev.repofix.stage;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.patch.ChangeKind;
import dev.repofix.patch.FilePatch;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.StageConversation.UnusableAnswer;
import dev.repofix.workspace.FileIndex;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads each stage's answer text into its value, or says why it cannot. Pure. */
final class AnswerReaders {
    private static final Pattern LEADING_NUMBER = Pattern.compile("^\\s*[Ll]?(?:ine)?\\s*(\\d{1,9})");
    private static final Pattern SEARCH_MARKER = Pattern.compile("(?m)^<{5,9} ?SEARCH\\s*$");

    private AnswerReaders() {}

    static IssueDraft issue(String answer) throws UnusableAnswer {
        JsonNode json = json(answer, Prompts.ISSUE);
        String title = text(json, "title").strip();
        if (title.isEmpty()) {
            throw new UnusableAnswer("the issue's \"title\" is empty");
        }
        // A type outside the taxonomy is kept as "other: <text>", never refused: the rest of the answer is good.
        String bugType = BugType.normalize(firstText(json.get("bugType")));
        return new IssueDraft(title, text(json, "description"), text(json, "explanation"),
                bugType.isEmpty() ? "unknown" : bugType);
    }

    static List<SuggestedLocation> locations(String answer) throws UnusableAnswer {
        List<SuggestedLocation> out = new ArrayList<>();
        for (JsonNode element : json(answer, Prompts.LOCATIONS)) {
            String reason = text(element, "reason").strip();
            out.add(new SuggestedLocation(text(element, "file"), line(element.get("line")), text(element, "content"),
                    reason.isEmpty() ? "suggested by the model" : reason));
        }
        return out;
    }

    /**
     * The located lines of a localization answer that are lines of source files; a line of a
     * test file is dropped (the prompt asks for source lines).
     *
     * @throws UnusableAnswer (not parsed) without the JSON; (unusable) when no line is left, naming why each went
     */
    static List<LocationCheck> locations(String answer, LocationValidator validator) throws UnusableAnswer {
        List<SuggestedLocation> suggested = locations(answer);
        if (suggested.isEmpty()) {
            throw UnusableAnswer.unusable("the list names no line; name at least one line of a source file");
        }
        List<LocationCheck> checks = validator.validate(suggested);
        if (LocationValidator.localization(checks).locations().isEmpty()) {
            String why = checks.stream().map(c -> c instanceof LocationCheck.Dropped d
                    ? d.file() + (d.line() > 0 ? ":" + d.line() : "") + " (" + d.reason() + ")" : "")
                    .limit(5).collect(Collectors.joining("; "));
            throw UnusableAnswer.unusable("no location is a line of a source file of the repository: " + why
                    + "; name lines of the source files the failing tests run, with their exact content");
        }
        return checks;
    }

    /**
     * The patch, read once: the JSON's "diff", or the answer itself when it holds edit blocks or
     * a bare diff. It counts only when usable: it parses as a patch (an echoed template or
     * prose does not) and every file it edits or deletes is a file of {@code files}.
     *
     * @throws UnusableAnswer (not parsed) when no patch reads; (unusable) when it edits a file that is not there
     */
    static PatchText patch(String answer, FileIndex files) throws UnusableAnswer {
        PatchText patch = patch(answer);
        return switch (patch) {
            case PatchText.Unreadable u -> throw new UnusableAnswer("the diff does not parse as a patch (" + u.reason()
                    + "); give a unified diff (--- a/path, +++ b/path, @@ hunks) of files of the repository, or "
                    + "SEARCH/REPLACE blocks");
            case PatchText.Parsed p -> {
                List<String> missing = p.patch().files().stream().filter(f -> f.kind() != ChangeKind.CREATE)
                        .map(FilePatch::path).filter(path -> !files.contains(path)).distinct().toList();
                if (!missing.isEmpty()) {
                    throw UnusableAnswer.unusable("the diff edits " + String.join(", ", missing)
                            + (missing.size() == 1 ? ", which is not a file" : ", which are not files")
                            + " of the repository; edit the files shown above, with their paths as shown");
                }
                yield patch;
            }
        };
    }

    /** The patch text of an answer, read whether or not it is a patch; refused when the answer holds none. */
    static PatchText patch(String answer) throws UnusableAnswer {
        JsonExtractor.Result result = JsonExtractor.extract(answer, Prompts.PATCH);
        if (result instanceof JsonExtractor.Result.Found found && !text(found.json(), "diff").isBlank()) {
            return PatchText.read(text(found.json(), "diff"));
        }
        PatchText whole = PatchText.read(answer);
        if (SEARCH_MARKER.matcher(answer).find() || whole instanceof PatchText.Parsed) {
            return whole;
        }
        String why = result instanceof JsonExtractor.Result.NotFound notFound ? notFound.error() : "the \"diff\" is empty";
        throw new UnusableAnswer(why + ", or SEARCH/REPLACE blocks");
    }

    private static JsonNode json(String answer, JsonShape shape) throws UnusableAnswer {
        return switch (JsonExtractor.extract(answer, shape)) {
            case JsonExtractor.Result.Found found -> found.json();
            case JsonExtractor.Result.NotFound notFound -> throw new UnusableAnswer(notFound.error());
        };
    }

    /** A field as text: strings as they are, other values as JSON, missing as "". */
    private static String text(JsonNode node, String key) {
        JsonNode value = node.get(key);
        if (value == null || value.isNull()) {
            return "";
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /** A field that should be text given as a list (["logic"]): its first element; else as {@link #text}. */
    private static String firstText(JsonNode value) {
        if (value != null && value.isArray()) {
            return value.isEmpty() ? "" : firstText(value.get(0));
        }
        if (value == null || value.isNull()) {
            return "";
        }
        return value.isValueNode() ? value.asText() : value.toString();
    }

    /** A line number from 42, "42", "42-45" or "line 42"; 0 when none. */
    private static int line(JsonNode value) {
        if (value == null) {
            return 0;
        }
        if (value.isIntegralNumber()) {
            return value.canConvertToInt() ? value.intValue() : 0;
        }
        Matcher m = LEADING_NUMBER.matcher(value.asText());
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }
}
