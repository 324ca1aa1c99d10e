package dev.repofix.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.config.ConfigKey;
import dev.repofix.config.ConfigResolver;
import dev.repofix.config.GitHubContext;
import dev.repofix.config.HostEnvironment;
import dev.repofix.config.RunConfig;
import dev.repofix.config.Settings;
import dev.repofix.model.Sleeper;
import dev.repofix.pipeline.ProgressListener;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ActionRunTest {
    @TempDir
    Path dir;

    private HostEnvironment host(Map<String, String> extra) {
        Map<String, String> vars = new HashMap<>(Map.of("HOME", dir.toString(), "GITHUB_ACTIONS", "true",
                "GITHUB_REPOSITORY", "acme/bank", "GITHUB_WORKSPACE", dir.resolve("missing").toString(),
                "GITHUB_SHA", "abc123"));
        vars.putAll(extra);
        return new HostEnvironment(vars);
    }

    private static Settings settings(HostEnvironment host) {
        Map<ConfigKey, String> flags = new EnumMap<>(ConfigKey.class);
        flags.put(ConfigKey.SANDBOX, "local");
        return Settings.of(ConfigResolver.resolve(flags, host, Optional.empty()));
    }

    private ActionRun action(HostEnvironment host) {
        return new ActionRun(new Environment(host, Clock.systemUTC(), dir, false), d -> { });
    }

    @Test
    void aPullRequestRunCarriesTheEventsOrigin() throws Exception {
        Path event = Files.writeString(dir.resolve("event.json"), """
                {"pull_request":{"number":7,"head":{"sha":"def456","repo":{"full_name":"acme/bank"}},
                 "base":{"repo":{"full_name":"acme/bank"}}}}
                """);
        HostEnvironment host = host(Map.of("GITHUB_EVENT_NAME", "pull_request", "GITHUB_EVENT_PATH", event.toString()));
        GitHubContext gh = GitHubContext.from(host);
        Settings settings = settings(host);
        RunConfig config = settings.run().runConfig(gh.workspace().toString(), Optional.empty(),
                ActionRun.reportDir(gh.workspace(), null), host);

        RunResult result = action(host).run(settings, config, gh, new PrintWriter(new StringWriter()),
                ProgressListener.none());

        assertThat(result.origin()).isEqualTo(new RunOrigin("pr", Optional.of("acme/bank"), Optional.of(7),
                Optional.of("def456")));
    }

    @Test
    void masksTheTokenAndEveryKeyThatIsSetAndNothingBlank() {
        HostEnvironment host = host(Map.of("GITHUB_TOKEN", "ghs_x", "OPENAI_API_KEY", "sk-1", "ANTHROPIC_API_KEY", ""));

        assertThat(action(host).secrets(GitHubContext.from(host), settings(host))).containsExactly("ghs_x", "sk-1");
    }

    @Test
    void theReportsGoUnderTheCheckoutUnlessAnAbsoluteFolderIsGiven() {
        Path checkout = dir.resolve("ws");

        assertThat(ActionRun.reportDir(checkout, null)).isEqualTo(checkout.resolve("repofix-out"));
        assertThat(ActionRun.reportDir(checkout, Path.of("r"))).isEqualTo(checkout.resolve("r"));
        assertThat(ActionRun.reportDir(checkout, dir.resolve("abs"))).isEqualTo(dir.resolve("abs"));
    }

    @Test
    void theGitLabFlowRunsOnlyOutsideGitHubActions() {
        assertThat(action(host(Map.of("GITLAB_CI", "true"))).onGitLab()).isFalse();
        assertThat(action(new HostEnvironment(Map.of("GITLAB_CI", "true"))).onGitLab()).isTrue();
    }

    @Test
    void eachGitHubEventNameHasItsTrigger() {
        assertThat(ActionRun.trigger("pull_request_target")).isEqualTo("pr");
        assertThat(ActionRun.trigger("workflow_dispatch")).isEqualTo("manual");
        assertThat(ActionRun.trigger("release")).isEqualTo("other");
    }
}
