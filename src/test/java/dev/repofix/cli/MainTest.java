package dev.repofix.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link Main} in a JVM of its own, as the launcher starts it: what reaches the user's
 * terminal. The child runs on the JDK that runs the tests (21 or later), which is the
 * kind of JDK the launcher picks.
 */
class MainTest {
    private static final String FAILING_REPORT = """
            mkdir -p reports
            cat > reports/TEST-com.acme.AccountTest.xml <<'XML'
            <testsuite name="com.acme.AccountTest" tests="1" failures="1">
              <testcase classname="com.acme.AccountTest" name="withdraws">
                <failure message="expected: &lt;5&gt; but was: &lt;15&gt;">org.opentest4j.AssertionFailedError: expected: &lt;5&gt; but was: &lt;15&gt;
            	at com.acme.AccountTest.withdraws(AccountTest.java:5)</failure>
              </testcase>
            </testsuite>
            XML
            exit 1
            """;

    @TempDir
    Path dir;

    /**
     * A model stage indexes the repository with Lucene (BM25) before it asks the model;
     * Lucene's vectorization provider would then warn about the Vector API on any JDK
     * from 20 on. The replayed model has no answer, so the run stops right after.
     */
    @Test
    void modelRunPrintsNoLuceneVectorWarning() throws Exception {
        Path repo = FixtureRepos.gitRepo(dir.resolve("repo"), Map.of(
                "src/main/java/com/acme/Account.java", """
                        package com.acme;

                        class Account {
                            int withdraw(int balance, int amount) {
                                return balance + amount;
                            }
                        }
                        """,
                "src/test/java/com/acme/AccountTest.java", """
                        package com.acme;

                        class AccountTest {
                            void withdraws() {
                                new Account().withdraw(10, 5);
                            }
                        }
                        """,
                "run-tests.sh", FAILING_REPORT));
        Path recording = Files.writeString(dir.resolve("empty.jsonl"), "");

        Result run = main("fix", "--repo", repo.toString(), "--test-cmd", "sh run-tests.sh", "--sandbox", "local",
                "--model", "replay:" + recording, "--reruns", "0", "--no-cache", "--out", dir.resolve("out").toString());

        assertThat(run.stdout()).as("the issue stage was reached, so Lucene ran").contains("no recorded answer for stage issue");
        assertThat(run.stderr()).containsIgnoringCase("==> issue").doesNotContainIgnoringCase("vector")
                .doesNotContain("org.apache.lucene", "WARNING");
    }

    private record Result(String stdout, String stderr) {}

    /** Runs {@code Main} with the test JVM's java and class path. */
    private Result main(String... args) throws Exception {
        String java = ProcessHandle.current().info().command().orElseThrow();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
                "-Djava.io.tmpdir=" + dir, Main.class.getName()));
        command.addAll(List.of(args));
        File out = dir.resolve("stdout.txt").toFile();
        File err = dir.resolve("stderr.txt").toFile();
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out).redirectError(err).start();
        if (!p.waitFor(2, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("repofix " + String.join(" ", args) + " did not finish in 2 minutes");
        }
        return new Result(Files.readString(out.toPath()), Files.readString(err.toPath()));
    }
}
