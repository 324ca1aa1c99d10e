package dev.repofix.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.stubbing.Scenario;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.repofix.model.ChatCompletionBodies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 26, item 1: a pull request tracks {@code inventory/env.py -> /proc/self/environ}
 * and {@code inventory/host.py -> <a host file>}, and a failing test raises through code
 * compiled under those names, so its frames name them. {@code repofix action} runs as its
 * own process (so {@code /proc/self/environ} is its environment, full of fake secrets)
 * against a local fake GitHub API: no output file, posted body, console line or model
 * request holds a secret, the host file's text or the NUL-separated environment, and the
 * notes name both files as not read.
 */
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class LinkLeakEndToEndTest {
    private static final String HEAD = "1111111111111111111111111111111111111111";
    private static final String HOST_TEXT = "HOST_SECRET = 'e2e-hostfile-d4'";
    private static final Map<String, String> SECRETS = Map.of(
            "GITHUB_TOKEN", "ghs_e2elinka1",
            "INPUT_GITHUB-TOKEN", "ghs_e2elinka1",
            "OPENAI_API_KEY", "sk-e2elinkb2",
            "E2E_LINK_CUSTOM", "custom-e2elinkc3");
    private static final String TEST_FILE = """
            import linecache
            import pathlib

            ROOT = pathlib.Path(__file__).resolve().parent.parent


            def compiled(code, name):
                # The traceback's source lines come from here, so the test run itself never reads
                # what the links lead to (in the local sandbox it could): only repofix could.
                path = str(ROOT / "inventory" / name)
                linecache.cache[path] = (len(code), None, [code], path)
                return compile(code, path, "exec")


            def raise_through_the_links():
                scope = {}
                # Line 1 of each: the whole environment is one line (NUL-separated), the host file's first line.
                exec(compiled("def deeper(): raise ValueError('the count is off')\\n", "host.py"), scope)
                exec(compiled("deeper()\\n", "env.py"), scope)


            def test_restock_count():
                raise_through_the_links()


            def test_add():
                from inventory.stock import add
                assert add(2, 3) == 5
            """;

    @TempDir
    Path temp;

    private WireMockServer gh;
    private WireMockServer model;

    @BeforeEach
    void start() {
        gh = new WireMockServer(wireMockConfig().dynamicPort());
        gh.start();
        FakeGitHub.pullRequestSeven(gh);
        model = new WireMockServer(wireMockConfig().dynamicPort());
        model.start();
    }

    @AfterEach
    void stop() {
        gh.stop();
        model.stop();
    }

    @Test
    void theBuiltinEngineNeverReadsTheLinksInTheLocalSandbox() throws Exception {
        Action run = action("local", Map.of());

        assertNothingLeaked(run);
    }

    @Test
    void aModelIsNeverSentWhatTheLinksLeadTo() throws Exception {
        modelAnswers();

        Action run = action("local", Map.of("INPUT_MODEL", "openai:local-model",
                "INPUT_BASE-URL", "http://127.0.0.1:" + model.port() + "/v1", "INPUT_CACHE", "false"));

        assertThat(model.getAllServeEvents()).as("the model was asked, or this test proves nothing").isNotEmpty();
        assertNothingLeaked(run);
    }

    @Test
    @Tag("docker")
    void theBuiltinEngineNeverReadsTheLinksWithTheDockerSandbox() throws Exception {
        Action run = action("docker", Map.of());

        assertThat(run.report().path("sandbox").asText()).startsWith("docker");
        assertNothingLeaked(run);
    }

    private void assertNothingLeaked(Action run) throws IOException {
        JsonNode report = run.report();
        assertThat(report.path("failingTests").toString() + report.path("failing").toString())
                .as("the test failed through the links, or this test proves nothing").contains("env.py");
        assertThat(report.path("notes")).extracting(JsonNode::asText).contains(
                "not read: inventory/env.py: a link that leads outside the repository",
                "not read: inventory/host.py: a link that leads outside the repository");
        Map<String, String> texts = new LinkedHashMap<>(run.files());
        texts.put("stdout", run.stdout().lines().filter(l -> !l.startsWith("::add-mask::")).reduce("", (a, b) -> a + b + "\n"));
        gh.getAllServeEvents().forEach(e -> texts.put("github " + e.getRequest().getUrl() + " " + e.getId(),
                e.getRequest().getBodyAsString()));
        model.getAllServeEvents().forEach(e -> texts.put("model request " + e.getId(), e.getRequest().getBodyAsString()));
        for (Map.Entry<String, String> text : texts.entrySet()) {
            assertThat(text.getValue()).as(text.getKey())
                    .doesNotContain(SECRETS.values().toArray(String[]::new))
                    .doesNotContain("e2e-hostfile-d4", "HOST_SECRET", "E2E_LINK_CUSTOM=", "\u0000", "\\u0000");
        }
    }

    /** Issue, locations naming both links, and a patch of one of them, as an OpenAI-compatible server answers. */
    private void modelAnswers() {
        String[] texts = {
            "{\"title\": \"The count is off\", \"description\": \"test_restock_count fails\", \"explanation\": \"x\"}",
            "[{\"file\": \"inventory/host.py\", \"line\": 1, \"content\": \"\"},"
                    + " {\"file\": \"inventory/env.py\", \"line\": 1, \"content\": \"\"}]",
            "inventory/host.py\n<<<<<<< SEARCH\nvalue = 'x'\n=======\nvalue = 'y'\n>>>>>>> REPLACE\n"};
        String state = Scenario.STARTED;
        for (int i = 0; i < texts.length; i++) {
            String next = "stage-" + (i + 1);
            model.stubFor(post(urlEqualTo("/v1/chat/completions")).inScenario("stages").whenScenarioStateIs(state)
                    .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                            .withBody(ChatCompletionBodies.completion("local-model", texts[i], 120, 30)))
                    .willSetStateTo(next));
            state = next;
        }
        model.stubFor(post(urlEqualTo("/v1/chat/completions")).inScenario("stages").whenScenarioStateIs(state)
                .willReturn(aResponse().withStatus(200).withHeader("Content-Type", "application/json")
                        .withBody(ChatCompletionBodies.completion("local-model", texts[2], 120, 30))));
    }

    private Action action(String sandbox, Map<String, String> extra) throws IOException, InterruptedException {
        Path host = Files.writeString(Files.createDirectories(temp.resolve("host")).resolve("host.txt"),
                HOST_TEXT + "\n");
        Path ws = FixtureRepos.gitRepo(temp.resolve("ws"), Map.of(
                "inventory/__init__.py", "",
                "inventory/stock.py", "def add(a, b):\n    return a + b\n",
                "tests/__init__.py", "",
                "tests/test_stock.py", TEST_FILE), Map.of(
                "inventory/env.py", Path.of("/proc/self/environ"),
                "inventory/host.py", host));
        Path event = Files.writeString(temp.resolve("event.json"), """
                {"action":"synchronize","number":7,
                 "pull_request":{"number":7,"head":{"sha":"%s","repo":{"full_name":"acme/inventory"}},
                                 "base":{"sha":"2222222222222222222222222222222222222222","repo":{"full_name":"acme/inventory"}}},
                 "repository":{"full_name":"acme/inventory"}}
                """.formatted(HEAD));
        Path work = Files.createDirectories(temp.resolve("work"));
        Map<String, String> env = new HashMap<>();
        for (String kept : List.of("PATH", "HOME", "LANG", "JAVA_HOME", "DOCKER_HOST", "DOCKER_CONFIG")) {
            String value = System.getenv(kept);
            if (value != null) {
                env.put(kept, value);
            }
        }
        env.putAll(SECRETS);
        env.put("GITHUB_ACTIONS", "true");
        env.put("GITHUB_REPOSITORY", "acme/inventory");
        env.put("GITHUB_EVENT_NAME", "pull_request");
        env.put("GITHUB_EVENT_PATH", event.toString());
        env.put("GITHUB_WORKSPACE", ws.toString());
        env.put("GITHUB_SHA", "3333333333333333333333333333333333333333");
        env.put("GITHUB_API_URL", gh.baseUrl());
        env.put("GITHUB_SERVER_URL", "https://github.example");
        env.put("GITHUB_OUTPUT", temp.resolve("output").toString());
        env.put("GITHUB_STEP_SUMMARY", temp.resolve("summary").toString());
        env.put("INPUT_MODE", "comment");
        env.put("INPUT_FAIL-ON", "never");
        env.put("INPUT_SANDBOX", sandbox);
        env.put("INPUT_RERUNS", "0");
        env.put("INPUT_TIMEOUT", "8m");
        env.put("INPUT_WORK-DIR", work.toString());
        env.putAll(extra);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "-Djava.io.tmpdir=" + work, "-cp",
                System.getProperty("java.class.path"), Main.class.getName(), "action")
                .directory(ws.toFile()).redirectOutput(temp.resolve("stdout").toFile())
                .redirectError(temp.resolve("stderr").toFile());
        pb.environment().clear();
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(9, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("repofix action did not finish in 9 minutes");
        }
        return new Action(p.exitValue(), Files.readString(temp.resolve("stdout")), Files.readString(temp.resolve("stderr")),
                ws.resolve("repofix-out"), List.of(temp.resolve("output"), temp.resolve("summary")));
    }

    /** One {@code repofix action} process: its exit code, console and every file it wrote. */
    private record Action(int exitCode, String stdout, String stderr, Path out, List<Path> extraFiles) {
        JsonNode report() throws IOException {
            Path report = out.resolve("report.json");
            assertThat(report).as("exit " + exitCode + ", stderr:\n" + stderr).isRegularFile();
            return new ObjectMapper().readTree(Files.readString(report));
        }

        /** Path to text of every file under {@code out} and the action's output and summary files; stderr too. */
        Map<String, String> files() throws IOException {
            Map<String, String> out = new LinkedHashMap<>();
            List<Path> all = new ArrayList<>(extraFiles);
            try (Stream<Path> walk = Files.walk(this.out)) {
                all.addAll(walk.filter(Files::isRegularFile).toList());
            }
            for (Path f : all) {
                if (Files.isRegularFile(f)) {
                    out.put(f.toString(), new String(Files.readAllBytes(f), StandardCharsets.UTF_8));
                }
            }
            out.put("stderr", stderr);
            return out;
        }
    }
}
