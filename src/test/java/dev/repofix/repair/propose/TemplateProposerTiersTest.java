package dev.repofix.repair.propose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.repofix.repair.templates.LineEdit;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 32's families come after every edit of the others, which keep the order they had. */
class TemplateProposerTiersTest {
    private static TemplateProposer.Proposal p(String template, int line, String text) {
        return new TemplateProposer.Proposal(template, "A.java", new LineEdit(line, text, text), text);
    }

    private static TemplateProposer.Proposal py(String template, int line, String text) {
        return new TemplateProposer.Proposal(template, "pkg/a.py", new LineEdit(line, text, text), text);
    }

    @Test
    void newFamiliesComeAfterEveryEditOfTheOthers() {
        List<TemplateProposer.Proposal> line1 = List.of(p("relational-op", 1, "a"), p("insert-statement", 1, "b"),
                p("off-by-one", 1, "c"));
        List<TemplateProposer.Proposal> line2 = List.of(p("wrap-call", 2, "d"));
        List<TemplateProposer.Proposal> line3 = List.of(p("negate-condition", 3, "e"), p("receiver", 3, "f"));

        List<TemplateProposer.Proposal> ordered = TemplateProposer.tiered(List.of(line1, line2, line3));

        // today's: line 1 and line 3 (line 2 had none) along diagonals, as before issue 32
        assertThat(ordered).extracting(x -> x.edit().replacement()).containsExactly("a", "c", "e", "b", "d", "f");
    }

    @Test
    void pythonNewFamiliesComeAfterEveryEditOfTheOthers() {
        List<TemplateProposer.Proposal> line1 = List.of(py("relational-op", 1, "a"), py("type-test", 1, "b"),
                py("swap-names", 1, "c"), py("off-by-one", 1, "d"));
        List<TemplateProposer.Proposal> line2 = List.of(py("missing-jump", 2, "e"), py("compound-op", 2, "f"));
        List<TemplateProposer.Proposal> line3 = List.of(py("wrong-variable", 3, "g"), py("insert-statement", 3, "h"));

        List<TemplateProposer.Proposal> ordered = TemplateProposer.tiered(List.of(line1, line2, line3));

        assertThat(ordered).extracting(x -> x.edit().replacement())
                .containsExactly("a", "d", "g", "b", "c", "e", "f", "h");
    }

    @Test
    void javaMissingJumpStaysInTheFirstTier() {
        List<TemplateProposer.Proposal> line1 = List.of(p("missing-jump", 1, "a"), p("insert-statement", 1, "b"));
        List<TemplateProposer.Proposal> line2 = List.of(p("relational-op", 2, "c"));

        List<TemplateProposer.Proposal> ordered = TemplateProposer.tiered(List.of(line1, line2));

        assertThat(ordered).extracting(x -> x.edit().replacement()).containsExactly("a", "c", "b");
    }
}
