package dev.repofix.context;

import dev.repofix.build.MavenBuild;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Repositories written into a temp dir and failure reports over them, built in code. */
final class Fixtures {
    private Fixtures() {}

    static Path write(Path root, String relative, String text) {
        return write(root, relative, text.getBytes(StandardCharsets.UTF_8));
    }

    static Path write(Path root, String relative, byte[] bytes) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static TestResult failed(String id, String message, String trace, StackFrame... frames) {
        return new TestResult(id, TestStatus.FAILED, message, trace, List.of(frames));
    }

    /** A Maven failure report over every file under {@code root}. */
    static FailureReport report(Path root, TestResult... failing) {
        try (Stream<Path> walk = Files.walk(root)) {
            List<String> files = walk.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/'))
                    .toList();
            return new FailureReport("mvn test", new TestRun(List.of(failing)), List.of(failing), "",
                    new FileIndex(root, files), new MavenBuild());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A Java class of {@code methods} small methods, each {@code bodyLines} long, with the given extra body. */
    static String javaClass(String pkg, String name, int methods, String extra) {
        StringBuilder out = new StringBuilder("package " + pkg + ";\n\npublic class " + name + " {\n");
        for (int m = 0; m < methods; m++) {
            out.append("    public long step").append(m).append("(long amount, long limit) {\n")
                    .append("        long result = amount * ").append(m + 1).append(";\n")
                    .append("        if (result > limit) {\n")
                    .append("            result = limit - ").append(m).append(";\n")
                    .append("        }\n")
                    .append("        return result;\n")
                    .append("    }\n\n");
        }
        return out.append(extra).append("}\n").toString();
    }
}
