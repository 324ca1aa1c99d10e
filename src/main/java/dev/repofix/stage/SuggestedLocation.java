package dev.repofix.stage;

import java.util.Objects;

/**
 * A location as a model wrote it, not yet checked against the workspace. No component
 * is null; {@code line} is 0 when none could be read and {@code content} is empty when
 * none was given.
 */
record SuggestedLocation(String file, int line, String content, String reason) {
    SuggestedLocation {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(reason, "reason");
    }
}
