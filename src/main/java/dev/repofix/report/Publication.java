package dev.repofix.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What a publisher did: what it posted (links or ids) and, in order, the notes it has
 * for the log: a notice (something left out on purpose) or a warning (something that
 * failed). A warning never fails the run: the report is always in the job summary and
 * the output folder too.
 */
public record Publication(List<String> posted, List<Note> notes) {
    public Publication {
        posted = List.copyOf(posted);
        notes = List.copyOf(notes);
    }

    /** A publication with only warnings as notes. */
    public static Publication of(List<String> posted, List<String> warnings) {
        return new Publication(posted, warnings.stream().<Note>map(Note.Warning::new).toList());
    }

    /** Nothing posted, nothing to say. */
    public static Publication none() {
        return new Publication(List.of(), List.of());
    }

    /** Nothing posted, one warning. */
    public static Publication warning(String text) {
        return new Publication(List.of(), List.of(new Note.Warning(text)));
    }

    /** Nothing posted, one notice. */
    public static Publication notice(String text) {
        return new Publication(List.of(), List.of(new Note.Notice(text)));
    }

    /** The warnings among the notes, in order. */
    public List<String> warnings() {
        return notes.stream().filter(Note.Warning.class::isInstance).map(Note::text).toList();
    }

    /** This publication followed by {@code next}. */
    public Publication plus(Publication next) {
        List<String> p = new ArrayList<>(posted);
        p.addAll(next.posted());
        List<Note> n = new ArrayList<>(notes);
        n.addAll(next.notes());
        return new Publication(p, n);
    }

    /** A line for the log: a notice (left out on purpose) or a warning (failed). */
    public sealed interface Note {
        String text();

        record Notice(String text) implements Note {
            public Notice {
                Objects.requireNonNull(text, "text");
            }
        }

        record Warning(String text) implements Note {
            public Warning {
                Objects.requireNonNull(text, "text");
            }
        }
    }
}
