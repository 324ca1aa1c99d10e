package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.GitHubContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitHubPublishingTest {
    private static final String HEAD = "1111111111111111111111111111111111111111";

    @TempDir
    Path temp;

    private final GitHubPublishing publishing = new GitHubPublishing(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC),
            d -> { });

    private GitHubContext job(boolean fork, Optional<String> token) {
        return new GitHubContext("pull_request", "acme/bank", HEAD, OptionalInt.of(7), fork, temp,
                "http://127.0.0.1:1", "https://github.example", Optional.of(temp.resolve("output")),
                Optional.of(temp.resolve("summary")), token);
    }

    @Test
    void anOutputFolderThatCannotBeMadeIsAWarningAndTheSummaryAndOutputsAreStillWritten() throws IOException {
        Path out = Files.writeString(temp.resolve("out"), "a file, not a folder");

        Publication p = publishing.forAction(job(true, Optional.empty()), out, GitHubMode.COMMENT)
                .publish(RunResults.fixed());

        assertThat(p.warnings()).singleElement().asString().contains("could not publish the report files")
                .contains("pass --out with a writable directory");
        assertThat(Files.readString(temp.resolve("summary"))).contains(PullRequestComment.MARKER);
        assertThat(Files.readString(temp.resolve("output"))).contains("FIXED").doesNotContain("fix.patch");
        assertThat(p.notes()).last().isInstanceOf(Publication.Note.Notice.class)
                .extracting(Publication.Note::text).asString().startsWith("pull request from a fork");
    }

    @Test
    void theStepOutputsNameThePatchAndReportTheFilesPublisherWrote() throws IOException {
        Path out = temp.resolve("repofix-out");

        Publication p = publishing.forAction(job(false, Optional.empty()), out, GitHubMode.SUMMARY_ONLY)
                .publish(RunResults.fixed());

        assertThat(p.notes()).isEmpty();
        assertThat(Files.readString(temp.resolve("output"))).contains(out.resolve("fix.patch").toString())
                .contains(out.resolve("report.md").toString());
    }

    @Test
    void withoutATokenThePullRequestIsLeftOutWithAWarning() {
        Publication p = publishing.forAction(job(false, Optional.empty()), temp.resolve("o"), GitHubMode.CHECK)
                .publish(RunResults.fixed());

        assertThat(p.posted()).isEmpty();
        assertThat(p.warnings()).singleElement().asString().startsWith("no token: set the github-token input");
    }
}
