package dev.repofix.stage;

import com.fasterxml.jackson.databind.JsonNode;
import dev.repofix.patch.PatchText;
import dev.repofix.stage.StageConversation.UnusableAnswer;
import java.util.ArrayList;
import java.util.List;
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
        String bugType = BugType.normalize(text(json, "bugType"));
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
     * The patch, read once: the JSON's "diff", or the answer itself when it holds edit blocks or
     * a bare diff. A "diff" that is no patch is still the answer (the validator says why it does
     * not apply).
     */
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
