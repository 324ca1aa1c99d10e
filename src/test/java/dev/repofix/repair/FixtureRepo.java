package dev.repofix.repair;

import dev.repofix.build.BuildSystem;
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
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** A repository written file by file into a test's temporary folder, and failure reports over it. */
public final class FixtureRepo {
    private final Path root;
    private final BuildSystem build;
    private final List<TestResult> passing = new ArrayList<>();

    public FixtureRepo(Path root, BuildSystem build) {
        this.root = root;
        this.build = build;
    }

    public Path root() {
        return root;
    }

    /** Writes {@code content} exactly as given (line endings included) to {@code relativePath}. */
    public FixtureRepo write(String relativePath, String content) {
        try {
            Path file = root.resolve(relativePath);
            Files.createDirectories(file.getParent());
            Files.writeString(file, content, StandardCharsets.UTF_8);
            return this;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes lines joined by {@code \n}, with a final newline. */
    public FixtureRepo lines(String relativePath, String... lines) {
        return write(relativePath, String.join("\n", lines) + "\n");
    }

    /** Adds baseline tests that passed. */
    public FixtureRepo passing(String... ids) {
        for (String id : ids) {
            passing.add(TestResult.passed(id));
        }
        return this;
    }

    public FileIndex files() {
        try (Stream<Path> walk = Files.walk(root)) {
            return new FileIndex(root, walk.filter(Files::isRegularFile)
                    .map(p -> root.relativize(p).toString().replace('\\', '/')).toList());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A report in which {@code failing} failed, over the files written so far. */
    public FailureReport report(TestResult... failing) {
        List<TestResult> all = new ArrayList<>(List.of(failing));
        all.addAll(passing);
        List<String> failingIds = Stream.of(failing).map(TestResult::id).toList();
        return new FailureReport(build.testCommand(root, null).shell(), build.reproduceCommand(root, null, failingIds),
                new TestRun(all), List.of(failing), "log tail", files(), build);
    }

    public static TestResult failed(String id, String message, String trace, StackFrame... frames) {
        return new TestResult(id, TestStatus.FAILED, message, trace, List.of(frames));
    }

    public static TestResult errored(String id, String message, String trace, StackFrame... frames) {
        return new TestResult(id, TestStatus.ERRORED, message, trace, List.of(frames));
    }

    public static StackFrame frame(String file, int line, String function) {
        return new StackFrame(file, line, function);
    }
}
