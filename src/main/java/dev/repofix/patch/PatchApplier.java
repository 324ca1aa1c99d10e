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
        // Computed in full before anything is written; a file named twice is patched in turn.
        Map<Path, String> writes = new LinkedHashMap<>();
        List<String> changed = new ArrayList<>();
        for (UnifiedDiffFile f : files) {
            String path = strip(f.getToFile() != null && !f.getToFile().equals("/dev/null") ? f.getToFile() : f.getFromFile());
            Optional<String> problem = stage(root, path, f.getPatch(), writes);
            if (problem.isPresent()) {
                return new ApplyResult.NotApplied(problem.get());
            }
            if (!changed.contains(path)) {
                changed.add(path);
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

    /** Adds the patched content of {@code path} to {@code writes}; the reason when it cannot. */
    private static Optional<String> stage(Path root, String path, Patch<String> patch, Map<Path, String> writes) {
        Optional<String> refusal = PathSafety.refusal(root, path);
        if (refusal.isPresent()) {
            return refusal;
        }
        Path target = root.resolve(path).normalize();
        String pending = writes.get(target);
        if (pending == null && !Files.isRegularFile(target)) {
            return Optional.of("no such file in the workspace: " + path);
        }
        try {
            TextFile text = TextFile.parse(pending != null ? pending : Files.readString(target, StandardCharsets.UTF_8));
            writes.put(target, text.withLines(DiffUtils.patch(text.lines(), patch)).render());
            return Optional.empty();
        } catch (PatchFailedException e) {
            return Optional.of("hunk does not match " + path + ": " + e.getMessage());
        } catch (IOException e) {
            return Optional.of("cannot read " + path + ": " + e.getMessage());
        }
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
