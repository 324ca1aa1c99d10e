package dev.repofix.report;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The JSON Schema of {@code report.json} ({@code docs/report.schema.json}, in the jar
 * beside this class), and the check of a document against it.
 */
public final class ReportSchema {
    private final JsonSchemaFile schema = new JsonSchemaFile(ReportSchema.class, "report.schema.json");

    /** The document, checked: see {@link JsonSchemaFile#check}. */
    JsonNode check(com.fasterxml.jackson.databind.ObjectMapper mapper, String json, String version, String hint) {
        return schema.check(mapper, json, version, hint);
    }

    /** What is wrong with {@code document}, one line per problem (the JSON path and why); empty when it matches. */
    public List<String> problems(JsonNode document) {
        return schema.problems(document);
    }
}
