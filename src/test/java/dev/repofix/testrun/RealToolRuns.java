package dev.repofix.testrun;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.build.BuildSystem;
import dev.repofix.build.TestCommand;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.workspace.FileIndex;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/** Writes a fixture project and runs its tests with the real tool, through the TestRunner repofix uses. */
final class RealToolRuns {
    private static final Duration LIMIT = Duration.ofMinutes(3);

    private RealToolRuns() {}

    /** The files, written under {@code root}, as the index of the repository. */
    static FileIndex write(Path root, Map<String, String> files) throws IOException {
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = root.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue());
        }
        return new FileIndex(root, files.keySet().stream().sorted().toList());
    }

    /** The outcome of {@code build}'s whole suite at {@code root}, which must have completed. */
    static TestOutcome.Completed run(Path root, BuildSystem build, FileIndex files) {
        return run(root, build, (String) null, files);
    }

    /** The outcome of {@code build}'s suite run by the user's {@code command} (null: the build's own), completed. */
    static TestOutcome.Completed run(Path root, BuildSystem build, String command, FileIndex files) {
        return run(root, build, build.testCommand(root, command), files);
    }

    /** The outcome of {@code command} (one of {@code build}'s), which must have completed. */
    static TestOutcome.Completed run(Path root, BuildSystem build, TestCommand command, FileIndex files) {
        TestOutcome outcome = new TestRunner(new LocalProcessExecutor(Clock.systemUTC()), HostEnvironment.fromSystem(),
                ReportParsers.standard(), new StackFrameExtractor())
                .run(root, build, command, files, LIMIT);
        assertThat(outcome).as("outcome; output:\n%s", outcome.exec().output()).isInstanceOf(TestOutcome.Completed.class);
        return (TestOutcome.Completed) outcome;
    }
}
