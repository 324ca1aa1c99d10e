package dev.repofix.patch;

import com.github.difflib.DiffUtils;
import com.github.difflib.patch.Patch;
import com.github.difflib.patch.PatchFailedException;
import com.github.difflib.unifieddiff.UnifiedDiff;
import com.github.difflib.unifieddiff.UnifiedDiffFile;
import com.github.difflib.unifieddiff.UnifiedDiffReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies a unified diff to a directory, exactly: every hunk must match its context,
 * or nothing is written. Tolerant application of model output comes later.
 */
public final class PatchApplier {
    /** Applies {@code diff} under {@code root}; all files are checked before any is written. */
    public ApplyResult apply(Path root, String diff) {
        List<UnifiedDiffFile> files;
        try {
            UnifiedDiff parsed = UnifiedDiffReader.parseUnifiedDiff(
                    new ByteArrayInputStream(diff.getBytes(StandardCharsets.UTF_8)));
            files = parsed.getFiles();
        } catch (IOException | RuntimeException e) {
            return new ApplyResult.NotApplied("not a unified diff: " + e.getMessage());
        }
        if (files.isEmpty()) {
            return new ApplyResult.NotApplied("the diff names no file");
        }
        Map<Path, String> writes = new LinkedHashMap<>();
        List<String> changed = new ArrayList<>();
        for (UnifiedDiffFile f : files) {
            String path = strip(f.getToFile() != null && !f.getToFile().equals("/dev/null") ? f.getToFile() : f.getFromFile());
            Optional<String> refusal = PathSafety.refusal(root, path);
            if (refusal.isPresent()) {
                return new ApplyResult.NotApplied(refusal.get());
            }
            Path target = root.resolve(path);
            if (!Files.isRegularFile(target)) {
                return new ApplyResult.NotApplied("no such file in the workspace: " + path);
            }
            try {
                TextFile text = TextFile.parse(Files.readString(target, StandardCharsets.UTF_8));
                Patch<String> patch = f.getPatch();
                List<String> out = DiffUtils.patch(text.lines(), patch);
                writes.put(target, text.withLines(out).render());
                changed.add(path);
            } catch (PatchFailedException e) {
                return new ApplyResult.NotApplied("hunk does not match " + path + ": " + e.getMessage());
            } catch (IOException e) {
                return new ApplyResult.NotApplied("cannot read " + path + ": " + e.getMessage());
            }
        }
        for (Map.Entry<Path, String> w : writes.entrySet()) {
            try {
                Files.writeString(w.getKey(), w.getValue(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new PatchException("cannot write " + w.getKey() + ": " + e.getMessage(), e);
            }
        }
        return new ApplyResult.Applied(changed);
    }

    private static String strip(String path) {
        String p = path.trim();
        int tab = p.indexOf('\t');
        if (tab >= 0) {
            p = p.substring(0, tab);
        }
        return p.startsWith("a/") || p.startsWith("b/") ? p.substring(2) : p;
    }
}
