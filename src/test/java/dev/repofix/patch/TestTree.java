package dev.repofix.patch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** A workspace for applier tests under a temporary {@code root}: files written and read by relative path. */
record TestTree(Path root) {
    void write(String relative, String content) throws IOException {
        Path file = root.resolve(relative).normalize();
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    String read(String relative) throws IOException {
        return Files.readString(root.resolve(relative), StandardCharsets.UTF_8);
    }

    /** Every file and directory below the root, relative to it. */
    List<String> list() throws IOException {
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(p -> !p.equals(root)).map(p -> root.relativize(p).toString()).toList();
        }
    }

    /** {@code line 1\n ... line n\n}. */
    static String numberedLines(int n) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= n; i++) {
            sb.append("line ").append(i).append('\n');
        }
        return sb.toString();
    }
}
