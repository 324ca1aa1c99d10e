package dev.repofix.stage;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class JsonExtractorTest {
    private static final JsonShape ISSUE = Prompts.ISSUE;
    private static final JsonShape LOCATIONS = Prompts.LOCATIONS;

    static Stream<Arguments> issueAnswers() {
        return Stream.of(
                Arguments.of("bare", "{\"title\": \"T\", \"description\": \"d\", \"explanation\": \"e\"}"),
                Arguments.of("json fence", "```json\n{\"title\": \"T\", \"description\": \"d\", \"explanation\": \"e\"}\n```"),
                Arguments.of("plain fence with prose", "Here is the issue:\n```\n{\"title\": \"T\", \"description\": \"d\","
                        + " \"explanation\": \"e\"}\n```\nHope this helps {really}."),
                Arguments.of("trailing commas", "{\"title\": \"T\", \"description\": \"d\", \"explanation\": \"e\",}"),
                Arguments.of("single quotes", "{'title': 'T', 'description': 'd', 'explanation': 'e'}"),
                Arguments.of("unquoted keys", "{title: \"T\", description: \"d\", explanation: \"e\"}"),
                Arguments.of("comments", "{\n// the title\n\"title\": \"T\", /* more */ \"description\": \"d\",\n"
                        + "\"explanation\": \"e\" // done\n}"),
                Arguments.of("smart quotes", "{\u201Ctitle\u201D: \u201CT\u201D, \u201Cdescription\u201D: \u201Cd\u201D,"
                        + " \u201Cexplanation\u201D: \u201Ce\u201D}"),
                Arguments.of("raw line breaks in a string", "{\"title\": \"T\", \"description\": \"d\nd\", \"explanation\": \"e\"}"),
                Arguments.of("braces and quotes inside strings", "{\"title\": \"T\", \"description\": \"if (x) { y(\\\"}\\\"); }\","
                        + " \"explanation\": \"e\", \"bugType\": \"don't [\"}"),
                Arguments.of("object in a list of one", "[{\"title\": \"T\", \"description\": \"d\", \"explanation\": \"e\"}]"),
                Arguments.of("other JSON first", "Example: {\"a\": 1}\nAnswer: {\"title\": \"T\", \"description\": \"d\","
                        + " \"explanation\": \"e\"}"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("issueAnswers")
    void findsTheIssueObject(String name, String answer) {
        JsonNode json = found(answer, ISSUE);
        assertThat(json.get("title").asText()).isEqualTo("T");
        assertThat(json.get("explanation").asText()).isEqualTo("e");
    }

    @Test
    void keepsTypographicQuotesInsideAPlainString() {
        JsonNode json = found("{\"title\": \"the \u201Cmax\u201D call\", \"description\": \"d\", \"explanation\": \"e\"}", ISSUE);
        assertThat(json.get("title").asText()).isEqualTo("the \u201Cmax\u201D call");
    }

    @Test
    void findsABareArrayOfLocations() {
        JsonNode json = found("```json\n[{\"file\": \"A.java\", \"line\": 3, \"content\": \"x\"},"
                + " {\"file\": \"B.java\", \"line\": 4},]\n```", LOCATIONS);
        assertThat(json.isArray()).isTrue();
        assertThat(json).hasSize(2);
    }

    @Test
    void unwrapsAnArrayWrappedInAnObject() {
        JsonNode json = found("{\"locations\": [{\"file\": \"A.java\", \"line\": 3}]}", LOCATIONS);
        assertThat(json.isArray()).isTrue();
        assertThat(json.get(0).get("file").asText()).isEqualTo("A.java");
    }

    @Test
    void unwrapsAnArrayUnderAnotherKey() {
        JsonNode json = found("{\"suspects\": [{\"file\": \"A.java\", \"line\": 3}]}", LOCATIONS);
        assertThat(json.get(0).get("line").asInt()).isEqualTo(3);
    }

    @Test
    void ofTwoBlocksTakesTheOneWithTheShape() {
        String answer = "First the issue:\n```json\n{\"title\": \"T\", \"description\": \"d\", \"explanation\": \"e\"}\n```\n"
                + "Then the lines:\n```json\n[{\"file\": \"A.java\", \"line\": 7}]\n```";
        assertThat(found(answer, LOCATIONS).get(0).get("line").asInt()).isEqualTo(7);
        assertThat(found(answer, ISSUE).get("title").asText()).isEqualTo("T");
    }

    @Test
    void prefersLocationsOverAnEmptyListInProse() {
        JsonNode json = found("The list [] was empty before; now: [{\"file\": \"A.java\", \"line\": 1}]", LOCATIONS);
        assertThat(json).hasSize(1);
    }

    @Test
    void acceptsAnEmptyListWhenNothingElseFits() {
        assertThat(found("No suspects: []", LOCATIONS)).isEmpty();
    }

    @Test
    void saysNoJsonWasFoundInProse() {
        assertThat(error("I think the bug is in the loop.", ISSUE))
                .isEqualTo("no JSON found in the answer; expected a JSON object with keys \"title\", \"description\","
                        + " \"explanation\"");
    }

    @Test
    void saysWhereTheJsonDoesNotParse() {
        assertThat(error("{\"title\": \"T\" \"description\": \"d\"}", ISSUE))
                .startsWith("the JSON does not parse: ")
                .contains("line 1, column")
                .endsWith("expected a JSON object with keys \"title\", \"description\", \"explanation\"");
    }

    @Test
    void saysWhichKeyIsMissing() {
        assertThat(error("{\"title\": \"T\", \"description\": \"d\"}", ISSUE))
                .startsWith("found JSON, but not the expected shape: the object lacks \"explanation\"");
        assertThat(error("[{\"file\": \"A.java\"}]", LOCATIONS))
                .startsWith("found JSON, but not the expected shape: element 1 lacks \"line\"");
    }

    @Test
    void refusesAnUnclosedObject() {
        assertThat(error("{\"title\": \"T\", \"description\": \"d\", \"explanation\": \"e\"", ISSUE))
                .startsWith("no JSON found");
    }

    @Test
    void refusesAnswersPastTheSizeLimit() {
        assertThat(error("x".repeat(JsonExtractor.MAX_CHARS + 1), ISSUE)).startsWith("the answer is too long");
    }

    @Test
    void findReturnsEmptyForGarbage() {
        assertThat(JsonExtractor.find("}{ ][ garbage", ISSUE)).isEmpty();
    }

    private static JsonNode found(String answer, JsonShape shape) {
        JsonExtractor.Result result = JsonExtractor.extract(answer, shape);
        assertThat(result).isInstanceOf(JsonExtractor.Result.Found.class);
        return ((JsonExtractor.Result.Found) result).json();
    }

    private static String error(String answer, JsonShape shape) {
        JsonExtractor.Result result = JsonExtractor.extract(answer, shape);
        assertThat(result).isInstanceOf(JsonExtractor.Result.NotFound.class);
        return ((JsonExtractor.Result.NotFound) result).error();
    }
}
