package dev.repofix.repair.templates;

import dev.repofix.repair.source.SourceFile;
import java.util.List;

/** One kind of simple mutation that may fix a suspected line. Implementations are pure and stateless; nothing here is null. */
public interface FixTemplate {
    /** Short stable name for reports, e.g. "relational-op". */
    String name();

    /**
     * Edits of 1-based {@code line}, most likely fixes first: each distinct, none equal to the
     * line as it is, and none touching comments; the token templates touch no literals either,
     * the Java ones change literals only where a literal is their subject (a wrong constant,
     * an off-by-one). An edit may span neighbouring lines of the same statement, or insert
     * lines next to it. Empty when nothing applies.
     *
     * @throws IllegalArgumentException when {@code line} is not a line of {@code file}
     */
    List<LineEdit> propose(SourceFile file, int line);
}
