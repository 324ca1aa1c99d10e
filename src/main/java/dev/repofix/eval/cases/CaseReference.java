package dev.repofix.eval.cases;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What scoring needs to know of a case: the runner fills it from the case, and it is saved
 * in every result so that a report can be recomputed from the results alone.
 *
 * @param language    the case's language (java, python, ...), for the per-language tables
 * @param bugTypes    the case's bug types, for the per-bug-type tables; may be empty
 * @param locations   reference faulty lines (lines removed or modified by the source patch,
 *                    or around a pure insertion), in the case's order; may be empty
 * @param cause       the line where the fault is, when the case records it
 * @param effect      the line where the failure shows, when the case records it
 * @param sourcePatch the reference patch's source part (no test changes); empty when unknown
 * @param failToPass  ids of the tests the reference patch makes pass
 */
public record CaseReference(String language, List<String> bugTypes, List<LineRef> locations, Optional<LineRef> cause,
        Optional<LineRef> effect, String sourcePatch, List<String> failToPass) {
    public CaseReference {
        Objects.requireNonNull(language, "language");
        bugTypes = List.copyOf(bugTypes);
        locations = List.copyOf(locations);
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(effect, "effect");
        Objects.requireNonNull(sourcePatch, "sourcePatch");
        failToPass = List.copyOf(failToPass);
    }

    /**
     * Every bug's cause line: the recorded cause and, since an injected bug is one changed line
     * that the reference patch changes back, the reference locations; empty when no cause is recorded.
     */
    public java.util.Set<LineRef> causeLines() {
        java.util.Set<LineRef> out = new java.util.LinkedHashSet<>();
        cause.ifPresent(c -> {
            out.add(c);
            out.addAll(locations);
        });
        return out;
    }

    /** Whether the case has several bugs (cause lines); meaningful when it records a cause. */
    public boolean multiBug() {
        return causeLines().size() > 1;
    }

    /** Whether the failure shows elsewhere than the cause; empty unless both are recorded. */
    public Optional<Boolean> multiHop() {
        return cause.isPresent() && effect.isPresent() ? Optional.of(!cause.get().equals(effect.get()))
                : Optional.empty();
    }
}
