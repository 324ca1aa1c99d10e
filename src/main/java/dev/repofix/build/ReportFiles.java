package dev.repofix.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/** Finds files (reports, test sources) under a tree, skipping directories of tools and dependencies. */
final class ReportFiles {
    private static final Set<String> SKIP = Set.of(".git", "node_modules", ".venv", "venv", ".tox", "__pycache__");
    private static final int MAX_DEPTH = 12;

    private ReportFiles() {}

    /** Files under {@code root} whose relative path ({@code /}-separated) matches, sorted. */
    static List<Path> find(Path root, Predicate<String> relativePathMatches) {
        List<Path> out = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return out;
        }
        try {
            Files.walkFileTree(root, Set.of(), MAX_DEPTH, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return SKIP.contains(String.valueOf(dir.getFileName())) && !dir.equals(root)
                            ? FileVisitResult.SKIP_SUBTREE
                            : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    String rel = root.relativize(file).toString().replace('\\', '/');
                    if (attrs.isRegularFile() && relativePathMatches.test(rel)) {
                        out.add(file);
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list reports under " + root, e);
        }
        out.sort(null);
        return out;
    }
}
