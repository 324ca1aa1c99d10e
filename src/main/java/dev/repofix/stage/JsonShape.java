package dev.repofix.stage;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * The JSON a prompt asked for: an object with some keys, or an array of such objects
 * (which a model may also wrap in an object under {@code wrapper}). No component is null;
 * {@code wrapper} is empty for objects.
 *
 * @param array    whether the answer is an array of objects rather than one object
 * @param wrapper  for arrays: the key a model may wrap the array in, e.g. "locations"
 * @param required keys every object must have, with a non-null value
 */
public record JsonShape(boolean array, String wrapper, List<String> required) {
    public JsonShape {
        Objects.requireNonNull(wrapper, "wrapper");
        required = List.copyOf(required);
    }

    /** One object with {@code required} keys. */
    public static JsonShape object(String... required) {
        return new JsonShape(false, "", List.of(required));
    }

    /** An array of objects with {@code required} keys, bare or as {@code {"<wrapper>": [...]}}. */
    public static JsonShape arrayOf(String wrapper, String... required) {
        return new JsonShape(true, wrapper, List.of(required));
    }

    /** Says what is expected, for error messages that go back to the model. */
    public String describe() {
        String keys = required.stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", "));
        return array ? "a JSON array of objects with keys " + keys : "a JSON object with keys " + keys;
    }
}
