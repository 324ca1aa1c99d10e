package dev.repofix.env;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Files a project's install wrote into its own source folders, kept with the environment so
 * that every copy the tests run in has them: a build hook's version module (hatch-vcs'
 * {@code version-file}, setuptools-scm's {@code write_to}, versioneer) or an extension built in
 * place. The copies the tests run in hold the repository's files only, and an editable install
 * points at the set-up's own copy, which is gone once the set-up ends; without these a package
 * that imports its generated {@code _version.py} does not load.
 *
 * <p>A file counts when the set-up's copy has it and the project does not, and the folder it is
 * in is one of the project's own (a new folder, such as {@code build/} or {@code *.egg-info},
 * is the install's, not the sources'); byte code and caches never count. At most
 * {@value #MAX_FILES} files of {@value #MAX_BYTES} bytes in all are kept.
 *
 * @param folder where the kept files are, under the environment's folder
 * @param files  their paths relative to the folder the tests run in ({@code /}-separated)
 */
public record GeneratedFiles(Path folder, List<String> files) {
    private static final Logger LOG = LoggerFactory.getLogger(GeneratedFiles.class);
    static final int MAX_FILES = 200;
    static final long MAX_BYTES = 20L * 1024 * 1024;

    public GeneratedFiles {
        Objects.requireNonNull(folder, "folder");
        files = List.copyOf(files);
    }

    /** None: nothing to place. */
    public static GeneratedFiles none() {
        return new GeneratedFiles(Path.of(""), List.of());
    }

    /**
     * The files under {@code sourceRoots} of {@code work} (the set-up's copy, after the install)
     * that {@code project} lacks in a folder it has, copied to {@code keep}.
     *
     * @param sourceRoots folders relative to {@code work}, as the environment's source roots
     */
    static GeneratedFiles keep(Path project, Path work, List<String> sourceRoots, Path keep) {
        List<String> found = new ArrayList<>();
        long[] bytes = {0};
        for (String root : sourceRoots) {
            Path start = work.resolve(root).normalize();
            if (!start.startsWith(work) || !Files.isDirectory(start, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                Files.walkFileTree(start, new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                        String name = dir.getFileName() == null ? "" : dir.getFileName().toString();
                        boolean own = Files.isDirectory(project.resolve(work.relativize(dir).toString()),
                                LinkOption.NOFOLLOW_LINKS);
                        // A folder the install made (build/, *.egg-info, a wheel's cache) is not the sources'.
                        return EnvironmentSetup.NOT_COPIED.contains(name) || !own ? FileVisitResult.SKIP_SUBTREE
                                : FileVisitResult.CONTINUE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                        String relative = work.relativize(file).toString().replace('\\', '/');
                        String name = file.getFileName().toString();
                        if (!attrs.isRegularFile() || name.endsWith(".pyc") || name.endsWith(".pyo")
                                || found.contains(relative)
                                || Files.exists(project.resolve(relative), LinkOption.NOFOLLOW_LINKS)) {
                            return FileVisitResult.CONTINUE;
                        }
                        if (found.size() >= MAX_FILES || bytes[0] + attrs.size() > MAX_BYTES) {
                            LOG.warn("the install generated more than {} files or {} bytes in the sources; {} and "
                                    + "later ones are not kept", MAX_FILES, MAX_BYTES, relative);
                            return FileVisitResult.TERMINATE;
                        }
                        Path target = keep.resolve(relative);
                        Files.createDirectories(target.getParent());
                        Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
                        bytes[0] += attrs.size();
                        found.add(relative);
                        return FileVisitResult.CONTINUE;
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException("cannot keep the files the install generated under " + start, e);
            }
        }
        return new GeneratedFiles(keep, found);
    }

    /**
     * Copies each kept file into {@code dir} (a copy the tests run in) where its folder exists
     * and the file does not: a copy never loses a file of its own, and a command run elsewhere
     * gets nothing. A file that cannot be placed is logged; the test run then shows what it lacks.
     */
    void placeIn(Path dir) {
        for (String relative : files) {
            Path target = dir.resolve(relative).normalize();
            if (!target.startsWith(dir) || !Files.isDirectory(target.getParent())
                    || Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                // A folder of the copy that a link puts elsewhere gets nothing: the copy's files are untrusted.
                if (!target.getParent().toRealPath().startsWith(dir.toRealPath())) {
                    continue;
                }
                Files.copy(folder.resolve(relative), target, StandardCopyOption.COPY_ATTRIBUTES);
            } catch (IOException e) {
                LOG.warn("cannot place the generated file {} in {}: {}", relative, dir, e.getMessage());
            }
        }
    }
}
