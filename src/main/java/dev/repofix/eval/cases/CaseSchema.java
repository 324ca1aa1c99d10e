package dev.repofix.eval.cases;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonNodePath;
import com.networknt.schema.ValidationMessage;
import dev.repofix.report.JsonSchemaFile;
import java.util.Comparator;
import java.util.List;

/**
 * The JSON Schema of one case ({@code docs/eval-case.schema.json}, in the jar beside this
 * class), and the check of a case against it, one finding per problem in the words of
 * the case format.
 */
final class CaseSchema {
    private static final String RESOURCE = "eval-case.schema.json";

    private final JsonSchemaFile schema = new JsonSchemaFile(CaseSchema.class, RESOURCE);

    /** What is wrong with {@code node} by the schema, by field; empty when it matches. */
    List<CaseFinding> check(JsonNode node) {
        return schema.validate(node).stream().map(CaseSchema::finding)
                .sorted(Comparator.comparing(CaseFinding::field).thenComparing(CaseFinding::why)).distinct().toList();
    }

    private static CaseFinding finding(ValidationMessage m) {
        String field = field(m.getInstanceLocation());
        String type = m.getType();
        if (("required".equals(type) || "additionalProperties".equals(type)) && m.getProperty() != null) {
            field = field.isEmpty() ? m.getProperty() : field + "." + m.getProperty();
        }
        return new CaseFinding(field, why(field, type, m));
    }

    /** {@code patch.source}, {@code fail_to_pass[2]}: how docs/eval.md names a field. */
    private static String field(JsonNodePath path) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < path.getNameCount(); i++) {
            Object element = path.getElement(i);
            if (element instanceof Integer index) {
                out.append('[').append(index).append(']');
            } else {
                out.append(out.isEmpty() ? "" : ".").append(element);
            }
        }
        return out.toString();
    }

    private static String why(String field, String type, ValidationMessage m) {
        return switch (type) {
            case "required" -> "is required";
            case "additionalProperties" -> "is not a field of a case (see docs/eval.md, \"Case format\")";
            case "minItems" -> field.equals("fail_to_pass") ? "must list at least one test" : m.getError();
            case "pattern", "maxLength" -> field.equals("id")
                    ? "must be 1 to 200 characters of A-Z a-z 0-9 . _ - (it names files)" : m.getError();
            default -> m.getError();
        };
    }
}
