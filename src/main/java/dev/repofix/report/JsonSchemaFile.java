package dev.repofix.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/** A JSON Schema (2020-12, formats asserted) packed in the jar beside a class, and the check of a document against it. */
public final class JsonSchemaFile {
    private final JsonSchema schema;
    private final String resource;

    /**
     * @param owner    the class the schema lies beside in the jar
     * @param resource the schema's file name
     * @throws IllegalStateException when the jar lacks it (a build fault, not the user's)
     */
    public JsonSchemaFile(Class<?> owner, String resource) {
        this.resource = resource;
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the jar; rebuild repofix");
            }
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
            schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The validator's findings on {@code document}, for callers that word them themselves; empty when it matches. */
    public java.util.Set<ValidationMessage> validate(JsonNode document) {
        return schema.validate(document);
    }

    /** What is wrong with {@code document}, one line per problem (the JSON path and why); empty when it matches. */
    public List<String> problems(JsonNode document) {
        return schema.validate(document).stream().map(ValidationMessage::getMessage).sorted().toList();
    }

    /**
     * Parses an untrusted document and checks it: a JSON object whose {@code schema} field
     * is {@code version}, matching this schema.
     *
     * @param hint what to do when the version differs, e.g. "publish it with the repofix version that wrote it"
     * @throws IllegalArgumentException saying what is wrong, worded to follow "cannot read &lt;file&gt;: "
     */
    public JsonNode check(ObjectMapper mapper, String json, String version, String hint) {
        JsonNode root;
        try {
            root = mapper.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("it is not JSON (" + e.getOriginalMessage() + ")", e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("it is not a JSON object");
        }
        if (!version.equals(root.path("schema").asText())) {
            throw new IllegalArgumentException("its schema is '" + root.path("schema").asText() + "', not " + version
                    + "; " + hint);
        }
        List<String> problems = problems(root);
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException("it does not match docs/" + resource + ": "
                    + String.join("; ", problems.subList(0, Math.min(5, problems.size())))
                    + (problems.size() > 5 ? "; and " + (problems.size() - 5) + " more" : ""));
        }
        return root;
    }
}
