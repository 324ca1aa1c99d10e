package dev.repofix.stage;

import dev.repofix.config.RepofixException;
import java.util.Objects;

/** A stage that got no usable answer, e.g. the model never produced the asked-for JSON. Kind RUNTIME. */
public final class StageException extends RepofixException {
    private static final long serialVersionUID = 1L;

    private final String stage;

    public StageException(String stage, String message) {
        super(ErrorKind.RUNTIME, message);
        this.stage = Objects.requireNonNull(stage, "stage");
    }

    public StageException(String stage, String message, Throwable cause) {
        super(ErrorKind.RUNTIME, message, cause);
        this.stage = Objects.requireNonNull(stage, "stage");
    }

    /** The stage that failed: "issue", "localize" or "patch". */
    public String stage() {
        return stage;
    }
}
