package dev.repofix.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The JSON Schema of {@code report.json} ({@code docs/report.schema.json}, in the jar
 * beside this class), and the check of a document against it.
 */
public final class ReportSchema {
    private static final String RESOURCE = "report.schema.json";

    private final JsonSchema schema;

    public ReportSchema() {
        schema = load(ReportSchema.class, RESOURCE);
    }

    /**
     * A JSON Schema (2020-12, formats asserted) that the build packs into the jar beside
     * {@code owner} from {@code docs/}.
     *
     * @throws IllegalStateException when the jar lacks it: a broken build, not bad input
     */
    public static JsonSchema load(Class<?> owner, String resource) {
        try (InputStream in = owner.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException(resource + " is missing from the jar; rebuild repofix");
            }
            SchemaValidatorsConfig config = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true).build();
            return JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(in, config);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** What is wrong with {@code document}, one line per problem (the JSON path and why); empty when it matches. */
    public List<String> problems(JsonNode document) {
        return schema.validate(document).stream().map(ValidationMessage::getMessage).sorted().toList();
    }
}
