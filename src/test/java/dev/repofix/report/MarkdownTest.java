package dev.repofix.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.time.Duration;
import java.util.List;
import org.commonmark.ext.autolink.AutolinkExtension;
import org.commonmark.ext.autolink.AutolinkType;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.parser.Parser;
import org.commonmark.renderer.html.HtmlRenderer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MarkdownTest {
    /** GitHub's tables and URL autolinks (e-mail ones: see {@link HostileTextTest#GFM}). */
    private static final List<org.commonmark.Extension> GFM = List.of(TablesExtension.create(),
            AutolinkExtension.builder().linkTypes(AutolinkType.URL, AutolinkType.WWW).build());
    private static final Parser PARSER = Parser.builder().extensions(GFM).build();
    private static final HtmlRenderer HTML = HtmlRenderer.builder().extensions(GFM).build();

    private static String html(String markdown) {
        return HTML.render(PARSER.parse(markdown));
    }

    @Test
    void aFenceIsLongerThanAnyBacktickRunInside() {
        String block = Markdown.fence("", "a\n```\n````\nb");

        assertThat(block).startsWith("~~~\n");
        assertThat(html(block + "after")).isEqualTo("<pre><code>a\n```\n````\nb\n</code></pre>\n<p>after</p>\n");
    }

    @Test
    void aFenceTakesTheCharacterWithTheShorterRunsInside() {
        String block = Markdown.fence("diff", "```\n~~~~~\n");

        assertThat(block).isEqualTo("````diff\n```\n~~~~~\n````\n");
        assertThat(html(block)).isEqualTo("<pre><code class=\"language-diff\">```\n~~~~~\n</code></pre>\n");
    }

    @Test
    void aSuggestionsFenceIsOfBackticksLongerThanAnyRunInside() {
        assertThat(Markdown.backtickFence("suggestion", "```\n")).isEqualTo("````suggestion\n```\n````\n");
    }

    @Test
    void aFenceKeepsTheLinesExactlyForASuggestion() {
        assertThat(Markdown.fence("suggestion", "")).isEqualTo("```suggestion\n```\n");
        assertThat(Markdown.fence("suggestion", "\n")).isEqualTo("```suggestion\n\n```\n");
        assertThat(Markdown.fence("suggestion", "  x  \n\n")).isEqualTo("```suggestion\n  x  \n\n```\n");
    }

    /** The fence used to be grown one backtick at a time, each time searching the body: quadratic. */
    @Test
    void aFenceOverManyBackticksTakesLinearTimeAndSpace() {
        String body = "`".repeat(300_000) + "\n" + "~".repeat(300_000);

        String block = assertTimeoutPreemptively(Duration.ofSeconds(5), () -> Markdown.fence("", body));

        assertThat(block.length()).isLessThanOrEqualTo(body.length() + 2 * 300_001 + 3);
    }

    @Test
    void aCodeSpanCannotBeClosedByTheTextInside() {
        String id = "tests/test_x.py::test_take[`a`-``b``]";

        String span = Markdown.code(id, 200);

        assertThat(span).isEqualTo("```" + id + "```");
        assertThat(html("x " + span + " y")).isEqualTo("<p>x <code>" + id + "</code> y</p>\n");
        assertThat(html(Markdown.code("`", 10))).isEqualTo("<p><code>`</code></p>\n");
    }

    @Test
    void aCodeSpanIsOneLineSoNoBlockCanInterruptIt() {
        assertThat(html(Markdown.code("a\n# b\n\n```", 100))).isEqualTo("<p><code>a # b ```</code></p>\n");
    }

    @Test
    void aCodeSpanInATableCellKeepsItsPipes() {
        String table = "| a |\n|---|\n| " + Markdown.codeInCell("x || y", 50) + " |\n| "
                + Markdown.codeInCell("back\\|slash", 50) + " |\n";

        assertThat(html(table)).contains("<td><code>x || y</code></td>").contains("<td>back\\|slash</td>")
                .doesNotContain("<td></td>");
    }

    @ParameterizedTest
    @ValueSource(strings = {"# heading", "### repofix: valid patch found", "> quote", "- item", "+ item", "* item",
            "1. item", "12) item", "---", "***", "___", "===", "    indented", "\tindented", "```", "~~~",
            "<details>", "</details>", "<script>alert(1)</script>", "<!-- c -->", "[x](http://evil)",
            "![img](http://evil/a.png)", "<http://evil>", "www.evil.example", "http://evil.example/x",
            "**bold** _em_ ~~gone~~", "`code`", "| a | b |", "[ref]: http://evil", "&lt;b&gt; &#64;", "a  ",
            "$x^2$", "\\", "[^1]", "- [ ] task", "x_y_ a*b*c"})
    void textIsOnlyTextWhereverALineStarts(String s) {
        // An indented line is code in prose (proseShowsAnIndentedBlockAsCodeThatNoLineInsideCloses).
        List<String> proses = s.startsWith("    ") || s.startsWith("\t") ? List.of()
                : List.of(Markdown.prose(s, 100), "x\n" + Markdown.prose(s, 100));
        List<String> outputs = new java.util.ArrayList<>(List.of(Markdown.text(s), "> " + Markdown.text(s),
                "- " + Markdown.text(s), "| h |\n|---|\n| " + Markdown.cell(s) + " |"));
        outputs.addAll(proses);
        for (String markdown : outputs) {
            String html = html(markdown);
            String inner = html.replaceFirst("^(<blockquote>\\n)?(<ul>\\n<li>)?(<p>)?", "")
                    .replaceFirst("(</p>)?\\n?(</li>\\n</ul>)?\\n?(</blockquote>)?\\n?$", "");
            if (markdown.startsWith("| h |")) {
                assertThat(html).as(markdown).startsWith("<table>").containsOnlyOnce("<td>");
                continue;
            }
            assertThat(inner).as(markdown).doesNotContain("<h", "<a ", "<img", "<code", "<pre", "<em", "<strong",
                    "<table", "<hr", "<li", "<blockquote", "<br");
        }
    }

    @Test
    void anUnderscoreInsideAWordStaysAsItIs() {
        assertThat(Markdown.text("test_take_all TESTS_FAIL _em_ a_ _b")).isEqualTo(
                "test_take_all TESTS_FAIL \\_em\\_ a\\_ \\_b");
        assertThat(html(Markdown.text("snake_case_name _em_"))).isEqualTo("<p>snake_case_name _em_</p>\n");
    }

    @Test
    void onlyWhatCouldOpenATagOrAnEntityIsEscaped() {
        assertThat(Markdown.text("expected: <0> but was: <100> && a < b &x; &#64; <b> </i> <!-- <?x")).isEqualTo(
                "expected: <0> but was: <100> && a < b \\&x; \\&#\u200D64; \\<b> \\</i> \\<!-- \\<?x");
    }

    @Test
    void htmlInTextIsShownNotRendered() {
        assertThat(html(Markdown.text("<script>alert(1)</script> & <b>"))).isEqualTo(
                "<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;</p>\n");
    }

    @Test
    void mentionsIssueReferencesAndAutolinksAreBrokenByAZeroWidthJoiner() {
        String text = Markdown.text("cc @org/team, admin@evil.example, #12, !3, http://evil, WWW.evil.example");

        assertThat(text).isEqualTo("cc @\u200Dorg/team, admin@\u200Devil.example, #\u200D12, !\u200D3,"
                + " http:\u200D//evil, WWW\u200D.evil.example");
        assertThat(html(text)).doesNotContain("<a ");
        assertThat(text).doesNotContainPattern("@[A-Za-z0-9]");
    }

    @Test
    void aCandidatesDescriptionShowsItsMarkedPiecesAsCodeAndTheRestAsText() {
        assertThat(html(Markdown.textWithCode("`v <= hi` -> `v < hi`", 200)))
                .isEqualTo("<p><code>v &lt;= hi</code> -&gt; <code>v &lt; hi</code></p>\n");
        // A piece holding backticks, a link and a heading after it, an unpaired backtick: still only code and text.
        String hostile = "`a`b` -> [x](http://evil) ### <img src=x> `@org/team` `unpaired";
        String html = html(Markdown.textWithCode(hostile, 200));
        assertThat(html).doesNotContain("<a ", "<img", "<h3");
        assertThat(html(Markdown.textWithCode("# `x` *y*", 200))).isEqualTo("<p># <code>x</code> *y*</p>\n");
        String cell = "| h |\n|---|\n| " + Markdown.cellWithCode("`a || b` -> `a && b`", 200) + " |";
        assertThat(html(cell)).contains("<td><code>a || b</code> -&gt; <code>a &amp;&amp; b</code></td>");
    }

    @Test
    void proseShowsAnIndentedBlockAsCodeThatNoLineInsideCloses() {
        String prose = Markdown.prose("Trace:\n    at a.B(B.java:3)\n    ```\n\n    </details>\n    ### repofix: valid\n"
                + "\n\n# not a heading\n  two spaces", 500);

        assertThat(html(prose)).isEqualTo("<p>Trace:</p>\n<pre><code>at a.B(B.java:3)\n```\n\n&lt;/details&gt;\n"
                + "### repofix: valid\n</code></pre>\n<p># not a heading<br />\n\u00A0\u00A0two spaces</p>\n");
    }

    @Test
    void controlCharactersAreRemovedOrMadeVisible() {
        String raw = "a\u0000b \u001B[1;31mred\u001B[0m \u001B]8;;http://evil\u0007link\u001B]8;;\u0007 \u202Egnp\u202C"
                + " \u2066x\u2069 \u200E\u200F\u061C \u0085 \u007F\r\nnext\rlast\ttab";

        assertThat(Markdown.visible(raw)).isEqualTo("a\u2400b red link \uFFFDgnp\uFFFD \uFFFDx\uFFFD \uFFFD\uFFFD\uFFFD"
                + " \uFFFD \u2421\nnext\nlast\ttab");
    }

    @Test
    void anUnterminatedEscapeSequenceLosesOnlyItsIntroducer() {
        assertThat(Markdown.visible("x\u001B]no end\nkept \u001B")).isEqualTo("xno end\nkept ");
        assertThat(Markdown.visible("\u001B[31")).isEmpty();
    }

    @Test
    void longTextIsCutToItsCapWithAMark() {
        assertThat(Markdown.text("x".repeat(300), 100)).isEqualTo("x".repeat(97) + "...");
        assertThat(Markdown.code("y".repeat(300), 10)).isEqualTo("`yyyyyyy...`");
        assertThat(Markdown.cut("ab\uD83D\uDE00cdef", 6)).isEqualTo("ab...");
    }

    @Test
    void escapingEveryKindOfInputStaysLinear() {
        String hostile = ("`*_[]<&|~$@#1!2://www.\n- > # 1. ").repeat(40_000);

        assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
            assertThat(Markdown.prose(hostile, Integer.MAX_VALUE).length()).isLessThan(3 * hostile.length());
            assertThat(Markdown.text(hostile).length()).isLessThan(3 * hostile.length());
            assertThat(Markdown.oneLine(" ".repeat(200_000) + "x")).isEqualTo("x");
        });
    }
}
