package dev.repofix.patch;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Applies an untrusted patch to a directory, all or nothing: every file is checked by
 * {@link PathSafety} and every hunk placed (see {@link Placement}) in memory before any
 * file is written. Hunks that match only loosely keep the file's own text for the lines
 * they remove and keep, and take the file's indentation for the lines they add.
 * Arguments must not be null; results never are. Stateless: one instance serves all.
 */
public final class PatchApplier {
    /**
     * Parses {@code text} with {@link PatchParser} and applies it under {@code root}; text
     * that is no patch is {@link ApplyResult.NotApplied}, with the parser's reason.
     */
    public ApplyResult apply(Path root, CharSequence text) {
        Patch patch;
        try {
            patch = PatchParser.parse(text);
        } catch (PatchException e) {
            return new ApplyResult.NotApplied(e.getMessage());
        }
        return apply(root, patch);
    }

    /**
     * Applies {@code patch} under {@code root}; nothing is written unless every hunk of
     * every file places. A patch of more hunks than the parser reads is refused.
     *
     * @throws PatchException (kind RUNTIME) only when the file system refuses a write,
     *     after putting back the files written before it
     */
    public ApplyResult apply(Path root, Patch patch) {
        if (patch.isEmpty()) {
            return new ApplyResult.NotApplied("the patch changes no file");
        }
        try {
            PatchParser.refuseManyHunks(patch);
        } catch (PatchException e) {
            return new ApplyResult.NotApplied(e.getMessage());
        }
        StagedFiles staged = new StagedFiles(root);
        List<HunkPlacement> placements = new ArrayList<>();
        Map<String, Integer> hunksSoFar = new HashMap<>();
        try {
            for (FilePatch file : patch.files()) {
                int first = hunksSoFar.merge(file.path(), file.hunks().size(), Integer::sum) - file.hunks().size() + 1;
                placements.addAll(stage(root, staged, file, first));
            }
        } catch (PatchRejected e) {
            return new ApplyResult.NotApplied(e.getMessage());
        }
        staged.commit();
        return new ApplyResult.Applied(patch.paths(), placements);
    }

    private static List<HunkPlacement> stage(Path root, StagedFiles staged, FilePatch file, int firstHunk)
            throws PatchRejected {
        Optional<String> refusal = PathSafety.refusal(root, file.path());
        if (refusal.isPresent()) {
            throw new PatchRejected(refusal.get());
        }
        Optional<TextFile> current = staged.read(file.path());
        return switch (file.kind()) {
            case CREATE -> create(staged, file, current, firstHunk);
            case MODIFY -> modify(staged, file, current, firstHunk);
            case DELETE -> delete(staged, file, current, firstHunk);
        };
    }

    private static List<HunkPlacement> create(StagedFiles staged, FilePatch file, Optional<TextFile> current,
            int firstHunk) throws PatchRejected {
        if (current.isPresent()) {
            throw new PatchRejected(file.path() + " already exists, but the patch creates it (--- /dev/null)");
        }
        return write(staged, file, new TextFile(List.of(), "\n", true), firstHunk);
    }

    private static List<HunkPlacement> modify(StagedFiles staged, FilePatch file, Optional<TextFile> current,
            int firstHunk) throws PatchRejected {
        // An edit block with an empty SEARCH (or a diff that lost its /dev/null) creates the file.
        boolean onlyAdds = file.hunks().stream().allMatch(h -> h.oldLines().isEmpty());
        if (current.isEmpty() && !onlyAdds) {
            throw new PatchRejected("no such file in the workspace: " + file.path());
        }
        return write(staged, file, current.orElse(new TextFile(List.of(), "\n", true)), firstHunk);
    }

    private static List<HunkPlacement> write(StagedFiles staged, FilePatch file, TextFile start, int firstHunk)
            throws PatchRejected {
        FileEditor.Edited edited = FileEditor.edit(start, file, firstHunk);
        staged.write(file.path(), edited.text());
        return edited.placements();
    }

    /** A deletion's hunks, if given, must account for every line: what it removes is what is there. */
    private static List<HunkPlacement> delete(StagedFiles staged, FilePatch file, Optional<TextFile> current,
            int firstHunk) throws PatchRejected {
        if (current.isEmpty()) {
            throw new PatchRejected("no such file in the workspace: " + file.path() + " (the patch deletes it)");
        }
        List<HunkPlacement> placements = List.of();
        if (!file.hunks().isEmpty()) {
            FileEditor.Edited edited = FileEditor.edit(current.get(), file, firstHunk);
            if (!edited.text().lines().isEmpty()) {
                throw new PatchRejected(file.path() + ": the patch deletes the file, but its lines are not the whole"
                        + " file (" + edited.text().lines().size() + " other lines); refusing to delete what it did not show");
            }
            placements = edited.placements();
        }
        staged.delete(file.path());
        return placements;
    }
}
