package dev.repofix.testrun;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Writes fixture projects for the real-run tests and lists their files as the workspace would. */
final class ProjectFiles {
    private ProjectFiles() {
    }

    static void write(Path root, String relative, String text) throws IOException {
        Path file = root.resolve(relative);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    /** Every file under {@code root}, relative and {@code /}-separated. */
    static List<String> list(Path root) throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).map(p -> root.relativize(p).toString().replace('\\', '/')).toList();
        }
    }
}
