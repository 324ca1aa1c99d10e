package dev.repofix.validate;

import dev.repofix.build.MavenBuild;
import dev.repofix.config.HostEnvironment;
import dev.repofix.exec.LocalProcessExecutor;
import dev.repofix.testrun.ReportParsers;
import dev.repofix.testrun.StackFrameExtractor;
import dev.repofix.testrun.TestRunner;
import dev.repofix.workspace.Workspace;
import dev.repofix.workspace.Workspaces;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import org.eclipse.jgit.api.Git;

/** A small Maven project the slow tests of this package write, commit and run with real {@code mvn}. */
final class MavenProjectFixture {
    private MavenProjectFixture() {}

    /** Commits what {@code repo} holds and opens it as a workspace under {@code work}. */
    static Workspace commitAndOpen(Path repo, Path work) throws Exception {
        try (Git git = Git.init().setDirectory(repo.toFile()).call()) {
            git.add().addFilepattern(".").call();
            git.commit().setMessage("project").setAuthor("t", "t@example.org").setCommitter("t", "t@example.org")
                    .setSign(false).call();
        }
        return new Workspaces(work, Duration.ofMinutes(1)).open(repo.toString(), Optional.empty());
    }

    /** Maven's own test command for {@code ws}, run as local processes. */
    static SuiteRunner suite(Workspace ws, Clock clock) {
        MavenBuild build = new MavenBuild();
        TestRunner runner = new TestRunner(new LocalProcessExecutor(clock), HostEnvironment.fromSystem(),
                ReportParsers.standard(), new StackFrameExtractor());
        return new SuiteRunner(build, build.testCommand(ws.root(), null), null, runner, ws.files());
    }

    /** A JUnit 5 test class {@code name} in {@code org.shop} with one test, {@code checks}, running {@code body}. */
    static String test(String name, String body) {
        return "package org.shop;\n\nimport static org.junit.jupiter.api.Assertions.*;\n\n"
                + "import org.junit.jupiter.api.Test;\n\nclass " + name + " {\n    @Test\n    void checks() {\n        "
                + body + "\n    }\n}\n";
    }

    /** A one-line change of {@code path} at {@code line} as a unified diff. */
    static String diff(String path, int line, String before, String after) {
        return "--- a/" + path + "\n+++ b/" + path + "\n@@ -" + line + ",1 +" + line + ",1 @@\n-" + before + "\n+"
                + after + "\n";
    }

    static void write(Path root, String path, String text) throws IOException {
        Files.createDirectories(root.resolve(path).getParent());
        Files.writeString(root.resolve(path), text);
    }
}
