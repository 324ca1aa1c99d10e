package dev.repofix.testrun;

import dev.repofix.workspace.FileIndex;
import java.util.List;

/**
 * One language's stack-trace dialect: how its traces print frames and how a printed
 * frame names a file of the repository. Pure: reads no files.
 */
public interface FrameDialect {
    /**
     * The frames of {@code trace} that name a file in {@code files}, deepest (where the
     * root cause was raised) first. Empty, never null, when {@code trace} is not a trace
     * of this dialect or names no file of the repository.
     */
    List<StackFrame> framesDeepestFirst(String trace, FileIndex files);
}
