package dev.repofix.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitHubContextTest {
    @TempDir
    Path temp;

    private Map<String, String> env(String eventName, String eventJson) throws IOException {
        Path event = temp.resolve("event.json");
        Files.writeString(event, eventJson);
        Map<String, String> env = new HashMap<>();
        env.put("GITHUB_ACTIONS", "true");
        env.put("GITHUB_REPOSITORY", "acme/bank");
        env.put("GITHUB_EVENT_NAME", eventName);
        env.put("GITHUB_EVENT_PATH", event.toString());
        env.put("GITHUB_WORKSPACE", "/github/workspace");
        env.put("GITHUB_SHA", "merge0000");
        return env;
    }

    @Test
    void aSameRepositoryPullRequestGivesItsNumberAndHeadCommit() throws IOException {
        GitHubContext c = GitHubContext.from(new HostEnvironment(env("pull_request", """
                {"pull_request":{"number":12,"head":{"sha":"head1234","repo":{"full_name":"acme/bank"}},
                 "base":{"repo":{"full_name":"acme/bank"}}}}""")));

        assertThat(c.pullRequest()).hasValue(12);
        assertThat(c.sha()).isEqualTo("head1234");
        assertThat(c.fork()).isFalse();
        assertThat(c.apiUrl()).isEqualTo(GitHubContext.DEFAULT_API_URL);
    }

    @Test
    void aPullRequestFromAnotherRepositoryIsAFork() throws IOException {
        GitHubContext c = GitHubContext.from(new HostEnvironment(env("pull_request", """
                {"pull_request":{"number":3,"head":{"sha":"h","repo":{"full_name":"someone/bank"}},
                 "base":{"repo":{"full_name":"acme/bank"}}}}""")));

        assertThat(c.fork()).isTrue();
    }

    @Test
    void pushScheduleAndDispatchHaveNoPullRequestAndUseGithubSha() throws IOException {
        for (String name : new String[] {"push", "schedule", "workflow_dispatch"}) {
            GitHubContext c = GitHubContext.from(new HostEnvironment(env(name, "{\"ref\":\"refs/heads/main\"}")));

            assertThat(c.pullRequest()).as(name).isEmpty();
            assertThat(c.sha()).as(name).isEqualTo("merge0000");
        }
    }

    @Test
    void theTokenInputWinsOverGithubToken() throws IOException {
        Map<String, String> env = env("push", "{}");
        env.put("GITHUB_TOKEN", "from-env");
        env.put("INPUT_GITHUB-TOKEN", "from-input");

        assertThat(GitHubContext.from(new HostEnvironment(env)).token()).hasValue("from-input");
    }

    @Test
    void aMalformedEventFileIsBadInputNamingTheFile() throws IOException {
        Map<String, String> env = env("pull_request", "{not json");

        assertThatThrownBy(() -> GitHubContext.from(new HostEnvironment(env)))
                .isInstanceOf(ConfigException.class).hasMessageContaining("event.json");
    }

    @Test
    void outsideActionsTheMissingVariableIsNamed() {
        assertThatThrownBy(() -> GitHubContext.from(new HostEnvironment(Map.of())))
                .isInstanceOf(ConfigException.class).hasMessageContaining("GITHUB_REPOSITORY")
                .hasMessageContaining("repofix fix");
    }
}
