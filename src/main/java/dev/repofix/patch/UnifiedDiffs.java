package dev.repofix.patch;

import com.github.difflib.DiffUtils;
import com.github.difflib.UnifiedDiffUtils;
import com.github.difflib.patch.Patch;
import java.util.List;

/** Writes unified diffs (git style, {@code a/} and {@code b/} prefixes) with java-diff-utils. */
public final class UnifiedDiffs {
    private static final int CONTEXT = 3;

    private UnifiedDiffs() {}

    /** The diff that turns {@code before} into {@code after} for {@code path}; empty when equal. */
    public static String create(String path, String before, String after) {
        List<String> a = TextFile.parse(before).lines();
        List<String> b = TextFile.parse(after).lines();
        Patch<String> patch = DiffUtils.diff(a, b);
        if (patch.getDeltas().isEmpty()) {
            return "";
        }
        List<String> lines = UnifiedDiffUtils.generateUnifiedDiff("a/" + path, "b/" + path, a, patch, CONTEXT);
        return "diff --git a/" + path + " b/" + path + "\n" + String.join("\n", lines) + "\n";
    }
}
