package dev.repofix.repair;

import java.util.List;

/** One kind of simple mutation that may fix a suspected line. Implementations are pure and stateless; nothing here is null. */
public interface FixTemplate {
    /** Short stable name for reports, e.g. "relational-op". */
    String name();

    /**
     * Edits of 1-based {@code line}, most likely fixes first: each distinct, none equal to the
     * line as it is, and none touching literals or comments. Empty when nothing applies.
     *
     * @throws IllegalArgumentException when {@code line} is not a line of {@code file}
     */
    List<LineEdit> propose(SourceFile file, int line);
}
