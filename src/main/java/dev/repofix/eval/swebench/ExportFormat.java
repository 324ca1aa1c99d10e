package dev.repofix.eval.swebench;

import dev.repofix.config.RepofixException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The formats {@code repofix eval export} writes predictions in. */
public enum ExportFormat {
    /** SWE-bench's predictions file (JSONL: instance_id, model_name_or_path, model_patch). */
    SWEBENCH;

    /** @throws RepofixException (input) listing the supported formats when {@code name} is none of them */
    public static ExportFormat parse(String name) {
        for (ExportFormat f : values()) {
            if (f.cliName().equals(name.toLowerCase(Locale.ROOT))) {
                return f;
            }
        }
        throw new RepofixException(RepofixException.ErrorKind.INPUT, "unsupported export format '" + name
                + "'; supported: " + Arrays.stream(values()).map(ExportFormat::cliName).collect(Collectors.joining(", ")));
    }

    public String cliName() {
        return name().toLowerCase(Locale.ROOT);
    }
}
