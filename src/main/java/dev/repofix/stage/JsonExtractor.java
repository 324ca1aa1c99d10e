package dev.repofix.stage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Finds the JSON a prompt asked for in a model's answer: in code fences or bare, with
 * prose around it, with trailing commas, single quotes, unquoted keys, comments, raw
 * line breaks in strings or typographic quotes. When nothing fits, says why, in words
 * meant to go back to the model. Pure.
 */
public final class JsonExtractor {
    /** Past this, an answer is no JSON anyone asked for; scanning it would only cost time. */
    static final int MAX_CHARS = 1_000_000;
    /** Bounds the work on answers full of unbalanced or non-JSON brackets. */
    static final int MAX_CANDIDATES = 400;

    private static final JsonMapper LENIENT = JsonMapper.builder()
            .enable(JsonReadFeature.ALLOW_TRAILING_COMMA, JsonReadFeature.ALLOW_SINGLE_QUOTES,
                    JsonReadFeature.ALLOW_JAVA_COMMENTS, JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES,
                    JsonReadFeature.ALLOW_UNESCAPED_CONTROL_CHARS,
                    JsonReadFeature.ALLOW_BACKSLASH_ESCAPING_ANY_CHARACTER)
            .build();

    private JsonExtractor() {}

    /** What {@link #extract} found. Closed: switch over it. */
    public sealed interface Result {
        /** The JSON of the expected shape (for arrays: the array, unwrapped). */
        record Found(JsonNode json) implements Result {
            public Found {
                Objects.requireNonNull(json, "json");
            }
        }

        /** No JSON of the expected shape; {@code error} says what was wrong, for the retry prompt. */
        record NotFound(String error) implements Result {
            public NotFound {
                Objects.requireNonNull(error, "error");
            }
        }
    }

    /** The first JSON value in {@code text} that has {@code shape}; never null. */
    public static Result extract(String text, JsonShape shape) {
        Objects.requireNonNull(text, "text");
        Objects.requireNonNull(shape, "shape");
        if (text.length() > MAX_CHARS) {
            return new Result.NotFound("the answer is too long (" + text.length() + " characters); answer with "
                    + shape.describe() + " only");
        }
        Search raw = search(text, shape);
        if (raw.found != null) {
            return new Result.Found(raw.found);
        }
        String plain = plainQuotes(text);
        if (!plain.equals(text)) {
            Search retried = search(plain, shape);
            if (retried.found != null) {
                return new Result.Found(retried.found);
            }
        }
        return new Result.NotFound(raw.error(shape));
    }

    /** Like {@link #extract}, for callers that need no reason. */
    public static Optional<JsonNode> find(String text, JsonShape shape) {
        return extract(text, shape) instanceof Result.Found found ? Optional.of(found.json()) : Optional.empty();
    }

    private static Search search(String text, JsonShape shape) {
        Search s = new Search();
        int tried = 0;
        int i = nextOpening(text, 0);
        while (i >= 0 && tried < MAX_CANDIDATES) {
            int end = JsonSpans.end(text, i);
            if (end < 0) {
                i = nextOpening(text, i + 1);
                continue;
            }
            tried++;
            String span = text.substring(i, end + 1);
            try {
                JsonNode node = LENIENT.readTree(span);
                Optional<JsonNode> match = ShapeMatch.match(node, shape);
                if (match.isPresent() && !match.get().isEmpty()) {
                    s.found = match.get();
                    return s;
                }
                if (match.isPresent()) {
                    // "[]" may be prose ("the list [] is empty"); an empty answer counts only if nothing else fits.
                    s.empty = match.get();
                    i = nextOpening(text, end + 1);
                    continue;
                }
                s.note(span.length(), "found JSON, but not the expected shape: " + ShapeMatch.mismatch(node, shape));
                i = nextOpening(text, end + 1);
            } catch (JsonProcessingException e) {
                s.note(span.length(), "the JSON does not parse: " + e.getOriginalMessage().lines().findFirst().orElse("")
                        + " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr()
                        + " of the JSON)");
                i = nextOpening(text, i + 1);
            }
        }
        if (s.found == null) {
            s.found = s.empty;
        }
        return s;
    }

    private static int nextOpening(String text, int from) {
        for (int i = from; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '{' || c == '[') {
                return i;
            }
        }
        return -1;
    }

    /** Typographic quotes, as chat front ends and some models write them, made ASCII. */
    static String plainQuotes(String text) {
        return text.replace('\u201C', '"').replace('\u201D', '"').replace('\u201E', '"')
                .replace('\u2018', '\'').replace('\u2019', '\'');
    }

    /** The best explanation so far: the one about the longest candidate, the likeliest meant. */
    private static final class Search {
        JsonNode found;
        JsonNode empty;
        int longest = -1;
        String lastError;

        void note(int length, String error) {
            if (length > longest) {
                longest = length;
                lastError = error;
            }
        }

        String error(JsonShape shape) {
            String why = lastError == null ? "no JSON found in the answer" : lastError;
            return why + "; expected " + shape.describe();
        }
    }

    /** Whether a parsed value has a shape, allowing the wrappings models add. */
    static final class ShapeMatch {
        private ShapeMatch() {}

        static Optional<JsonNode> match(JsonNode node, JsonShape shape) {
            if (!shape.array()) {
                if (hasKeys(node, shape)) {
                    return Optional.of(node);
                }
                return node.isArray() && node.size() == 1 && hasKeys(node.get(0), shape)
                        ? Optional.of(node.get(0)) : Optional.empty();
            }
            if (node.isArray()) {
                return allHaveKeys(node, shape) ? Optional.of(node) : Optional.empty();
            }
            JsonNode wrapped = node.get(shape.wrapper());
            if (wrapped != null && wrapped.isArray() && allHaveKeys(wrapped, shape)) {
                return Optional.of(wrapped);
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
                JsonNode value = it.next().getValue();
                if (value.isArray() && !value.isEmpty() && allHaveKeys(value, shape)) {
                    return Optional.of(value);
                }
            }
            // One object where a list of one was asked for.
            return hasKeys(node, shape) ? Optional.of(JsonNodeFactory.instance.arrayNode().add(node)) : Optional.empty();
        }

        static String mismatch(JsonNode node, JsonShape shape) {
            JsonNode target = node;
            if (shape.array() && node.isObject() && node.get(shape.wrapper()) != null) {
                target = node.get(shape.wrapper());
            }
            if (shape.array() && target.isArray()) {
                for (int i = 0; i < target.size(); i++) {
                    if (!hasKeys(target.get(i), shape)) {
                        return "element " + (i + 1) + " " + missing(target.get(i), shape);
                    }
                }
            }
            return target.isObject() ? "the object " + missing(target, shape) : "a JSON " + target.getNodeType()
                    .toString().toLowerCase(java.util.Locale.ROOT);
        }

        private static String missing(JsonNode node, JsonShape shape) {
            if (!node.isObject()) {
                return "is no object";
            }
            return shape.required().stream().filter(k -> !present(node, k)).findFirst()
                    .map(k -> "lacks \"" + k + "\"").orElse("has the keys");
        }

        private static boolean allHaveKeys(JsonNode array, JsonShape shape) {
            for (JsonNode element : array) {
                if (!hasKeys(element, shape)) {
                    return false;
                }
            }
            return true;
        }

        private static boolean hasKeys(JsonNode node, JsonShape shape) {
            return node.isObject() && shape.required().stream().allMatch(k -> present(node, k));
        }

        private static boolean present(JsonNode node, String key) {
            JsonNode value = node.get(key);
            return value != null && !value.isNull();
        }
    }
}
