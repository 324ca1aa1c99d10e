package dev.repofix.stage;

import java.util.Objects;

/**
 * What validation against the workspace did with one location a model suggested.
 * Closed: switch over it.
 */
public sealed interface LocationCheck {
    /** The file and line exist and the line holds the suggested content (or none was given). */
    record Kept(Location location) implements LocationCheck {
        public Kept {
            Objects.requireNonNull(location, "location");
        }
    }

    /** The suggested line did not hold the suggested content; the nearest line that does was taken. */
    record Moved(Location location, int from) implements LocationCheck {
        public Moved {
            Objects.requireNonNull(location, "location");
        }

        /** The line it was moved to. */
        public int to() {
            return location.line();
        }
    }

    /**
     * Not a line of the workspace, so left out.
     *
     * @param file   the path as the model wrote it
     * @param line   the line as the model wrote it (0 when none could be read)
     * @param reason why it was left out, e.g. "no such file"
     */
    record Dropped(String file, int line, String reason) implements LocationCheck {
        public Dropped {
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(reason, "reason");
        }
    }
}
